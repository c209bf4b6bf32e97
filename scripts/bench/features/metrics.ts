import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort } from '../../free-port';
import { runLoad, Target } from '../load';
import { BenchFeature, Timed, Verdict } from '../scenario';
import { log, median, SETTINGS } from '../settings';
import { passFail } from '../verdicts';

/** Pairs of slices, each side loaded alone for one slice of a pair (see below). */
const PAIRS = 24;
const SLICE_MS = 1_000;

/**
 * CPU time all the process's threads have run so far, in nanoseconds (the first field of each
 * thread's /proc schedstat). /proc/<pid>/stat counts in ticks of 10 ms, too coarse for one-second slices.
 */
function cpuNs(pid: number): number {
  let total = 0;
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // A thread that ended meanwhile: its time is no longer counted anywhere, on either side.
    }
  }
  return total;
}

/** The process's CPU time per request while `target` alone is loaded for `durationMs`, in microseconds. */
async function cpuPerRequest(pid: number, target: Target, concurrency: number, durationMs: number): Promise<{ microseconds: number; requests: number }> {
  const before = cpuNs(pid);
  const result = await runLoad(target, { concurrency, durationMs, next: () => ({ method: 'GET', path: '/api/auth/me' }) });
  if (result.errors > 0 || result.requests === 0) throw new Error(`GET /api/auth/me answered ${result.errors} errors of ${result.requests}`);
  return { microseconds: (cpuNs(pid) - before) / 1000 / result.requests, requests: result.requests };
}

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
          const warmUp = (target: Target) => runLoad(target, { concurrency: readConcurrency, durationMs: (SETTINGS.warmupSeconds * 1000) / 2, next: () => ({ method: 'GET', path: '/api/auth/me' }) });
          for (const target of [on, off, on, off]) await warmUp(target);
          const samples: Timed['samples'] = { onMicroseconds: [], offMicroseconds: [], ratio: [] };
          for (let index = 0; index < PAIRS; index++) {
            const measure = (target: Target) => cpuPerRequest(pair.pid, target, readConcurrency, SLICE_MS);
            let withCost, withoutCost;
            if (index % 4 === 0 || index % 4 === 3) {
              withCost = await measure(on);
              withoutCost = await measure(off);
            } else {
              withoutCost = await measure(off);
              withCost = await measure(on);
            }
            samples.onMicroseconds.push(withCost.microseconds);
            samples.offMicroseconds.push(withoutCost.microseconds);
            samples.ratio.push(withCost.microseconds / withoutCost.microseconds);
            log(
              `  metrics pair ${index + 1}: ${withCost.microseconds.toFixed(1)} µs CPU per request on (${withCost.requests} requests), ` +
                `${withoutCost.microseconds.toFixed(1)} µs off (${withoutCost.requests})`,
            );
          }
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
