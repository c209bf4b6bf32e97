import { GeneratedLesson } from '../../../schedule-engine/lesson-expansion';
import { ActualLesson, OverrideRecord } from '../../../schedule-engine/override-application';
import { LoadedRule, LoadedSemester } from '../../../schedule-engine/rule-model';
import { groupActivityOn } from '../../../schedule-engine/group-activity';
import { SemesterSchedule } from '../../../schedule-engine/semester-schedule';

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
 * One semester's published version as viewers read it, immutable for one data stamp: the engine's
 * `SemesterSchedule` (each rule's base series and each changed lesson made once, so their identity,
 * and cached JSON, is stable) with indexes of the active rules by group, teacher and classroom and of
 * the one-off changes by the teacher, room and pair they assign.
 */
export class SemesterSnapshot {
  readonly rulesByGroup = new Map<number, LoadedRule[]>();
  readonly rulesByTeacher = new Map<number, LoadedRule[]>();
  readonly rulesByClassroom = new Map<number, LoadedRule[]>();
  readonly overridesByNewTeacher = new Map<number, OverrideRecord[]>();
  readonly overridesByNewClassroom = new Map<number, OverrideRecord[]>();
  readonly overridesByNewTimeSlot = new Map<number, OverrideRecord[]>();
  private readonly activities = new Map<string, number | undefined>();

  constructor(private readonly schedule: SemesterSchedule) {
    for (const rule of schedule.rules) {
      snapshotOfRule.set(rule, this);
      for (const groupId of rule.groupIds) addTo(this.rulesByGroup, groupId, rule);
      for (const slot of rule.slots) {
        addTo(this.rulesByTeacher, slot.teacherId, rule);
        addTo(this.rulesByClassroom, slot.classroomId, rule);
      }
    }
    for (const override of schedule.overrides) {
      if (override.newTeacherId !== null) addTo(this.overridesByNewTeacher, override.newTeacherId, override);
      if (override.newClassroomId !== null) addTo(this.overridesByNewClassroom, override.newClassroomId, override);
      if (override.newTime !== null) addTo(this.overridesByNewTimeSlot, override.newTime.timeSlotId, override);
    }
  }

  get semester(): LoadedSemester {
    return this.schedule.semester;
  }

  /** Lessons laid out so far (see cache-size.ts). */
  get generatedLessons(): number {
    return this.schedule.generatedLessons;
  }

  /** Active rules of the published version. */
  get rules(): readonly LoadedRule[] {
    return this.schedule.rules;
  }

  /** The rule's whole base series (every date of the semester); computed once per snapshot. */
  lessonsOf(rule: LoadedRule): GeneratedLesson[] {
    return this.schedule.lessonsOf(rule);
  }

  /** An active rule of this snapshot. */
  rule(id: number): LoadedRule | undefined {
    return this.schedule.rule(id);
  }

  /** The base lesson `slotId + date` of an active rule, if the series has it. */
  baseLessonAt(ruleId: number, slotId: number, date: string): GeneratedLesson | undefined {
    return this.schedule.baseLessonAt(ruleId, slotId, date);
  }

  /** What the timetable shows for a base lesson of this snapshot: itself, its changed form, or nothing (cancelled). */
  shown(base: GeneratedLesson): ActualLesson | undefined {
    return this.schedule.shown(base);
  }

  /** The calendar activity of a group on a date (undefined: no calendar or an empty cell). */
  activityTypeIdOn(groupId: number, date: string): number | undefined {
    const key = `${groupId}:${date}`;
    if (this.activities.has(key)) return this.activities.get(key);
    const activity = groupActivityOn(this.semester, this.schedule.context.calendars, groupId, date);
    this.activities.set(key, activity);
    return activity;
  }
}
