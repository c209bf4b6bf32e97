import { QualityFacts } from '../../schedule-engine/quality';
import type { UnplacedReason } from '../../schedule-solver';
import { UnplacedBlockerDto, UnplacedReasonDto, UnplacedReportDto, UnplacedSlotDto } from './dto/optimization.dto';
import { BuiltProblem, RuleInput, SlotInput } from './problem-builder';

/** The report lists at most this many slots and this many blockers (the job row stays small). */
const MAX_LISTED_SLOTS = 500;
const MAX_BLOCKERS = 10;

const KIND_NAMES: Record<SlotInput['lessonKind'], string> = { LECTURE: 'лекция', PRACTICE: 'практика', LABORATORY: 'лабораторная' };

export const REFUSED_TEXT = 'Проверка расписания не допустила место, найденное расчётом (пересечение или недоступность преподавателя)';
export const LOCKED_TEXT = 'Правило закреплено, а у занятия нет места: разместите его вручную или снимите закрепление';

/** Everything the report needs besides the solver's answer. */
export interface UnplacedInput {
  built: BuiltProblem;
  facts: QualityFacts;
  /** The solver's reasons, by event. */
  reasons: readonly UnplacedReason[];
  /** Events the schedule's own checks refused where the solver put them. */
  refusedEvents: readonly number[];
  /** Source slot id → the result's slot and rule ids. */
  copies: ReadonlyMap<number, { slotId: number; ruleId: number }>;
}

/**
 * The unplaced slots in words an office acts on (issue 43): for each, every reason counted over the
 * grid's cells (which rule holds its teacher, group or subgroup, rooms taken, no room fits, closed
 * cells), largest first; and the blockers that stop the most slots overall.
 */
export function unplacedReport(input: UnplacedInput): UnplacedReportDto {
  const { built, facts } = input;
  const names = new Names(facts);
  const slots: UnplacedSlotDto[] = [];
  const blockerCounts = new Map<string, number>();
  const entry = (rule: RuleInput, slot: SlotInput, reasons: UnplacedReasonDto[]): UnplacedSlotDto => {
    reasons.sort((a, b) => b.cells - a.cells);
    for (const text of new Set(reasons.map((reason) => reason.text))) blockerCounts.set(text, (blockerCounts.get(text) ?? 0) + 1);
    const copy = input.copies.get(slot.id);
    return { ruleId: rule.id, slotId: slot.id, resultRuleId: copy?.ruleId ?? null, resultSlotId: copy?.slotId ?? null, label: slotLabel(rule, slot), reasons };
  };

  for (const { rule, slot } of built.lockedUnplaced) slots.push(entry(rule, slot, [{ code: 'LOCKED', text: LOCKED_TEXT, cells: 0, blockingRuleId: null }]));
  for (const reason of input.reasons) {
    const { rule, slot } = built.origins[reason.event];
    const list: UnplacedReasonDto[] = reason.resourceBusy.map((busy) => {
      const resource = built.resources[busy.resource];
      const blocking = built.origins[busy.byEvent]?.rule;
      const by = blocking ? `: правило №${blocking.id} «${blocking.subjectName}»` : '';
      return {
        code: resource.kind === 'teacher' ? 'TEACHER_BUSY' : 'GROUP_BUSY',
        text: `${names.resource(resource)} ${resource.kind === 'teacher' ? 'занят' : 'занята'}${by}`,
        cells: busy.cells,
        blockingRuleId: blocking?.id ?? null,
      };
    });
    if (reason.roomBusy > 0) list.push({ code: 'ROOM_BUSY', text: 'Все подходящие аудитории заняты', cells: reason.roomBusy, blockingRuleId: null });
    if (reason.noRoom) list.push({ code: 'NO_ROOM', text: 'Нет аудитории, подходящей по вместимости или оснащению', cells: 0, blockingRuleId: null });
    if (reason.unavailable > 0) {
      list.push({ code: 'UNAVAILABLE', text: `Преподаватель ${names.teacher(slot.teacherId)} недоступен (утверждённое ограничение)`, cells: reason.unavailable, blockingRuleId: null });
    }
    slots.push(entry(rule, slot, list));
  }
  for (const event of input.refusedEvents) {
    const { rule, slot } = built.origins[event];
    slots.push(entry(rule, slot, [{ code: 'REFUSED', text: REFUSED_TEXT, cells: 0, blockingRuleId: null }]));
  }

  const topBlockers: UnplacedBlockerDto[] = [...blockerCounts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, MAX_BLOCKERS)
    .map(([text, count]) => ({ text, slots: count }));
  return { slots: slots.slice(0, MAX_LISTED_SLOTS), topBlockers };
}

/** «№12 «Физика», лекция, чётные недели» */
export function slotLabel(rule: RuleInput, slot: SlotInput): string {
  const weeks = slot.parity === 'ODD' ? ', нечётные недели' : slot.parity === 'EVEN' ? ', чётные недели' : '';
  return `№${rule.id} «${rule.subjectName}», ${KIND_NAMES[slot.lessonKind]}${weeks}`;
}

class Names {
  constructor(private readonly facts: QualityFacts) {}

  teacher(id: number): string {
    return `«${this.facts.teachers.get(id)?.name ?? `№${id}`}»`;
  }

  resource(resource: { kind: 'teacher' | 'group' | 'subgroup'; id: number }): string {
    switch (resource.kind) {
      case 'teacher':
        return `Преподаватель ${this.teacher(resource.id)}`;
      case 'group':
        return `Группа «${this.facts.groups.get(resource.id)?.name ?? `№${resource.id}`}»`;
      case 'subgroup':
        return `Подгруппа «${this.facts.subgroups.get(resource.id)?.name ?? `№${resource.id}`}»`;
    }
  }
}
