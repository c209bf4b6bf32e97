import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { solve } from '../../src/schedule-solver';
import { cttToProblem, parseCtt, resultToSolution, validateSolution } from '../../src/schedule-solver/itc2007';

/** The instances: `ITC2007_DIR`, else `../shared/itc2007` beside the repository (as `npm run bench:solver` reads them). */
const INSTANCES = process.env.ITC2007_DIR ?? join(__dirname, '..', '..', '..', 'shared', 'itc2007');
const present = existsSync(join(INSTANCES, 'comp01.ctt'));
if (!present) console.warn(`ITC 2007 smoke skipped: no comp01.ctt in ${INSTANCES} (set ITC2007_DIR to the instances' folder)`);

/** The benchmark's short smoke inside `npm test`: one real instance, briefly (the full run is `npm run bench:solver`). */
describe('ITC 2007 benchmark smoke', () => {
  (present ? it : it.skip)('solves a real instance (comp01, two seconds) without hard violations, at the cost the validator counts', () => {
    const instance = parseCtt(readFileSync(join(INSTANCES, 'comp01.ctt'), 'utf8'));
    const problem = cttToProblem(instance);
    const result = solve(problem, { mode: 'GENERATE', seed: 1, timeLimitMs: 2000, now: () => performance.now() });
    expect(result.unplaced).toEqual([]);
    const check = validateSolution(instance, resultToSolution(instance, problem, result));
    expect(check.hard.total).toBe(0);
    expect(check.soft.total).toBe(result.cost);
    expect(result.cost).toBeLessThan(200);
  });
});
