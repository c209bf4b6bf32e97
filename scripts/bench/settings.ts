import { BENCH_SCALE, LARGE_BENCH_SCALE, UniversityScale } from '../seed/university-scale';

/**
 * The benchmark's settings (environment) and the small helpers every part uses.
 *
 * BENCH_SECONDS (8) per scenario after BENCH_WARMUP_SECONDS (2), BENCH_READ_CONCURRENCY (16),
 * BENCH_WRITE_CONCURRENCY (1), BENCH_ONLY (measure only the scenarios whose name contains it, or one of
 * its comma-separated parts), BENCH_SCALE (`large`: the 600-group university of issue 16).
 */
function setting(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) throw new Error(`${name} must be a number in ${min}..${max}`);
  return value;
}

export const SETTINGS = {
  seconds: setting('BENCH_SECONDS', 8, 1, 120),
  warmupSeconds: setting('BENCH_WARMUP_SECONDS', 2, 0, 60),
  readConcurrency: setting('BENCH_READ_CONCURRENCY', 16, 1, 256),
  writeConcurrency: setting('BENCH_WRITE_CONCURRENCY', 1, 1, 64),
};

/** BENCH_ONLY: whether a scenario (or a feature's timed part) of this name is measured. */
export function selected(name: string, only = process.env.BENCH_ONLY): boolean {
  return !only || only.split(',').some((part) => name.includes(part.trim()));
}

export function log(message: string): void {
  process.stdout.write(`${message}\n`);
}

/** The median of the samples, the mean of the middle two when their number is even (NaN when there are none, which a verdict reports as not measured). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** `BENCH_SCALE=large` seeds LARGE_BENCH_SCALE (600 groups, 10,080 rules); anything else the default. */
export function chosenScale(): { name: string; scale: UniversityScale } {
  const requested = process.env.BENCH_SCALE?.trim().toLowerCase();
  if (requested === 'large') return { name: 'large', scale: LARGE_BENCH_SCALE };
  if (requested && requested !== 'default') throw new Error('BENCH_SCALE must be "large" or "default"');
  return { name: 'default', scale: BENCH_SCALE };
}
