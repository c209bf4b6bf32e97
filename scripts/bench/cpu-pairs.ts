import { readdirSync, readFileSync } from 'node:fs';
import { runLoad, Target } from './load';
import { log, SETTINGS } from './settings';

/**
 * CPU time all the process's threads have run so far, in nanoseconds (the first field of each
 * thread's /proc schedstat). /proc/<pid>/stat counts in ticks of 10 ms, too coarse for one-second slices.
 */
export function cpuNs(pid: number): number {
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

const ME = { method: 'GET' as const, path: '/api/auth/me' };

/** The process's CPU time per request while `target` alone is loaded for `durationMs`, in microseconds. */
export async function cpuPerRequest(pid: number, target: Target, concurrency: number, durationMs: number): Promise<{ microseconds: number; requests: number }> {
  const before = cpuNs(pid);
  const result = await runLoad(target, { concurrency, durationMs, next: () => ME });
  if (result.errors > 0 || result.requests === 0) throw new Error(`GET /api/auth/me answered ${result.errors} errors of ${result.requests}`);
  return { microseconds: (cpuNs(pid) - before) / 1000 / result.requests, requests: result.requests };
}

/**
 * One process (`pid`) serving the service twice, `on` and `off` differing in one thing: `GET
 * /api/auth/me` is loaded on one side at a time in `pairs` pairs of slices of `sliceMs`, and each pair
 * gives the ratio of the process's CPU per request on and off. The side that goes first alternates
 * (on first, off first, off first, on first, ...), so a drift of the machine within a pair cancels
 * over two pairs. Samples: `onMicroseconds`, `offMicroseconds`, `ratio`.
 */
export async function alternatingPairs(
  label: string,
  pid: number,
  on: Target,
  off: Target,
  { concurrency, pairs, sliceMs }: { concurrency: number; pairs: number; sliceMs: number },
): Promise<Record<string, number[]>> {
  const warmUp = (target: Target) => runLoad(target, { concurrency, durationMs: (SETTINGS.warmupSeconds * 1000) / 2, next: () => ME });
  for (const target of [on, off, on, off]) await warmUp(target);
  const samples: Record<string, number[]> = { onMicroseconds: [], offMicroseconds: [], ratio: [] };
  for (let index = 0; index < pairs; index++) {
    const measure = (target: Target) => cpuPerRequest(pid, target, concurrency, sliceMs);
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
      `  ${label} pair ${index + 1}: ${withCost.microseconds.toFixed(1)} µs CPU per request on (${withCost.requests} requests), ` +
        `${withoutCost.microseconds.toFixed(1)} µs off (${withoutCost.requests})`,
    );
  }
  return samples;
}
