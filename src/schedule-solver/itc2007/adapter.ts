import type { SolverProblem, SolverResult } from '../problem';
import type { CttAssignment, CttInstance } from './ctt';

/**
 * An ITC 2007 instance as a solver problem: one event per lecture; its course's teacher and each
 * curriculum holding the course are resources (so lectures of one course, of one teacher or of one
 * curriculum never share a period); a curriculum costs 2 per isolated lecture; unavailability closes
 * cells; capacity costs 1 a student over, a course 5 a working day short and 1 a room beyond its first.
 */
export function cttToProblem(instance: CttInstance): SolverProblem {
  const { days, periodsPerDay } = instance;
  const courseIndex = new Map(instance.courses.map((c, i) => [c.id, i]));
  const teachers = [...new Set(instance.courses.map((c) => c.teacher))];
  const teacherIndex = new Map(teachers.map((t, i) => [t, i]));
  const curriculaOf = instance.courses.map(() => [] as number[]);
  instance.curricula.forEach((curriculum, q) => {
    for (const id of curriculum.courses) {
      const k = courseIndex.get(id);
      if (k === undefined) throw new Error(`Curriculum ${curriculum.id} names an unknown course ${id}`);
      curriculaOf[k].push(teachers.length + q);
    }
  });
  const closed = instance.courses.map(() => null as Uint8Array | null);
  for (const u of instance.unavailability) {
    const k = courseIndex.get(u.course);
    if (k === undefined) throw new Error(`Unavailability names an unknown course ${u.course}`);
    closed[k] ??= new Uint8Array(days * periodsPerDay).fill(1);
    closed[k][u.day * periodsPerDay + u.period] = 0;
  }
  const quiet = { gapWeight: 0, isolatedWeight: 0, dayLimit: 0, overloadWeight: 0 };
  return {
    days,
    periodsPerDay,
    roomCapacities: instance.rooms.map((r) => r.capacity),
    resources: [...teachers.map(() => quiet), ...instance.curricula.map(() => ({ ...quiet, isolatedWeight: 2 }))],
    courses: instance.courses.map((c) => ({ minWorkingDays: c.minWorkingDays, distinctPeriods: true })),
    events: instance.courses.flatMap((c, k) =>
      Array.from({ length: c.lectures }, () => ({
        course: k,
        resources: [teacherIndex.get(c.teacher) as number, ...curriculaOf[k]],
        weeks: 1,
        students: c.students,
        allowedCells: closed[k],
        rooms: null,
        cellCost: null,
        initial: null,
        fixed: false,
      })),
    ),
    weights: {
      capacityPerStudent: 1,
      capacityPerLesson: 0,
      oversizedPerLesson: 0,
      oversizeRatio: 0,
      oversizeMinEmpty: 0,
      minWorkingDaysWeight: 5,
      roomStabilityWeight: 1,
      movedWeight: 0,
    },
  };
}

/** The solver's placement as solution lines (unplaced lectures are left out). */
export function resultToSolution(instance: CttInstance, problem: SolverProblem, result: Pick<SolverResult, 'cells' | 'rooms'>): CttAssignment[] {
  const lines: CttAssignment[] = [];
  problem.events.forEach((event, e) => {
    const cell = result.cells[e];
    if (cell < 0) return;
    lines.push({
      course: instance.courses[event.course].id,
      room: instance.rooms[result.rooms[e]].id,
      day: Math.floor(cell / instance.periodsPerDay),
      period: cell % instance.periodsPerDay,
    });
  });
  return lines;
}
