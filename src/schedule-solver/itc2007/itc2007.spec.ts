import { solve } from '..';
import { cttToProblem, parseCtt, parseSolution, resultToSolution, validateSolution, writeSolution } from '.';

const TINY = `Name: Tiny
Courses: 2
Rooms: 2
Days: 2
Periods_per_day: 3
Curricula: 1
Constraints: 1

COURSES:
c1 t1 2 2 30
c2 t2 1 1 10

ROOMS:
rA 20
rB 40

CURRICULA:
q1 2 c1 c2

UNAVAILABILITY_CONSTRAINTS:
c2 0 0

END.
`;

describe('ITC 2007 track 3', () => {
  const tiny = parseCtt(TINY);

  it('reads an instance', () => {
    expect(tiny).toMatchObject({ name: 'Tiny', days: 2, periodsPerDay: 3 });
    expect(tiny.courses[0]).toEqual({ id: 'c1', teacher: 't1', lectures: 2, minWorkingDays: 2, students: 30 });
    expect(tiny.curricula).toEqual([{ id: 'q1', courses: ['c1', 'c2'] }]);
    expect(tiny.unavailability).toEqual([{ course: 'c2', day: 0, period: 0 }]);
  });

  it('validates a feasible solution with hand-counted costs', () => {
    // c1 in rA (30 > 20: 10 students over) and rB, both on day 0 (a working day short: 5); c2 alone
    // on day 1 (isolated in q1: 2); c1 in two rooms (1). 10 + 5 + 2 + 1 = 18.
    const check = validateSolution(tiny, parseSolution('c1 rA 0 0\nc1 rB 0 1\nc2 rB 1 2\n'));
    expect(check.hard.total).toBe(0);
    expect(check.soft).toEqual({ roomCapacity: 10, minWorkingDays: 5, curriculumCompactness: 2, roomStability: 1, total: 18 });
  });

  it('counts each kind of hard violation', () => {
    // A lecture of c1 missing, c1 and c2 (one curriculum) in one period, in one room, c2 where it is unavailable.
    const check = validateSolution(tiny, parseSolution('c1 rA 0 0\nc2 rA 0 0\n'));
    expect(check.hard).toEqual({ lectures: 1, conflicts: 1, availability: 1, roomOccupancy: 1, total: 4 });
    // Two lectures of one course in one period are a violation of the lectures rule.
    expect(validateSolution(tiny, parseSolution('c1 rA 1 1\nc1 rB 1 1\nc2 rB 0 2\n')).hard).toMatchObject({ lectures: 1, conflicts: 0, total: 1 });
  });

  it('solves the tiny instance to its optimum, and the validator agrees with the engine', () => {
    // Three lectures on two days (c1 needs two): one day has a lonely curriculum lecture, 2 at least.
    const problem = cttToProblem(tiny);
    const result = solve(problem, { mode: 'GENERATE', seed: 5, maxIterations: 20000 });
    const lines = resultToSolution(tiny, problem, result);
    expect(parseSolution(writeSolution(lines))).toEqual(lines);
    const check = validateSolution(tiny, lines);
    expect(check.hard.total).toBe(0);
    expect(check.soft.total).toBe(2);
    expect(result.cost).toBe(2);
  });
});
