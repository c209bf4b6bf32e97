import { resolve } from 'node:path';
import { freePort } from '../../free-port';
import { alternatingPairs } from '../cpu-pairs';
import { Target } from '../load';
import { BenchFeature, Timed, Verdict } from '../scenario';
import { median } from '../settings';

const PAIRS = 24;
const SLICE_MS = 1_000;

/**
 * Issue 46: what a part of every request costs `GET /api/auth/me`, measured as the metrics are (one
 * process serving both sides, alternating one-second slices, CPU per request; switch-pair-server.ts):
 * `passport` is the JWT guard over passport-jwt against the direct verification of before, `helmet`
 * the security headers against none. Shown, not judged: the issue asks for the figure, not a bound.
 */
function switchPair(name: string, which: 'passport' | 'helmet', what: string): BenchFeature {
  return {
    name,
    prepare({ readConcurrency, startService }) {
      return {
        timed: async (): Promise<Timed> => {
          const offPort = await freePort();
          const pair = await startService(
            { PAIR_SWITCH: which, PORT_OFF: String(offPort), METRICS_ENABLED: 'false', NOTIFY_WORKER_ENABLED: 'false', OPTIMIZATION_WORKER_ENABLED: 'false' },
            resolve(__dirname, '../switch-pair-server.js'),
          );
          try {
            const off: Target = { ...pair.target, port: offPort };
            return { samples: await alternatingPairs(which, pair.pid, pair.target, off, { concurrency: readConcurrency, pairs: PAIRS, sliceMs: SLICE_MS }) };
          } finally {
            await pair.stop();
          }
        },
      };
    },
    verdicts(m): Verdict[] {
      const title = `${what}: service CPU per GET /api/auth/me, one process serving both`;
      const timed = m.timed(name);
      if (!timed) return [{ label: title, status: 'SKIPPED', detail: 'not selected (BENCH_ONLY)' }];
      const ratios = timed.samples.ratio ?? [];
      if (ratios.length === 0) return [{ label: title, status: 'NOT MEASURED', detail: timed.failed ?? 'no samples' }];
      const on = median(timed.samples.onMicroseconds ?? []);
      const off = median(timed.samples.offMicroseconds ?? []);
      const cost = median(ratios) - 1;
      return [
        {
          label: `${title} (${ratios.length} pairs of slices)`,
          status: 'PASS',
          detail: `median ${on.toFixed(1)} µs against ${off.toFixed(1)} µs; median of the pairs' ratios ${cost >= 0 ? '+' : ''}${(cost * 100).toFixed(1)} %`,
        },
      ];
    },
  };
}

export const passportCost = switchPair('passport cost', 'passport', 'JWT guard over passport-jwt against the direct check of before');
export const helmetCost = switchPair('helmet cost', 'helmet', 'security headers (helmet) against none');
