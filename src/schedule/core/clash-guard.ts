import { Injectable } from '@nestjs/common';
import { irregularWeekdays, ReachIndex } from '../../schedule-engine/clash-prefilter';
import { clashFields, ConflictField, Occupancy } from '../../schedule-engine/conflicts';
import { isoDayOfWeek } from '../../schedule-engine/dates';
import { ActualLesson, lessonKey, originalDateOf, OverrideRecord } from '../../schedule-engine/override-application';
import { LoadedRule, LoadedSemester } from '../../schedule-engine/rule-model';
import { SemesterSchedule } from '../../schedule-engine/semester-schedule';
import { GridSnapshot } from '../../schedule-engine/series-context';
import { eachDate } from '../../schedule-engine/weeks';
import { ClashCandidatesRepository } from './clash-candidates.repository';
import type { ChecksTaskResult } from './engine-tasks';
import { EngineThread } from './engine-thread';
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
  /**
   * Each stored lesson with its position, by date and then by its teacher, its room and each group
   * of its audience: a clash needs one date and a shared teacher, room or group, so a proposed lesson
   * looks at a few stored ones only, and the positions keep "the first clash" in the stored order.
   */
  private byDate = new Map<string, DayIndex>();
  /** Stored lessons by the base lesson they show (`lessonKey`), built on the first `without`. */
  private byKey?: Map<string, ActualLesson[]>;
  /** Lessons this view leaves out (see `without`). */
  private excluded: ReadonlySet<ActualLesson> = new Set();

  constructor(
    /** Laid out over the semester's grids and the calendars of the stored and the proposed groups. */
    readonly schedule: SemesterSchedule,
    private readonly lessons: readonly ActualLesson[],
  ) {
    lessons.forEach((lesson, position) => {
      let day = this.byDate.get(lesson.date);
      if (!day) {
        day = { teachers: new Map(), classrooms: new Map(), groups: new Map() };
        this.byDate.set(lesson.date, day);
      }
      const entry = { lesson, position };
      push(day.teachers, lesson.teacherId, entry);
      push(day.classrooms, lesson.classroomId, entry);
      for (const member of lesson.audience) push(day.groups, member.groupId, entry);
    });
  }

  /**
   * The same stored lessons without the base lessons `lessonKeys` (wherever their overrides put
   * them): one load shared by changes of several lessons, each checked against all the others (as
   * `ClashQuery.exceptLessons` would for one). Costs nothing but a lookup per key.
   */
  without(lessonKeys: readonly string[]): StoredLessons {
    if (!this.byKey) {
      this.byKey = new Map();
      for (const lesson of this.lessons) push(this.byKey, lessonKey(lesson.slotId, originalDateOf(lesson)), lesson);
    }
    const view = new StoredLessons(this.schedule, []);
    view.byDate = this.byDate;
    view.byKey = this.byKey;
    view.excluded = new Set([...this.excluded, ...lessonKeys.flatMap((key) => this.byKey?.get(key) ?? [])]);
    return view;
  }

  /** The first clash of the proposed lessons (in their order) with a stored one (in rule, then series order). */
  firstClash<T extends Occupancy>(proposed: readonly T[]): StoredClash<T> | undefined {
    for (const candidate of proposed) {
      for (const { lesson: existing } of this.near(candidate)) {
        if (this.excluded.size > 0 && this.excluded.has(existing)) continue;
        const fields = clashFields(candidate, existing);
        if (fields.length > 0) return { candidate, existing, fields };
      }
    }
    return undefined;
  }

  /**
   * Every stored lesson the proposed one clashes with, in the stored order: the same comparison as
   * `firstClash`, for callers that explain a place rather than refuse it (the free-cell grid).
   */
  clashesOf<T extends Occupancy>(candidate: T): StoredClash<T>[] {
    const clashes: StoredClash<T>[] = [];
    let previous: ActualLesson | undefined;
    for (const { lesson: existing } of this.near(candidate)) {
      // A lesson sharing two resources is listed twice; sorted by position, its twin is adjacent.
      if (existing === previous || this.excluded.has(existing)) continue;
      previous = existing;
      const fields = clashFields(candidate, existing);
      if (fields.length > 0) clashes.push({ candidate, existing, fields });
    }
    return clashes;
  }

  /** The stored lessons of the candidate's date that share its teacher, room or a group, in the stored order. */
  private near(candidate: Occupancy): Positioned[] {
    const day = this.byDate.get(candidate.date);
    if (!day) return [];
    const near = [...(day.teachers.get(candidate.teacherId) ?? []), ...(day.classrooms.get(candidate.classroomId) ?? [])];
    for (const member of candidate.audience) near.push(...(day.groups.get(member.groupId) ?? []));
    if (near.length > 1) near.sort((a, b) => a.position - b.position);
    return near;
  }

  /** The stored lessons of a teacher, or of any of some groups, on a date (for gap hints). */
  lessonsOn(date: string, who: { teacherId?: number; groupIds?: readonly number[] }): ActualLesson[] {
    const day = this.byDate.get(date);
    if (!day) return [];
    const found = new Set<ActualLesson>();
    if (who.teacherId !== undefined) for (const { lesson } of day.teachers.get(who.teacherId) ?? []) found.add(lesson);
    for (const groupId of who.groupIds ?? []) for (const { lesson } of day.groups.get(groupId) ?? []) found.add(lesson);
    return [...found].filter((lesson) => !this.excluded.has(lesson));
  }
}

interface Positioned {
  lesson: ActualLesson;
  position: number;
}

/** The stored lessons of one date by teacher, room and group. */
interface DayIndex {
  teachers: Map<number, Positioned[]>;
  classrooms: Map<number, Positioned[]>;
  groups: Map<number, Positioned[]>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
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
    private readonly engine: EngineThread,
  ) {}

  /**
   * Every clash between a version's base series and every lesson at a time its teacher's approved
   * hard unavailability closes (version validation, a solved draft's checks). The reads happen here;
   * laying out and comparing a large version runs in the engine thread, off the request loop.
   */
  async checkVersion(semester: LoadedSemester, rules: readonly LoadedRule[]): Promise<ChecksTaskResult & { skippedRuleIds: number[] }> {
    const { inputs, skippedRuleIds } = await this.schedules.baseInputs(semester, rules);
    const teacherIds = [...new Set(inputs.rules.flatMap((rule) => rule.slots.map((slot) => slot.teacherId)))];
    const blocked = teacherIds.length === 0 ? [] : await this.availability.blockedLessons(teacherIds, semester, 'PREFERENCES');
    return { ...(await this.engine.run('checks', { inputs, blocked })), skippedRuleIds };
  }

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
    const meeting = new ReachIndex(reach, irregular);
    const others = loaded.rules.filter(
      (other) => meeting.meets(other) || (overridesOfRule.get(other.id) ?? []).some((override) => meeting.overrideMeets(other, override)),
    );
    const schedule = await this.schedules.load(semester, others, { grids, overrides, extraGroupIds: reach.groupIds });
    const replacedLessons = new Set(query.exceptLessons);
    const onDates = dates && new Set(dates);
    // With dates, each rule is laid out only up to the last of them, or to the latest original date
    // of a lesson one of its overrides moves onto them.
    const lastDate = dates && dates.length > 0 ? dates.reduce((last, date) => (date > last ? date : last)) : undefined;
    const laidOut = (other: LoadedRule) => {
      if (lastDate === undefined || !onDates) return schedule.actualLessonsOf(other);
      let until = lastDate;
      for (const override of overridesOfRule.get(other.id) ?? []) {
        const movedOnto = override.targetLessonDate !== null && onDates.has(override.targetLessonDate);
        if (movedOnto && override.lessonDate > until) until = override.lessonDate;
      }
      return schedule.actualLessonsUntil(other, until);
    };
    const lessons = others
      .flatMap(laidOut)
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
