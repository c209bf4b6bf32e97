import { Client } from 'pg';
import { SeededUniversity } from '../seed/university-seeder';
import { LoadRequest, LoadResult, Target } from './load';

/**
 * What a benchmarked feature is. To add one: write a `BenchFeature` in `features/` and add it to the
 * list in `features/index.ts`; its scenarios are measured, its timed part run and its verdicts printed
 * in the order of that list.
 */

/** A load scenario: a fresh request generator, driven by closed-loop load at `concurrency`. */
export interface Scenario {
  name: string;
  concurrency: number;
  /** A fresh request generator (each call restarts its sequence where that makes sense). */
  requests: () => () => LoadRequest | undefined;
  /**
   * False for a sequence each request of which can be sent once (a feed's first fetch): a warm-up
   * would use up what the measurement needs.
   */
  warmup?: boolean;
  /** Another server to load instead of the service (the bare Express baseline). */
  target?: Target;
}

/** A scenario's result, or why it was not measured. */
export interface Outcome {
  scenario: Scenario;
  result?: LoadResult;
  skipped?: string;
  /** False when BENCH_ONLY left the scenario out (then a missing result is not a failure). */
  selected: boolean;
}

/** Samples of a feature's one-request-at-a-time part, by what was timed, or why it stopped. */
export interface Timed {
  samples: Record<string, number[]>;
  failed?: string;
}

/** What every feature may use while preparing: the service, the seeded data and the tenant database. */
export interface BenchContext {
  target: Target;
  seeded: SeededUniversity;
  /** The scratch tenant database, to find the data a scenario needs (busy cells, busy teachers). */
  db: Client;
  /** The SMTP stand-in the service sends its e-mail to: how many messages arrived, and when the last did. */
  mail: { count: number; lastAt: number };
  readConcurrency: number;
  writeConcurrency: number;
  /** The bare Express baseline (see bare-express.ts). */
  baseline: Target;
  /** The same bare app with Express's request classes (see bare-express.ts), shown, not judged. */
  baselineWithClasses: Target;
  /**
   * Another process of the service on the same database, configured by `env` (stopped with the run, or
   * by `stop`); `script` runs instead of the service's own start (metrics-pair-server.ts).
   */
  startService: (env: Record<string, string>, script?: string) => Promise<{ target: Target; pid: number; stop: () => Promise<void> }>;
}

/** What a feature prepared (before anything is measured). */
export interface Prepared {
  scenarios?: Scenario[];
  /** Requests timed one at a time, run after every load scenario, in the order of the feature list. */
  timed?: () => Promise<Timed>;
}

/** Looks up what was measured, for the verdicts. */
export interface Measurements {
  /** The outcome of the scenario of this name (at this concurrency, if given). */
  outcome(name: string, concurrency?: number): Outcome | undefined;
  /** A feature's timed part: its samples, or undefined when BENCH_ONLY left it out. */
  timed(feature: string): Timed | undefined;
  readConcurrency: number;
  scaleName: string;
}

export type VerdictStatus = 'PASS' | 'FAIL' | 'SKIPPED' | 'NOT MEASURED';

export interface Verdict {
  label: string;
  status: VerdictStatus;
  detail: string;
}

export interface BenchFeature {
  name: string;
  prepare(context: BenchContext): Promise<Prepared> | Prepared;
  /** The feature's targets, judged on what was measured; a heading groups them when given. */
  verdicts?(measured: Measurements): Verdict[];
  heading?: (measured: Measurements) => string;
}
