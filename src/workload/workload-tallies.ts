import { AudienceMember } from '../schedule-engine/conflicts';
import { LessonKind } from '../schedule-engine/lesson-series';
import { ActualLesson } from '../schedule-engine/override-application';

/**
 * The counting rules of the workload reports, on plain lessons (each already given the department of
 * its teacher on its date). A lesson is one pair of one rule slot on one date, so a lesson shared by
 * several groups or subgroups is counted once; cancelled lessons never reach here, moved and
 * reassigned ones arrive where and with whom they really are.
 */

/** CONTRACT: one lesson (one pair) is 2 academic hours. */
export const HOURS_PER_LESSON = 2;

export interface AttributedLesson {
  lesson: ActualLesson;
  departmentId: number | null;
}

/**
 * Lessons and the distinct moments (date and time) they take. Lessons must arrive in date and
 * start-time order, as the schedule core gives them: a moment is then new unless it repeats the
 * previous start (no string per lesson, which matters at 75,000 lessons a semester).
 */
export class LoadTally {
  lessonCount = 0;
  occupiedSlotCount = 0;
  private lastDate = '';
  private lastStart = '';
  private endsAtLastStart: string[] = [];

  add(lesson: ActualLesson): void {
    this.lessonCount += 1;
    if (lesson.date !== this.lastDate || lesson.startTime !== this.lastStart) {
      this.lastDate = lesson.date;
      this.lastStart = lesson.startTime;
      this.endsAtLastStart = [lesson.endTime];
      this.occupiedSlotCount += 1;
    } else if (!this.endsAtLastStart.includes(lesson.endTime)) {
      this.endsAtLastStart.push(lesson.endTime);
      this.occupiedSlotCount += 1;
    }
  }

  get academicHours(): number {
    return this.lessonCount * HOURS_PER_LESSON;
  }
}

/** Tallies by teacher, then department: a transfer inside the range gives the teacher two rows. */
export function tallyTeachers(lessons: readonly AttributedLesson[]): Map<number, Map<number | null, LoadTally>> {
  const byTeacher = new Map<number, Map<number | null, LoadTally>>();
  for (const { lesson, departmentId } of lessons) {
    let byDepartment = byTeacher.get(lesson.teacherId);
    if (!byDepartment) byTeacher.set(lesson.teacherId, (byDepartment = new Map<number | null, LoadTally>()));
    let tally = byDepartment.get(departmentId);
    if (!tally) byDepartment.set(departmentId, (tally = new LoadTally()));
    tally.add(lesson);
  }
  return byTeacher;
}

export class DepartmentTally extends LoadTally {
  readonly teachers = new Set<number>();
  readonly hoursByKind: Record<LessonKind, number> = { LECTURE: 0, PRACTICE: 0, LABORATORY: 0 };

  override add(lesson: ActualLesson): void {
    super.add(lesson);
    this.teachers.add(lesson.teacherId);
    this.hoursByKind[lesson.lessonKind] += HOURS_PER_LESSON;
  }
}

export function tallyDepartments(lessons: readonly AttributedLesson[]): Map<number | null, DepartmentTally> {
  const rows = new Map<number | null, DepartmentTally>();
  for (const { lesson, departmentId } of lessons) {
    let tally = rows.get(departmentId);
    if (!tally) rows.set(departmentId, (tally = new DepartmentTally()));
    tally.add(lesson);
  }
  return rows;
}

/** Students of an audience: a subgroup's capacity, or the whole group's size. */
export interface AudienceSizes {
  groups: ReadonlyMap<number, number>;
  subgroups: ReadonlyMap<number, number>;
}

export function audienceSize(audience: readonly AudienceMember[], sizes: AudienceSizes): number {
  return audience.reduce(
    (sum, member) => sum + ((member.subgroupId !== null ? sizes.subgroups.get(member.subgroupId) : sizes.groups.get(member.groupId)) ?? 0),
    0,
  );
}

export class ClassroomTally extends LoadTally {
  private students = 0;
  private fill = 0;
  overfilledLessonCount = 0;

  constructor(private readonly capacity: number) {
    super();
  }

  addAudience(lesson: ActualLesson, students: number): void {
    this.add(lesson);
    this.students += students;
    this.fill += students / this.capacity;
    if (students > this.capacity) this.overfilledLessonCount += 1;
  }

  /** Mean students per lesson, one decimal. */
  get averageAudience(): number {
    return this.lessonCount === 0 ? 0 : Math.round((this.students / this.lessonCount) * 10) / 10;
  }

  /** Mean share of the seats taken, in whole percent (over 100 when lessons overfill the room). */
  get averageFillPercent(): number {
    return this.lessonCount === 0 ? 0 : Math.round((this.fill / this.lessonCount) * 100);
  }
}

/** Use of one pair (by its number) across the week: lessons per weekday and the busiest single date. */
export class PairTally {
  lessonCount = 0;
  readonly byWeekday = [0, 0, 0, 0, 0, 0, 0];
  private readonly byDate = new Map<string, number>();

  add(lesson: ActualLesson): void {
    this.lessonCount += 1;
    this.byWeekday[lesson.dayOfWeek - 1] += 1;
    this.byDate.set(lesson.date, (this.byDate.get(lesson.date) ?? 0) + 1);
  }

  get peakLessonCount(): number {
    let peak = 0;
    for (const count of this.byDate.values()) peak = Math.max(peak, count);
    return peak;
  }
}

/** Lessons by the number of the pair they are held at (a Saturday or manual-grid pair counts as the base pair of its number). */
export function tallyPairs(lessons: readonly AttributedLesson[]): Map<number, PairTally> {
  const rows = new Map<number, PairTally>();
  for (const { lesson } of lessons) {
    let tally = rows.get(lesson.timeSlotOrder);
    if (!tally) rows.set(lesson.timeSlotOrder, (tally = new PairTally()));
    tally.add(lesson);
  }
  return rows;
}
