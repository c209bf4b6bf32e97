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

/** A snapshot's lookups of its active rules and one-off changes, made once per loaded version and shared by its lean copies. */
interface SnapshotIndexes {
  rulesByGroup: Map<number, LoadedRule[]>;
  rulesByTeacher: Map<number, LoadedRule[]>;
  rulesByClassroom: Map<number, LoadedRule[]>;
  overridesByNewTeacher: Map<number, OverrideRecord[]>;
  overridesByNewClassroom: Map<number, OverrideRecord[]>;
  overridesByNewTimeSlot: Map<number, OverrideRecord[]>;
}

function indexesOf(schedule: SemesterSchedule): SnapshotIndexes {
  const indexes: SnapshotIndexes = {
    rulesByGroup: new Map(),
    rulesByTeacher: new Map(),
    rulesByClassroom: new Map(),
    overridesByNewTeacher: new Map(),
    overridesByNewClassroom: new Map(),
    overridesByNewTimeSlot: new Map(),
  };
  for (const rule of schedule.rules) {
    for (const groupId of rule.groupIds) addTo(indexes.rulesByGroup, groupId, rule);
    for (const slot of rule.slots) {
      addTo(indexes.rulesByTeacher, slot.teacherId, rule);
      addTo(indexes.rulesByClassroom, slot.classroomId, rule);
    }
  }
  for (const override of schedule.overrides) {
    if (override.newTeacherId !== null) addTo(indexes.overridesByNewTeacher, override.newTeacherId, override);
    if (override.newClassroomId !== null) addTo(indexes.overridesByNewClassroom, override.newClassroomId, override);
    if (override.newTime !== null) addTo(indexes.overridesByNewTimeSlot, override.newTime.timeSlotId, override);
  }
  return indexes;
}

/**
 * One semester's published version as viewers read it, immutable for one data stamp: the engine's
 * `SemesterSchedule` (each rule's base series and each changed lesson made once, so their identity,
 * and cached JSON, is stable) with indexes of the active rules by group, teacher and classroom and of
 * the one-off changes by the teacher, room and pair they assign.
 */
export class SemesterSnapshot {
  readonly rulesByGroup: Map<number, LoadedRule[]>;
  readonly rulesByTeacher: Map<number, LoadedRule[]>;
  readonly rulesByClassroom: Map<number, LoadedRule[]>;
  readonly overridesByNewTeacher: Map<number, OverrideRecord[]>;
  readonly overridesByNewClassroom: Map<number, OverrideRecord[]>;
  readonly overridesByNewTimeSlot: Map<number, OverrideRecord[]>;
  constructor(
    private readonly schedule: SemesterSchedule,
    indexes: SnapshotIndexes = indexesOf(schedule),
    /** Calendar activities by group, then date (nested: no key string made per lesson rendered). */
    private readonly activities = new Map<number, Map<string, number | undefined>>(),
  ) {
    this.rulesByGroup = indexes.rulesByGroup;
    this.rulesByTeacher = indexes.rulesByTeacher;
    this.rulesByClassroom = indexes.rulesByClassroom;
    this.overridesByNewTeacher = indexes.overridesByNewTeacher;
    this.overridesByNewClassroom = indexes.overridesByNewClassroom;
    this.overridesByNewTimeSlot = indexes.overridesByNewTimeSlot;
  }

  /** This snapshot's rules, changes and indexes without its laid-out lessons and memos (see TenantSnapshots.trim). */
  withoutLaidOutLessons(): SemesterSnapshot {
    return new SemesterSnapshot(this.schedule.withoutLaidOutLessons(), this);
  }

  /**
   * A copy for one request that must not add to a full cache (see LessonPipeline.load): it reads the
   * same rules and indexes, and lays out lessons into its own memo, which goes with the request.
   */
  scratchCopy(): SemesterSnapshot {
    return new SemesterSnapshot(this.schedule.scratchCopy(), this, this.activities);
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
    let byDate = this.activities.get(groupId);
    if (!byDate) this.activities.set(groupId, (byDate = new Map<string, number | undefined>()));
    if (byDate.has(date)) return byDate.get(date);
    const activity = groupActivityOn(this.semester, this.schedule.context.calendars, groupId, date);
    byDate.set(date, activity);
    return activity;
  }
}
