import { Injectable } from '@nestjs/common';
import { irregularWeekdays, mayMeet, overrideMayMeet } from '../../schedule-engine/clash-prefilter';
import { clashFields, ConflictField, Occupancy } from '../../schedule-engine/conflicts';
import { isoDayOfWeek } from '../../schedule-engine/dates';
import { ActualLesson, lessonKey, originalDateOf, OverrideRecord } from '../../schedule-engine/override-application';
import { LoadedRule, LoadedSemester } from '../../schedule-engine/rule-model';
import { SemesterSchedule } from '../../schedule-engine/semester-schedule';
import { GridSnapshot } from '../../schedule-engine/series-context';
import { eachDate } from '../../schedule-engine/weeks';
import { ClashCandidatesRepository } from './clash-candidates.repository';
import { SemesterSchedules } from './semester-schedules';
import { BlockScope, TeacherAvailability, TeacherBlocks } from './teacher-availability';

/** Where proposed lessons of one version may be, and which stored lessons they replace. */
export interface ClashQuery {
  semester: LoadedSemester;
  grids: GridSnapshot;
  versionId: number;
  /** Whether the version's one-off changes count (a PUBLISHED version): stored lessons are then compared where they really are. */
  published: boolean;
  /**
   * The groups and the weekly places of the proposed lessons, as a rule: a rule's slots (with the
   * landings of its own overrides, see `withLandings`), the places one-off changes take (for a batch
   * over several rules, their groups together: the prefilter only ever keeps more then).
   */
  reach: LoadedRule;
  /** Only stored lessons on these dates matter (a one-off change); every date when absent. */
  dates?: readonly string[];
  /** A rule whose stored lessons the proposal replaces (the rule being updated). */
  exceptRuleId?: number;
  /** Overrides the proposal replaces (those being changed or deleted). */
  exceptOverrideIds?: readonly number[];
  /** Base lessons (`lessonKey`) the proposal replaces (the lessons being changed). */
  exceptLessons?: readonly string[];
}

/** A proposed lesson and the stored one it clashes with, with the shared resources. */
export interface StoredClash<T extends Occupancy> {
  candidate: T;
  existing: ActualLesson;
  fields: ConflictField[];
}

/** The stored lessons that could meet a proposal, indexed by date, with the schedule they come from. */
export class StoredLessons {
  private readonly byDate = new Map<string, ActualLesson[]>();

  constructor(
    /** Laid out over the semester's grids and the calendars of the stored and the proposed groups. */
    readonly schedule: SemesterSchedule,
    lessons: readonly ActualLesson[],
  ) {
    for (const lesson of lessons) {
      const day = this.byDate.get(lesson.date);
      if (day) day.push(lesson);
      else this.byDate.set(lesson.date, [lesson]);
    }
  }

  /** The first clash of the proposed lessons (in their order) with a stored one (in rule, then series order). */
  firstClash<T extends Occupancy>(proposed: readonly T[]): StoredClash<T> | undefined {
    for (const candidate of proposed) {
      for (const existing of this.byDate.get(candidate.date) ?? []) {
        const fields = clashFields(candidate, existing);
        if (fields.length > 0) return { candidate, existing, fields };
      }
    }
    return undefined;
  }
}

/**
 * The clash guard: "would these lessons clash with the version's other lessons?" for a new or changed
 * rule, one one-off change or a batch of them (proposed lessons among themselves are the engine's
 * `firstOwnClash` or `findAllClashes`). It loads only the stored rules whose weekly slots, or
 * whose overrides, can meet the proposal (one query), keeps those the engine's prefilter cannot rule
 * out, lays them out and applies their overrides; the comparison itself is the engine's. Teacher
 * availability comes through the `TeacherAvailability` port, so preferences and absences plug in here.
 */
@Injectable()
export class ClashGuard {
  constructor(
    private readonly candidates: ClashCandidatesRepository,
    private readonly schedules: SemesterSchedules,
    private readonly availability: TeacherAvailability,
  ) {}

  async storedAround(query: ClashQuery): Promise<StoredLessons> {
    const { semester, grids, reach } = query;
    const irregular = irregularWeekdays(grids);
    const dates = query.dates ? [...new Set(query.dates)] : undefined;
    const loaded = await this.candidates.load({
      versionId: query.versionId,
      exceptRuleId: query.exceptRuleId ?? 0,
      slotKeys: [...new Set(reach.slots.map((slot) => `${slot.dayOfWeek}:${slot.timeSlotId}`))],
      anyTimeDays: [...new Set(reach.slots.map((slot) => slot.dayOfWeek).filter((day) => irregular.has(day)))],
      teacherIds: [...new Set(reach.slots.map((slot) => slot.teacherId))],
      classroomIds: [...new Set(reach.slots.map((slot) => slot.classroomId))],
      groupIds: reach.groupIds,
      withOverrides: query.published,
      landingDates: query.published ? (dates ?? datesOnWeekdays(semester, new Set(reach.slots.map((slot) => slot.dayOfWeek)))) : [],
    });
    const replacedOverrides = new Set(query.exceptOverrideIds);
    const overrides = loaded.overrides.filter((override) => !replacedOverrides.has(override.id));
    const overridesOfRule = groupByRule(overrides);
    // Only rules whose weekly slots, or overrides, can meet the proposal are laid out: that keeps checks fast.
    const others = loaded.rules.filter(
      (other) =>
        mayMeet(reach, other, irregular) ||
        (overridesOfRule.get(other.id) ?? []).some((override) => overrideMayMeet(reach, other, override, irregular)),
    );
    const schedule = await this.schedules.load(semester, others, { grids, overrides, extraGroupIds: reach.groupIds });
    const onDates = dates && new Set(dates);
    const replacedLessons = new Set(query.exceptLessons);
    const lessons = others
      .flatMap((other) => schedule.actualLessonsOf(other))
      .filter((lesson) => (!onDates || onDates.has(lesson.date)) && !replacedLessons.has(lessonKey(lesson.slotId, originalDateOf(lesson))));
    return new StoredLessons(schedule, lessons);
  }

  /** The approved blocked times of the teachers in the semester (spec 4.9 rule 13; with absences for one-off changes). */
  async teacherBlocks(teacherIds: readonly number[], semester: LoadedSemester, grids: GridSnapshot, scope: BlockScope = 'PREFERENCES'): Promise<TeacherBlocks> {
    const blocked = teacherIds.length === 0 ? [] : await this.availability.blockedLessons([...teacherIds], semester, scope);
    return new TeacherBlocks(blocked, grids.base.slots);
  }

  /** The lessons (in their order) at a time their teacher's approved hard unavailability closes. */
  async unavailable<T extends ActualLesson>(lessons: readonly T[], semester: LoadedSemester, grids: GridSnapshot): Promise<T[]> {
    const teacherIds = [...new Set(lessons.map((lesson) => lesson.teacherId))];
    return (await this.teacherBlocks(teacherIds, semester, grids)).among(lessons);
  }
}

/** The semester's dates that fall on `weekdays` (ISO 1..7). */
function datesOnWeekdays(semester: LoadedSemester, weekdays: ReadonlySet<number>): string[] {
  return eachDate(semester.startDate, semester.endDate).filter((date) => weekdays.has(isoDayOfWeek(date)));
}

function groupByRule(overrides: readonly OverrideRecord[]): Map<number, OverrideRecord[]> {
  const byRule = new Map<number, OverrideRecord[]>();
  for (const override of overrides) {
    const list = byRule.get(override.ruleId);
    if (list) list.push(override);
    else byRule.set(override.ruleId, [override]);
  }
  return byRule;
}
