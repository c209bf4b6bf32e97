import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { solve } from '../../src/schedule-solver';
import { cttToProblem, parseCtt, resultToSolution, validateSolution } from '../../src/schedule-solver/itc2007';
import { annealBaseline } from './anneal-baseline';

/**
 * `npm run bench:solver`: the 21 ITC 2007 track 3 instances from `../shared/itc2007/`, one after
 * another on one core, each for SOLVER_SECONDS (60) with SOLVER_SEED (1); BENCH_ONLY=comp01,comp05
 * picks some; ITC2007_DIR reads the instances elsewhere; SOLVER_CLOCK=cpu counts the seconds in the
 * process's own CPU time instead of the wall clock (on a shared machine, a minute of one core). Prints hard violations and the cost as the validator counts them beside the published
 * results; exits 1 when any instance is left infeasible. BENCH_ONLY may name instances beyond the
 * competition's (the generated ones of `generate-ctt.ts`, read from ITC2007_DIR); BENCH_BASELINE=1
 * runs the plain annealing of `anneal-baseline.ts` on each instance too, for the same seconds.
 */
const PUBLISHED: Record<string, [bestKnown: number, winnerAverage: number]> = {
  comp01: [5, 5.0],
  comp02: [24, 61.3],
  comp03: [66, 94.8],
  comp04: [35, 42.8],
  comp05: [290, 343.5],
  comp06: [27, 56.8],
  comp07: [6, 33.9],
  comp08: [37, 46.5],
  comp09: [96, 113.1],
  comp10: [4, 21.3],
  comp11: [0, 0.0],
  comp12: [300, 351.6],
  comp13: [59, 73.9],
  comp14: [51, 61.8],
  comp15: [66, 94.8],
  comp16: [18, 41.2],
  comp17: [56, 86.6],
  comp18: [62, 91.7],
  comp19: [57, 68.8],
  comp20: [4, 34.3],
  comp21: [75, 108.0],
};

function main(): void {
  const dir = process.env.ITC2007_DIR ?? join(__dirname, '..', '..', '..', 'shared', 'itc2007');
  if (!existsSync(dir)) throw new Error(`No instances in ${dir}`);
  const seconds = Number(process.env.SOLVER_SECONDS ?? 60);
  const seed = Number(process.env.SOLVER_SEED ?? 1);
  const cpu = process.env.SOLVER_CLOCK === 'cpu';
  const now = cpu ? (): number => process.cpuUsage().user / 1000 : (): number => performance.now();
  const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((s) => s.trim())) : null;
  const names = only ? [...only] : Object.keys(PUBLISHED);
  const baseline = process.env.BENCH_BASELINE === '1';
  console.log(`ITC 2007 track 3: ${names.length} instances, ${seconds} s each${cpu ? ' of CPU time' : ''}, seed ${seed}`);
  // The CPU seconds each instance got: on a shared machine a minute of the wall clock is less than a minute of one core.
  console.log(`instance  hard   cost  best known  winner avg  ratio to best  iterations  cpu s${baseline ? '  baseline hard  baseline cost' : ''}`);
  let sumCost = 0;
  let sumBest = 0;
  let sumWinner = 0;
  let infeasible = 0;
  let overLimit = 0;
  for (const name of names) {
    const instance = parseCtt(readFileSync(join(dir, `${name}.ctt`), 'utf8'));
    const problem = cttToProblem(instance);
    const cpuBefore = process.cpuUsage().user;
    const result = solve(problem, { mode: 'GENERATE', seed, timeLimitMs: seconds * 1000, now });
    const cpuSeconds = (process.cpuUsage().user - cpuBefore) / 1e6;
    const check = validateSolution(instance, resultToSolution(instance, problem, result));
    const [best, winner] = PUBLISHED[name] ?? [NaN, NaN];
    if (check.hard.total > 0) infeasible++;
    if (check.soft.total > 2 * best + 15) overLimit++;
    let plain = '';
    if (baseline) {
      const other = validateSolution(instance, annealBaseline(instance, seconds, seed, now));
      plain = `${String(other.hard.total).padStart(15)}${String(other.soft.total).padStart(15)}`;
    }
    sumCost += check.soft.total;
    if (!Number.isNaN(best)) sumBest += best;
    if (!Number.isNaN(winner)) sumWinner += winner;
    const ratio = best > 0 ? (check.soft.total / best).toFixed(2) : '-';
    const known = Number.isNaN(best) ? '-' : String(best);
    console.log(
      `${name.padEnd(8)}${String(check.hard.total).padStart(6)}${String(check.soft.total).padStart(7)}${known.padStart(12)}${(Number.isNaN(winner) ? '-' : winner.toFixed(1)).padStart(12)}${ratio.padStart(15)}${String(result.iterations).padStart(12)}${cpuSeconds.toFixed(1).padStart(7)}${plain}`,
    );
  }
  console.log(`sum     ${String(infeasible).padStart(6)}${String(sumCost).padStart(7)}${String(sumBest).padStart(12)}${sumWinner.toFixed(1).padStart(12)}`);
  console.log(`infeasible instances: ${infeasible}; above twice the best known plus 15: ${overLimit}`);
  if (infeasible > 0) process.exitCode = 1;
}

main();
