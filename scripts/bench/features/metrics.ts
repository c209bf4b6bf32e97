import { readFileSync } from 'node:fs';
import { LoadRequest, runLoad, Target } from '../load';
import { BenchFeature, Timed, Verdict } from '../scenario';
import { log, median, SETTINGS } from '../settings';
import { passFail } from '../verdicts';

const ROUNDS = 5;
/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time the process has used so far, in milliseconds (user + system, from /proc). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces, so it is skipped to its closing parenthesis).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * Loads both services at once, each with `concurrency` connections, for the benchmark's seconds (after
 * its warm-up); answers each one's own CPU time per request. At the same moment both meet the same
 * machine: whatever else it does falls on both alike.
 */
async function cpuPerRequestSideBySide(services: { target: Target; pid: number }[], concurrency: number): Promise<{ microseconds: number; rps: number }[]> {
  const next = () => (): LoadRequest => ({ method: 'GET', path: '/api/auth/me' });
  await Promise.all(services.map((service) => runLoad(service.target, { concurrency, durationMs: SETTINGS.warmupSeconds * 1000, next: next() })));
  const before = services.map((service) => cpuMs(service.pid));
  const results = await Promise.all(services.map((service) => runLoad(service.target, { concurrency, durationMs: SETTINGS.seconds * 1000, next: next() })));
  return services.map((service, index) => {
    const result = results[index];
    if (result.errors > 0 || result.requests === 0) throw new Error(`GET /api/auth/me answered ${result.errors} errors of ${result.requests}`);
    return { microseconds: ((cpuMs(service.pid) - before[index]) * 1000) / result.requests, rps: result.rps };
  });
}

/**
 * Issue 29: what recording the metrics costs a request. Two fresh service processes on the same
 * database differ only in METRICS_ENABLED (off: nothing recorded per request, no process sampling, no
 * metrics port); both have their notification worker off, so neither takes the main service's e-mail.
 * The cheapest authenticated request, where a fixed per-request cost weighs most, is loaded on both at
 * the same time (half the read concurrency each), and what is compared is each process's own CPU time
 * per request, round by round, by the median of the rounds' ratios. Loaded one after the other, the
 * same two processes differed by -6 to +13 % between rounds (throughput by ±10 %): a machine's drift
 * between two measurements is larger than the 2 % looked for.
 */
export const metrics: BenchFeature = {
  name: 'metrics overhead',
  async prepare({ readConcurrency, startService }) {
    const on = await startService({ METRICS_ENABLED: 'true', METRICS_PORT: '0', NOTIFY_WORKER_ENABLED: 'false' });
    const off = await startService({ METRICS_ENABLED: 'false', NOTIFY_WORKER_ENABLED: 'false' });
    return {
      timed: async (): Promise<Timed> => {
        const samples: Timed['samples'] = { onMicroseconds: [], offMicroseconds: [], ratio: [] };
        for (let round = 1; round <= ROUNDS; round++) {
          const [withMetrics, without] = await cpuPerRequestSideBySide([on, off], readConcurrency / 2);
          samples.onMicroseconds.push(withMetrics.microseconds);
          samples.offMicroseconds.push(without.microseconds);
          samples.ratio.push(withMetrics.microseconds / without.microseconds);
          log(`  metrics round ${round}: ${withMetrics.microseconds.toFixed(0)} µs CPU per request on (${withMetrics.rps.toFixed(0)} rps), ${without.microseconds.toFixed(0)} µs off (${without.rps.toFixed(0)} rps)`);
        }
        return { samples };
      },
    };
  },
  verdicts(m): Verdict[] {
    const title = 'recording metrics: service CPU per GET /api/auth/me +< 2 %';
    const timed = m.timed('metrics overhead');
    if (!timed) return [{ label: title, status: 'SKIPPED', detail: 'not selected (BENCH_ONLY)' }];
    const ratios = timed.samples.ratio ?? [];
    if (ratios.length === 0) return [{ label: title, status: 'NOT MEASURED', detail: timed.failed ?? 'no samples' }];
    const cost = median(ratios) - 1;
    const shown = ratios.map((ratio) => ratio.toFixed(3)).join(', ');
    return [{ label: `${title} (${ratios.length} rounds)`, status: passFail(cost < 0.02), detail: `on/off ${shown}: ${(cost * 100).toFixed(1)} %` }];
  },
};
