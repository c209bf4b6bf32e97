import { LoadRequest } from '../load';
import { BenchFeature, Outcome, Scenario, Verdict } from '../scenario';
import { overheadBelow } from '../verdicts';

const ROUNDS = 5;
const name = (recording: boolean, round: number) => `GET /api/auth/me, metrics ${recording ? 'on' : 'off'} (round ${round})`;

/**
 * Issue 29: what recording the metrics costs a request. Two fresh service processes on the same
 * database differ only in METRICS_ENABLED (off: nothing recorded per request, no process sampling, no
 * metrics port); both have their notification worker off, so neither takes the main service's e-mail,
 * and neither served anything before. The cheapest authenticated request, where a fixed per-request
 * cost weighs most, is loaded on both in alternating rounds, so that a drift of the machine's speed
 * during the run falls on both sides alike. The overhead is one minus the median of the rounds'
 * on/off throughput ratios.
 */
export const metrics: BenchFeature = {
  name: 'metrics overhead',
  async prepare({ readConcurrency, startService }) {
    const on = await startService({ METRICS_ENABLED: 'true', METRICS_PORT: '0', NOTIFY_WORKER_ENABLED: 'false' });
    const off = await startService({ METRICS_ENABLED: 'false', NOTIFY_WORKER_ENABLED: 'false' });
    const me = () => () => ({ method: 'GET', path: '/api/auth/me' }) as LoadRequest;
    const scenarios: Scenario[] = [];
    // On-off, off-on, on-off, ...: a steady drift of the machine (warming up, other work) favours
    // neither side.
    for (let round = 1; round <= ROUNDS; round++) {
      const pair = [
        { name: name(true, round), concurrency: readConcurrency, target: on, requests: me },
        { name: name(false, round), concurrency: readConcurrency, target: off, requests: me },
      ];
      scenarios.push(...(round % 2 === 1 ? pair : pair.reverse()));
    }
    return { scenarios };
  },
  verdicts(m): Verdict[] {
    const pairs: [Outcome | undefined, Outcome | undefined][] = [];
    for (let round = 1; round <= ROUNDS; round++) pairs.push([m.outcome(name(true, round)), m.outcome(name(false, round))]);
    return [overheadBelow('recording metrics, GET /api/auth/me', pairs, 0.02)];
  },
};
