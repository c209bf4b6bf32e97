import { solve } from '../../src/schedule-solver';
import { cttToProblem, parseCtt, resultToSolution, validateSolution } from '../../src/schedule-solver/itc2007';
import { annealBaseline } from './anneal-baseline';
import { capacityInstance, denseInstance, GENERATED, writeCtt } from './generate-ctt';

/**
 * Issue 54 §7: the benchmark's own instances of the two kinds the competition lacks (room capacity
 * dominating the cost; dense teachers over 18 periods a day) and the plain annealing they are
 * compared with. The bench reads them as it reads the competition's files, so they are checked here
 * through the same parser and validator.
 */
describe('generated benchmark instances and the plain annealing baseline (issue 54 §7)', () => {
  it('are the same files for the same seed and read back as written', () => {
    expect(writeCtt(capacityInstance(2, 1))).toBe(writeCtt(capacityInstance(2, 1)));
    expect(writeCtt(denseInstance(1))).not.toBe(writeCtt(denseInstance(2)));
    for (const inst of GENERATED) expect(parseCtt(writeCtt(inst))).toEqual(inst);
  });

  it('have the shapes they are named after', () => {
    const cap = capacityInstance(2, 1);
    const bigRooms = cap.rooms.filter((r) => r.capacity >= 150).length;
    const bigLectures = cap.courses.filter((c) => c.students >= 150).reduce((s, c) => s + c.lectures, 0);
    // More lectures of large courses than periods of large rooms: some must sit in rooms too small.
    expect(bigLectures).toBeGreaterThan(bigRooms * cap.days * cap.periodsPerDay);
    const dense = denseInstance(1);
    expect(dense.periodsPerDay).toBe(18);
    const perTeacher = new Map<string, number>();
    for (const c of dense.courses) if (c.lectures === 12) perTeacher.set(c.teacher, (perTeacher.get(c.teacher) ?? 0) + 1);
    expect(Math.min(...perTeacher.values())).toBeGreaterThanOrEqual(5);
  });

  it('are solved clash-free by the engine, with its hard count the validator\'s', () => {
    for (const inst of GENERATED) {
      const problem = cttToProblem(inst);
      const result = solve(problem, { mode: 'GENERATE', seed: 1, maxIterations: 5_000 });
      const check = validateSolution(inst, resultToSolution(inst, problem, result));
      expect({ name: inst.name, hard: check.hard.total }).toEqual({ name: inst.name, hard: 0 });
      expect(result.hardViolations + result.unplaced.length).toBe(check.hard.total);
      expect(result.cost).toBe(check.soft.total);
    }
  });

  it('the baseline places every lecture once and its answer is what the validator reads', () => {
    const inst = capacityInstance(1, 4);
    let clock = 0;
    // A fake clock that advances a millisecond per look: the run is a fixed amount of work.
    const lines = annealBaseline(inst, 0.02, 1, () => clock++);
    expect(lines).toHaveLength(inst.courses.reduce((s, c) => s + c.lectures, 0));
    const check = validateSolution(inst, lines);
    // One lecture per room and period by construction; the rest is its search's business.
    expect(check.hard.roomOccupancy).toBe(0);
    expect(check.soft.total).toBeGreaterThan(0);
  });
});
