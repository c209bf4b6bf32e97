import { groupActivityOn } from '../../../schedule-engine/group-activity';
import { CalendarSnapshot, SemesterContextFactory } from '../../../schedule-engine/series-context';
import { expandRule, GeneratedLesson } from '../../data/lesson-generator';
import { LoadedRule, LoadedSemester } from '../../data/schedule-data.types';
import { applyOverride, ChangedLesson, lessonKey } from '../../overrides/override-application';
import { OverrideRecord } from '../../overrides/override-record';

function addTo<K, V>(index: Map<K, V[]>, key: K, value: V): void {
  const list = index.get(key);
  if (!list) index.set(key, [value]);
  else if (list[list.length - 1] !== value) list.push(value);
}

/** The snapshot each rule object was loaded into (rules are loaded afresh per snapshot, so there is exactly one). */
const snapshotOfRule = new WeakMap<LoadedRule, SemesterSnapshot>();

export function snapshotOf(rule: LoadedRule): SemesterSnapshot | undefined {
  return snapshotOfRule.get(rule);
}

/**
 * What generation needs for one semester's published version, immutable for one data stamp: the active
 * rules indexed by group, teacher and classroom, the semester's grids and calendars (inside the
 * context factory), each rule's base series, generated on first use by the shared generator, and the
 * version's one-off changes indexed by the lesson they name and by the teacher, room and pair they
 * assign. A changed lesson is made once per snapshot, so its identity (and cached JSON) is stable.
 */
export class SemesterSnapshot {
  readonly rulesByGroup = new Map<number, LoadedRule[]>();
  readonly rulesByTeacher = new Map<number, LoadedRule[]>();
  readonly rulesByClassroom = new Map<number, LoadedRule[]>();
  readonly overridesByNewTeacher = new Map<number, OverrideRecord[]>();
  readonly overridesByNewClassroom = new Map<number, OverrideRecord[]>();
  readonly overridesByNewTimeSlot = new Map<number, OverrideRecord[]>();
  private readonly ruleById = new Map<number, LoadedRule>();
  private readonly overrideByLesson = new Map<string, OverrideRecord>();
  private readonly series = new Map<number, GeneratedLesson[]>();
  private readonly changed = new Map<number, ChangedLesson | null>();
  private readonly activities = new Map<string, number | undefined>();

  constructor(
    readonly semester: LoadedSemester,
    /** Active rules of the published version, by id. */
    readonly rules: readonly LoadedRule[],
    private readonly context: SemesterContextFactory,
    private readonly calendars: CalendarSnapshot,
    /** One-off changes of the published version. */
    overrides: readonly OverrideRecord[] = [],
  ) {
    for (const rule of rules) {
      snapshotOfRule.set(rule, this);
      this.ruleById.set(rule.id, rule);
      for (const groupId of rule.groupIds) addTo(this.rulesByGroup, groupId, rule);
      for (const slot of rule.slots) {
        addTo(this.rulesByTeacher, slot.teacherId, rule);
        addTo(this.rulesByClassroom, slot.classroomId, rule);
      }
    }
    for (const override of overrides) {
      this.overrideByLesson.set(lessonKey(override.baseRuleSlotId, override.lessonDate), override);
      if (override.newTeacherId !== null) addTo(this.overridesByNewTeacher, override.newTeacherId, override);
      if (override.newClassroomId !== null) addTo(this.overridesByNewClassroom, override.newClassroomId, override);
      if (override.newTime !== null) addTo(this.overridesByNewTimeSlot, override.newTime.timeSlotId, override);
    }
  }

  /** The rule's whole base series (every date of the semester); computed once per snapshot. */
  lessonsOf(rule: LoadedRule): GeneratedLesson[] {
    let lessons = this.series.get(rule.id);
    if (!lessons) {
      lessons = expandRule(rule, this.context);
      this.series.set(rule.id, lessons);
    }
    return lessons;
  }

  /** An active rule of this snapshot. */
  rule(id: number): LoadedRule | undefined {
    return this.ruleById.get(id);
  }

  /** The base lesson `slotId + date` of an active rule, if the series has it. */
  baseLessonAt(ruleId: number, slotId: number, date: string): GeneratedLesson | undefined {
    const rule = this.ruleById.get(ruleId);
    return rule && this.lessonsOf(rule).find((lesson) => lesson.slotId === slotId && lesson.date === date);
  }

  /** What the timetable shows for a base lesson of this snapshot: itself, its changed form, or nothing (cancelled). */
  shown(base: GeneratedLesson): ChangedLesson | undefined {
    if (this.overrideByLesson.size === 0) return base;
    const override = this.overrideByLesson.get(lessonKey(base.slotId, base.date));
    if (!override) return base;
    let changed = this.changed.get(override.id);
    if (changed === undefined) {
      changed = applyOverride(base, override, this.semester.startDate) ?? null;
      this.changed.set(override.id, changed);
    }
    return changed ?? undefined;
  }

  /** The calendar activity of a group on a date (undefined: no calendar or an empty cell). */
  activityTypeIdOn(groupId: number, date: string): number | undefined {
    const key = `${groupId}:${date}`;
    if (this.activities.has(key)) return this.activities.get(key);
    const activity = groupActivityOn(this.semester, this.calendars, groupId, date);
    this.activities.set(key, activity);
    return activity;
  }
}
