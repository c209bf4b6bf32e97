import { Injectable } from '@nestjs/common';
import { AuthUser } from '../platform/auth/auth-user';
import { BadRequestError, NotFoundError } from '../platform/http/app-error';
import { daysBetween } from '../schedule-engine/dates';
import { LoadedRule } from '../schedule-engine/rule-model';
import { DAY_NAMES, ScheduleReads } from '../schedule/core';
import { DepartmentAttribution } from './department-attribution';
import {
  ClassroomWorkloadRow,
  DepartmentWorkloadRow,
  TeacherWorkloadRow,
  TimeSlotWorkloadRow,
  WorkloadQuery,
} from './dto/workload.dto';
import { WorkloadLessons } from './workload-lessons';
import { WorkloadRepository } from './workload.repository';
import { workloadScope, WorkloadScope } from './workload-scope';
import {
  AttributedLesson,
  audienceSize,
  ClassroomTally,
  HOURS_PER_LESSON,
  tallyDepartments,
  tallyPairs,
  tallyTeachers,
} from './workload-tallies';

/** Spec 8: a report range holds at most 200 dates, both ends counted (as the schedule's). */
export const MAX_REPORT_DATES = 200;

/** The lessons of a report: in the caller's scope, each with its teacher's department on its date. */
interface ScopedLessons {
  scope: WorkloadScope;
  attribution: DepartmentAttribution;
  lessons: AttributedLesson[];
}

/**
 * The four range reports of spec 4.16 over the ACTUAL schedule: the schedule core's lessons of the
 * published versions (overrides applied: a cancelled lesson counts for nobody, a moved one on its new
 * date, a replaced one for its new teacher), each attributed to the department its teacher belonged
 * to on the lesson date. A fixed number of queries whatever the range or the size of the university.
 */
@Injectable()
export class WorkloadService {
  constructor(
    private readonly lessons: WorkloadLessons,
    private readonly schedule: ScheduleReads,
    private readonly repo: WorkloadRepository,
  ) {}

  async teachers(caller: AuthUser, query: WorkloadQuery): Promise<TeacherWorkloadRow[]> {
    const { scope, attribution, lessons } = await this.scopedLessons(caller, query);
    const [teachers, departments] = [await this.repo.teachers(), await this.departmentNames()];
    const tallies = tallyTeachers(lessons);
    const rows: TeacherWorkloadRow[] = [];
    for (const teacher of teachers) {
      if (scope.teacherId !== undefined && teacher.id !== scope.teacherId) continue;
      // Active teachers also appear with no lessons, once per department they belonged to in the range:
      // "who has no load yet" is part of what a department or the office reads this report for.
      const departmentIds = new Set<number | null>(teacher.active ? attribution.departmentsBetween(teacher.id, query.startDate, query.endDate) : []);
      const taught = tallies.get(teacher.id);
      for (const departmentId of taught?.keys() ?? []) departmentIds.add(departmentId);
      for (const departmentId of departmentIds) {
        if (scope.departmentId !== undefined && departmentId !== scope.departmentId) continue;
        const tally = taught?.get(departmentId);
        if (!tally && departmentId === null && departmentIds.size > 1) continue; // days before hiring, not a row of its own
        rows.push({
          id: teacher.id,
          name: teacher.name,
          departmentId,
          departmentName: departmentId === null ? null : (departments.get(departmentId) ?? null),
          lessonCount: tally?.lessonCount ?? 0,
          academicHours: tally?.academicHours ?? 0,
          occupiedSlotCount: tally?.occupiedSlotCount ?? 0,
        });
      }
    }
    return rows;
  }

  async departments(caller: AuthUser, query: WorkloadQuery): Promise<DepartmentWorkloadRow[]> {
    const { scope, lessons } = await this.scopedLessons(caller, query);
    const tallies = tallyDepartments(lessons);
    const departments = await this.repo.departments();
    const listed: { id: number | null; name: string | null }[] = departments.filter(
      (department) => scope.departmentId === undefined || department.id === scope.departmentId,
    );
    if (scope.departmentId === undefined && tallies.has(null)) listed.push({ id: null, name: null });
    return listed.map(({ id, name }) => {
      const tally = tallies.get(id);
      return {
        departmentId: id,
        departmentName: name,
        teacherCount: tally?.teachers.size ?? 0,
        lessonCount: tally?.lessonCount ?? 0,
        academicHours: tally?.academicHours ?? 0,
        lectureHours: tally?.hoursByKind.LECTURE ?? 0,
        practiceHours: tally?.hoursByKind.PRACTICE ?? 0,
        laboratoryHours: tally?.hoursByKind.LABORATORY ?? 0,
      };
    });
  }

  async classrooms(caller: AuthUser, query: WorkloadQuery): Promise<ClassroomWorkloadRow[]> {
    const { scope, lessons } = await this.scopedLessons(caller, query);
    const [rooms, sizes] = [await this.repo.classrooms(), await this.repo.audienceSizes()];
    const capacities = new Map(rooms.map((room) => [room.id, room.capacity]));
    const tallies = new Map<number, ClassroomTally>();
    for (const { lesson } of lessons) {
      let tally = tallies.get(lesson.classroomId);
      if (!tally) tallies.set(lesson.classroomId, (tally = new ClassroomTally(capacities.get(lesson.classroomId) ?? 1)));
      tally.addAudience(lesson, audienceSize(lesson.audience, sizes));
    }
    // The whole university's report lists every room in service, idle ones included; a department's
    // lists the rooms its lessons use.
    const global = scope.departmentId === undefined && scope.teacherId === undefined;
    return rooms
      .filter((room) => tallies.has(room.id) || (global && !room.archived))
      .map((room) => {
        const tally = tallies.get(room.id) ?? new ClassroomTally(room.capacity);
        return {
          id: room.id,
          name: room.name,
          building: room.building,
          floor: room.floor,
          capacity: room.capacity,
          isAvailable: room.isAvailable,
          lessonCount: tally.lessonCount,
          occupiedSlotCount: tally.occupiedSlotCount,
          academicHours: tally.academicHours,
          averageAudience: tally.averageAudience,
          averageFillPercent: tally.averageFillPercent,
          overfilledLessonCount: tally.overfilledLessonCount,
        };
      });
  }

  async timeSlots(caller: AuthUser, query: WorkloadQuery): Promise<TimeSlotWorkloadRow[]> {
    const { lessons } = await this.scopedLessons(caller, query);
    const grids = await this.schedule.grids(query.startDate, query.endDate);
    const tallies = tallyPairs(lessons);
    const pairs = new Map(grids.base.slots.map((slot) => [slot.orderNumber, { ...slot }]));
    // A pair number the base grid lacks (a longer Saturday or manual grid) gets its own row, timed as held.
    for (const { lesson } of lessons) {
      if (!pairs.has(lesson.timeSlotOrder)) {
        pairs.set(lesson.timeSlotOrder, { id: lesson.timeSlotId, orderNumber: lesson.timeSlotOrder, startTime: lesson.startTime, endTime: lesson.endTime });
      }
    }
    return [...pairs.values()]
      .sort((a, b) => a.orderNumber - b.orderNumber)
      .map((pair) => {
        const tally = tallies.get(pair.orderNumber);
        return {
          timeSlotId: pair.id,
          orderNumber: pair.orderNumber,
          startTime: pair.startTime,
          endTime: pair.endTime,
          lessonCount: tally?.lessonCount ?? 0,
          academicHours: (tally?.lessonCount ?? 0) * HOURS_PER_LESSON,
          peakLessonCount: tally?.peakLessonCount ?? 0,
          days: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ dayOfWeek: day, dayName: capitalised(DAY_NAMES[day]), lessonCount: tally?.byWeekday[day - 1] ?? 0 })),
        };
      });
  }

  /** Range checks, scope, the actual lessons of the active groups and their departments (a fixed handful of queries). */
  private async scopedLessons(caller: AuthUser, query: WorkloadQuery): Promise<ScopedLessons> {
    const scope = workloadScope(caller, query.departmentId);
    checkReportRange(query.startDate, query.endDate);
    if (scope.chosen && scope.departmentId !== undefined && !(await this.repo.departmentExists(scope.departmentId))) {
      throw new NotFoundError(`Кафедра с id ${scope.departmentId} не найдена`);
    }
    const groupsActiveTo = await this.repo.groupsActiveTo();
    const lastCountedDay = new Map<LoadedRule, string | undefined>(); // per rule, not per lesson
    const attribution = new DepartmentAttribution(await this.repo.assignments(query.startDate, query.endDate));
    const lessons: AttributedLesson[] = [];
    for (const lesson of await this.lessons.between(query.startDate, query.endDate)) {
      if (scope.teacherId !== undefined && lesson.teacherId !== scope.teacherId) continue;
      if (!lastCountedDay.has(lesson.rule)) lastCountedDay.set(lesson.rule, lastActiveDayOf(lesson.rule.groupIds, groupsActiveTo));
      const lastDay = lastCountedDay.get(lesson.rule);
      if (lastDay === undefined || lesson.date > lastDay) continue;
      const departmentId = attribution.departmentOn(lesson.teacherId, lesson.date);
      if (scope.departmentId === undefined || departmentId === scope.departmentId) lessons.push({ lesson, departmentId });
    }
    return { scope, attribution, lessons };
  }

  private async departmentNames(): Promise<Map<number, string>> {
    return new Map((await this.repo.departments()).map((department) => [department.id, department.name]));
  }
}

/** Later than any lesson date (years run to 2999). */
const NO_END = '9999-12-31';

/** The last day any of a rule's groups is active (a group not archived: no end), or undefined when none ever counts. */
function lastActiveDayOf(groupIds: readonly number[], groupsActiveTo: ReadonlyMap<number, string | null>): string | undefined {
  let last: string | undefined;
  for (const groupId of groupIds) {
    const activeTo = groupsActiveTo.get(groupId);
    if (activeTo === undefined) continue;
    if (activeTo === null) return NO_END;
    if (last === undefined || activeTo > last) last = activeTo;
  }
  return last;
}


/** Spec 4.16 and 8: both ends included, start not after end, at most 200 dates. */
export function checkReportRange(startDate: string, endDate: string): void {
  if (startDate > endDate) throw new BadRequestError('Дата начала периода (startDate) позже даты окончания (endDate)');
  const dates = daysBetween(startDate, endDate) + 1;
  if (dates > MAX_REPORT_DATES) {
    throw new BadRequestError(`Период отчёта может содержать не более ${MAX_REPORT_DATES} дат (обе границы включаются), запрошено ${dates}`);
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
