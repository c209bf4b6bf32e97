import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { solve } from '../../src/schedule-solver';
import { cttToProblem, parseCtt, resultToSolution, validateSolution, writeSolution } from '../../src/schedule-solver/itc2007';

/** `npm run solve:ctt -- <instance.ctt> --seconds N --seed S --out <solution.sol>` */
function main(): void {
  const args = process.argv.slice(2);
  const flag = (name: string): string | undefined => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const file = args.find((a, i) => !a.startsWith('--') && (i === 0 || !args[i - 1].startsWith('--')));
  if (!file) {
    console.error('Usage: npm run solve:ctt -- <instance.ctt> [--seconds N] [--seed S] [--out solution.sol]');
    process.exit(2);
  }
  const seconds = Number(flag('seconds') ?? 60);
  const seed = Number(flag('seed') ?? 1);
  const instance = parseCtt(readFileSync(file, 'utf8'));
  const problem = cttToProblem(instance);
  const result = solve(problem, { mode: 'GENERATE', seed, timeLimitMs: seconds * 1000, now: () => performance.now() });
  const lines = resultToSolution(instance, problem, result);
  const out = flag('out');
  if (out) writeFileSync(out, writeSolution(lines));
  const check = validateSolution(instance, lines);
  console.log(`${instance.name}: unplaced ${result.unplaced.length}, hard violations ${check.hard.total}, cost ${check.soft.total} (engine ${result.cost}; capacity ${check.soft.roomCapacity}, min working days ${check.soft.minWorkingDays}, compactness ${check.soft.curriculumCompactness}, room stability ${check.soft.roomStability}); ${result.iterations} iterations`);
  if (check.hard.total > 0 || result.unplaced.length > 0) process.exitCode = 1;
}

main();
