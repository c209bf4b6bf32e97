import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { cttToProblem, parseCtt, resultToSolution, validateSolution } from '../../src/schedule-solver/itc2007';
import { startSolverThreads } from '../../src/schedule/optimizations/solver-thread';

/**
 * `npm run bench:solver-threads`: what SOLVER_THREADS buys (issue 54 §6). A few ITC 2007 track 3
 * instances (BENCH_ONLY, default comp01,comp05,comp07,comp12), each solved as a job solves it (worker
 * threads at the lowest priority, the wall clock) for SOLVER_SECONDS (30) with SOLVER_SEED (1), at each
 * thread count of BENCH_THREADS (default 1,2). Prints the validator's cost and the CPU seconds the
 * process got (all threads), so a loaded machine shows as such.
 */
async function main(): Promise<void> {
  const dir = process.env.ITC2007_DIR ?? join(__dirname, '..', '..', '..', 'shared', 'itc2007');
  if (!existsSync(dir)) throw new Error(`No instances in ${dir}`);
  const seconds = Number(process.env.SOLVER_SECONDS ?? 30);
  const seed = Number(process.env.SOLVER_SEED ?? 1);
  const names = (process.env.BENCH_ONLY ?? 'comp01,comp05,comp07,comp12').split(',').map((name) => name.trim());
  const counts = (process.env.BENCH_THREADS ?? '1,2').split(',').map(Number);
  console.log(`ITC 2007 track 3, ${seconds} s of the wall clock each, seed ${seed}, threads ${counts.join(' and ')}`);
  console.log('instance  threads  hard   cost  wall s  cpu s  stop');
  const sums = new Map<number, number>();
  for (const name of names) {
    const instance = parseCtt(readFileSync(join(dir, `${name}.ctt`), 'utf8'));
    const problem = cttToProblem(instance);
    for (const threads of counts) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const run = startSolverThreads(problem, { mode: 'GENERATE', seed, timeLimitMs: seconds * 1000 }, threads, () => undefined);
      const result = await run.result;
      const wall = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const check = validateSolution(instance, resultToSolution(instance, problem, result));
      sums.set(threads, (sums.get(threads) ?? 0) + check.soft.total);
      console.log(
        `${name.padEnd(10)}${String(threads).padStart(7)}${String(check.hard.total).padStart(6)}${String(check.soft.total).padStart(7)}${wall.toFixed(1).padStart(8)}${((cpu.user + cpu.system) / 1e6).toFixed(1).padStart(7)}  ${result.stopReason}`,
      );
    }
  }
  console.log(`sum: ${counts.map((threads) => `${threads} thread(s) ${sums.get(threads)}`).join(', ')}`);
}

void main();
