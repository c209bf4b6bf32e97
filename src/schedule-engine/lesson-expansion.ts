import { AudienceMember, Occupancy } from './conflicts';
import { generateSeries, SeriesLesson, SeriesRule } from './lesson-series';
import { LoadedRule, LoadedSlot } from './rule-model';
import { SemesterContextFactory } from './series-context';

/** A lesson of the base series with the rule and slot it comes from. */
export interface GeneratedLesson extends SeriesLesson, Occupancy {
  rule: LoadedRule;
  slot: LoadedSlot;
}

export function toSeriesRule(rule: LoadedRule): SeriesRule {
  return {
    id: rule.id,
    hours: rule.hours,
    hoursHistory: rule.hoursHistory,
    startWeeks: rule.startWeeks,
    slots: rule.slots.map((slot) => ({
      id: slot.id,
      dayOfWeek: slot.dayOfWeek,
      parity: slot.parity,
      timeSlotId: slot.timeSlotId,
      lessonKind: slot.lessonKind,
      activeFrom: slot.activeFrom,
      activeTo: slot.activeTo,
    })),
  };
}

/** Who attends a slot: each group of the rule, or only its subgroup where the slot names one. */
export function audienceOf(rule: LoadedRule, slot: LoadedSlot): AudienceMember[] {
  return rule.groupIds.map((groupId) => ({
    groupId,
    subgroupId: slot.subgroups.find((subgroup) => subgroup.groupId === groupId)?.id ?? null,
  }));
}

/**
 * The one series generator every consumer uses (viewing, conflict checks, overrides, versions, and
 * later quality and workload): a rule's base series laid out by the pure generator, each lesson with
 * its teacher, room and audience; with `until`, only its lessons up to that date (see `generateSeries`).
 */
export function expandRule(rule: LoadedRule, factory: Pick<SemesterContextFactory, 'forGroups'>, until?: string): GeneratedLesson[] {
  const slots = new Map(rule.slots.map((slot) => [slot.id, slot]));
  const audiences = new Map(rule.slots.map((slot) => [slot.id, audienceOf(rule, slot)]));
  // The series lessons are fresh objects: extending them in place avoids copying ~70k lessons on a
  // whole-version validation (a spread copy costs several times the generation itself).
  return generateSeries(toSeriesRule(rule), factory.forGroups(rule.groupIds), until).map((lesson) => {
    const slot = slots.get(lesson.slotId) as LoadedSlot;
    return Object.assign(lesson, {
      rule,
      slot,
      teacherId: slot.teacherId,
      classroomId: slot.classroomId,
      audience: audiences.get(slot.id) as AudienceMember[],
    });
  });
}

/** Whether every slot of `rule` names a pair of the base grid (a rule that does not cannot be laid out). */
export function usesBasePairs(rule: LoadedRule, basePairIds: ReadonlySet<number>): boolean {
  return rule.slots.every((slot) => basePairIds.has(slot.timeSlotId));
}
