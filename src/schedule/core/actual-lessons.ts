import { Injectable } from '@nestjs/common';
import { GeneratedLesson } from '../../schedule-engine/lesson-expansion';
import { ActualLesson, byDateAndTime } from '../../schedule-engine/override-application';
import { LoadedSemester } from '../../schedule-engine/rule-model';
import { ScheduleInputs, scheduleFrom, usableRules } from '../../schedule-engine/schedule-inputs';
import { CalendarSnapshot } from '../../schedule-engine/series-context';
import { RuleFilter, ScheduleDataRepository } from './schedule-data.repository';
import { SemesterSchedules } from './semester-schedules';

/** Which actual lessons to load; every given criterion narrows (AND), each list matches any of its ids. */
export interface LessonSelection {
  /** First and last date, both included; by default the whole semester. */
  startDate?: string;
  endDate?: string;
  /** Lessons the teacher really gives (a replaced lesson belongs to its new teacher). */
  teacherIds?: readonly number[];
  /** Lessons of rules that include the group: its whole-group lessons and those of its subgroups. */
  groupIds?: readonly number[];
  /** Lessons really held in the classroom. */
  classroomIds?: readonly number[];
  /** Lessons of these base rule slots (wherever one-off changes put them). */
  slotIds?: readonly number[];
  /** Also answer the cancelled lessons (in `cancelled`), matched as their base lessons (calendar feeds keep them). */
  withCancelled?: boolean;
}

/** A base lesson that a CANCEL one-off change took out of the timetable. */
export type CancelledLesson = GeneratedLesson & { cancelledBy: number };

export interface SemesterLessons {
  semester: LoadedSemester;
  /** The version the lessons come from. */
  versionId: number;
  /** In date and time order. */
  lessons: ActualLesson[];
  /** With `withCancelled`: the cancelled lessons the selection matches, in date and time order. */
  cancelled?: CancelledLesson[];
}

/** No calendars: a version without rules lays nothing out. */
const NO_CALENDARS: CalendarSnapshot = { assignments: new Map(), periodsByCalendar: new Map(), activityTypes: [], groupStartYears: new Map() };

/**
 * The actual lessons of a semester: the base series of a version's active rules with the one-off
 * changes of the PUBLISHED version applied (a draft or archived version shows its rules as they are),
 * loaded in six queries whatever the number of rules, slots or dates: semester, rules, overrides,
 * two for the grids, calendars.
 */
@Injectable()
export class ActualLessons {
  constructor(
    private readonly data: ScheduleDataRepository,
    private readonly schedules: SemesterSchedules,
  ) {}

  /**
   * Lessons of `semesterId` in `versionId` (by default its published version); undefined when the
   * semester does not exist or has no such version.
   */
  async ofSemester(semesterId: number, selection: LessonSelection = {}, versionId?: number): Promise<SemesterLessons | undefined> {
    const semester = await this.data.semester(semesterId);
    const chosen = versionId ?? semester?.publishedVersionId ?? undefined;
    if (!semester || chosen === undefined) return undefined;
    return this.load(semester, chosen, selection);
  }

  /** Lessons of the published versions of every semester overlapping the selection's dates, semester by semester. */
  async inRange(selection: LessonSelection & { startDate: string; endDate: string }): Promise<SemesterLessons[]> {
    const semesters = await this.data.semestersOverlapping(selection.startDate, selection.endDate);
    const result: SemesterLessons[] = [];
    for (const semester of semesters) {
      if (semester.publishedVersionId !== null) result.push(await this.load(semester, semester.publishedVersionId, selection));
    }
    return result;
  }

  /**
   * What a version's whole-semester actual lessons are laid out from, as plain data (the solver's
   * scoring lays them out in the engine thread); undefined when the semester or the version is missing.
   */
  async inputsOf(semesterId: number, versionId: number): Promise<ScheduleInputs | undefined> {
    const semester = await this.data.semester(semesterId);
    if (!semester) return undefined;
    return (await this.inputsFor(semester, versionId, {})) ?? { semester, rules: [], grids: await this.data.grids(semester.startDate, semester.endDate), calendars: NO_CALENDARS };
  }

  /** The selection's rules, their one-off changes, grids and calendars; undefined when no rule matches. */
  private async inputsFor(semester: LoadedSemester, versionId: number, selection: LessonSelection): Promise<ScheduleInputs | undefined> {
    const filter: RuleFilter = { versionIds: [versionId], includeReassigned: true };
    if (selection.teacherIds) filter.teacherIds = [...selection.teacherIds];
    if (selection.groupIds) filter.groupIds = [...selection.groupIds];
    if (selection.classroomIds) filter.classroomIds = [...selection.classroomIds];
    if (selection.slotIds) filter.slotIds = [...selection.slotIds];
    const rules = await this.data.rules(filter);
    // Nothing to lay out (a semester without rules for the selection): no grids or calendars to read.
    if (rules.length === 0) return undefined;
    const published = versionId === semester.publishedVersionId;
    const overrides = published ? await this.data.overrides(versionId, rules.map((rule) => rule.id)) : [];
    const grids = await this.data.grids(semester.startDate, semester.endDate);
    return this.schedules.inputs(semester, usableRules(rules, grids).usable, { grids, overrides });
  }

  private async load(semester: LoadedSemester, versionId: number, selection: LessonSelection): Promise<SemesterLessons> {
    const inputs = await this.inputsFor(semester, versionId, selection);
    if (!inputs) return { semester, versionId, lessons: [], ...(selection.withCancelled ? { cancelled: [] } : {}) };
    const usable = inputs.rules;
    const schedule = scheduleFrom(inputs);

    const matches = lessonMatcher(semester, selection);
    const lessons = usable.flatMap((rule) => schedule.actualLessonsOf(rule).filter(matches));
    const result: SemesterLessons = { semester, versionId, lessons: lessons.sort(byDateAndTime) };
    if (selection.withCancelled) {
      result.cancelled = usable
        .flatMap((rule) => schedule.lessonsOf(rule))
        .flatMap((base) => {
          const override = schedule.overrideOf(base);
          return override?.action === 'CANCEL' && matches(base) ? [{ ...base, cancelledBy: override.id }] : [];
        })
        .sort(byDateAndTime);
    }
    return result;
  }
}

function lessonMatcher(semester: LoadedSemester, selection: LessonSelection): (lesson: ActualLesson) => boolean {
  const start = selection.startDate ?? semester.startDate;
  const end = selection.endDate ?? semester.endDate;
  const set = (ids?: readonly number[]) => (ids ? new Set(ids) : undefined);
  const [teachers, groups, classrooms, slots] = [set(selection.teacherIds), set(selection.groupIds), set(selection.classroomIds), set(selection.slotIds)];
  return (lesson) =>
    lesson.date >= start &&
    lesson.date <= end &&
    (!teachers || teachers.has(lesson.teacherId)) &&
    (!classrooms || classrooms.has(lesson.classroomId)) &&
    (!slots || slots.has(lesson.slotId)) &&
    (!groups || lesson.rule.groupIds.some((groupId) => groups.has(groupId)));
}
