import { resolve } from 'node:path';
import { freePort } from '../../free-port';
import { alternatingPairs } from '../cpu-pairs';
import { Target } from '../load';
import { BenchFeature, Timed, Verdict } from '../scenario';
import { median } from '../settings';
import { passFail } from '../verdicts';

/** Pairs of slices, each side loaded alone for one slice of a pair (see below). */
const PAIRS = 24;
const SLICE_MS = 1_000;

/**
 * Issue 29: what recording the metrics costs a request. One process serves the service twice
 * (metrics-pair-server.ts): with metrics recorded, and without (METRICS_ENABLED=false: nothing
 * recorded per request, no metrics port). Both have their notification worker off, so neither takes
 * the main service's e-mail. The cheapest authenticated request, where a fixed per-request cost
 * weighs most, is loaded on one side at a time in slices of SLICE_MS; each pair of slices gives the
 * ratio of the process's CPU per request with and without, and the verdict is the median of the
 * pairs. The side that goes first alternates (on first, off first, off first, on first, ...), so a
 * drift of the machine within a pair cancels over two pairs.
 *
 * What this leaves out: the process-wide sampling of the process metrics runs for both sides (a
 * 10 ms event-loop-delay timer; the rest is read when scraped). Measured earlier with separate
 * processes (the previous design of this measure), identically configured processes differed by
 * 7-13 % of CPU per request for as long as they ran, and six sets of fresh ones gave +1.0 to +3.2 %
 * for the same code: a measure that could not see 2 %.
 */
export const metrics: BenchFeature = {
  name: 'metrics overhead',
  prepare({ readConcurrency, startService }) {
    return {
      timed: async (): Promise<Timed> => {
        const withoutPort = await freePort();
        const pair = await startService(
          { METRICS_ENABLED: 'true', METRICS_PORT: '0', NOTIFY_WORKER_ENABLED: 'false', PORT_WITHOUT_METRICS: String(withoutPort) },
          resolve(__dirname, '../metrics-pair-server.js'),
        );
        try {
          const on = pair.target;
          const off: Target = { ...on, port: withoutPort };
          const samples = await alternatingPairs('metrics', pair.pid, on, off, { concurrency: readConcurrency, pairs: PAIRS, sliceMs: SLICE_MS });
          return { samples };
        } finally {
          await pair.stop();
        }
      },
    };
  },
  verdicts(m): Verdict[] {
    const title = 'recording metrics: service CPU per GET /api/auth/me +< 2 %, one process serving both';
    const timed = m.timed('metrics overhead');
    if (!timed) return [{ label: title, status: 'SKIPPED', detail: 'not selected (BENCH_ONLY)' }];
    const ratios = timed.samples.ratio ?? [];
    if (ratios.length === 0) return [{ label: title, status: 'NOT MEASURED', detail: timed.failed ?? 'no samples' }];
    const cost = median(ratios) - 1;
    const shown = ratios.map((ratio) => ratio.toFixed(3)).join(', ');
    return [{ label: `${title} (${ratios.length} pairs of slices)`, status: passFail(cost < 0.02), detail: `on/off ${shown}: ${(cost * 100).toFixed(1)} %` }];
  },
};
