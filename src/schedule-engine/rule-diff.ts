import { allSlots, LoadedRule, RuleSlot } from './rule-model';

/**
 * The rules of two versions matched by lineage: a copied rule and its source (or any earlier copy of
 * the same origin) share `COALESCE(lineage_rule_id, id)`. Within one version the active rules have
 * distinct lineage keys (a copy takes one per source rule, a new rule its own fresh id). Pure.
 */

export interface LineageRule {
  rule: LoadedRule;
  /** `COALESCE(lineage_rule_id, id)` */
  lineageId: number;
}

export interface RuleChange {
  rule: LineageRule;
  baseRule: LineageRule;
  changes: string[];
}

export interface RuleDiff {
  added: LineageRule[];
  removed: LineageRule[];
  changed: RuleChange[];
}

/** Slots have no lineage of their own, so they compare as a multiset of their content (an unplaced one's day, pair and room are empty). */
function slotContent(slot: RuleSlot): string {
  const subgroups = slot.subgroups.map((subgroup) => subgroup.id).sort((a, b) => a - b);
  return [slot.dayOfWeek, slot.parity, slot.timeSlotId, slot.teacherId, slot.classroomId, slot.lessonTypeId, slot.lessonFormat, subgroups.join(',')].join('|');
}

function slotsOf(rule: LoadedRule): string {
  return allSlots(rule).map(slotContent).sort().join(';');
}

const sortedGroups = (rule: LoadedRule) => [...rule.groupIds].sort((a, b) => a - b).join(',');

/** The names of the request fields in which `rule` differs from `base`, in the order of the rule body. */
export function ruleChanges(rule: LoadedRule, base: LoadedRule): string[] {
  const comparisons: [string, unknown, unknown][] = [
    ['subjectId', rule.subjectId, base.subjectId],
    ['lectureAcademicHours', rule.hours.LECTURE, base.hours.LECTURE],
    ['laboratoryAcademicHours', rule.hours.LABORATORY, base.hours.LABORATORY],
    ['practiceAcademicHours', rule.hours.PRACTICE, base.hours.PRACTICE],
    ['lectureStartWeek', rule.startWeeks.LECTURE, base.startWeeks.LECTURE],
    ['laboratoryStartWeek', rule.startWeeks.LABORATORY, base.startWeeks.LABORATORY],
    ['practiceStartWeek', rule.startWeeks.PRACTICE, base.startWeeks.PRACTICE],
    ['groupIds', sortedGroups(rule), sortedGroups(base)],
    ['slots', slotsOf(rule), slotsOf(base)],
  ];
  return comparisons.filter(([, value, baseValue]) => value !== baseValue).map(([field]) => field);
}

/** Rules only in `current` (added), only in `base` (removed), and matched ones that differ; each list by rule id. */
export function diffRules(current: readonly LineageRule[], base: readonly LineageRule[]): RuleDiff {
  const baseByLineage = new Map(base.map((entry) => [entry.lineageId, entry]));
  const currentLineages = new Set(current.map((entry) => entry.lineageId));
  const added: LineageRule[] = [];
  const changed: RuleChange[] = [];
  for (const entry of current) {
    const baseRule = baseByLineage.get(entry.lineageId);
    if (!baseRule) {
      added.push(entry);
      continue;
    }
    const changes = ruleChanges(entry.rule, baseRule.rule);
    if (changes.length > 0) changed.push({ rule: entry, baseRule, changes });
  }
  const byId = (a: LineageRule, b: LineageRule) => a.rule.id - b.rule.id;
  return {
    added: added.sort(byId),
    removed: base.filter((entry) => !currentLineages.has(entry.lineageId)).sort(byId),
    changed: changed.sort((a, b) => a.rule.rule.id - b.rule.rule.id),
  };
}
