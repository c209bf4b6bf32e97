import { plural } from '../../platform/http/russian';
import { QualityFacts } from '../../schedule-engine/quality';
import type { UnplacedReason } from '../../schedule-solver';
import { UnplacedBlockerDto, UnplacedReasonDto, UnplacedReportDto, UnplacedSlotDto } from './dto/optimization.dto';
import { BuiltProblem, EventOrigin, RuleInput, SlotInput } from './problem-builder';

/** The report lists at most this many slots and this many blockers (the job row stays small). */
const MAX_LISTED_SLOTS = 500;
const MAX_BLOCKERS = 10;
/** Reasons shown per slot; the rest are counted in `moreReasons` («и ещё N»). */
export const MAX_REASONS_PER_SLOT = 10;

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
 * The unplaced slots in words an office acts on (issues 43 and 54 §2). Per slot, its reasons merged
 * (one line per thing in the way, its cells summed) and ranked by the cells they close, each naming
 * what to change: the group, teacher or subgroup and the rule holding the cell (a locked rule said
 * so), the seats or the equipment no room has, the teacher's unavailability; at most ten lines, the
 * rest counted. Its headline is its first line. The run's headline is the blocker that heads the most
 * slots; `topBlockers` count, per thing in the way, the slots it stops.
 *
 * Rules are named as the result has them (the link opens the result's rule), with the source's
 * number beside when they differ.
 */
export function unplacedReport(input: UnplacedInput): UnplacedReportDto {
  const { built, facts } = input;
  const names = new Names(facts);
  const slots: UnplacedSlotDto[] = [];
  const blockerCounts = new Map<string, number>();
  const headlineCounts = new Map<string, number>();
  const resultRuleOf = (origin: EventOrigin | { rule: RuleInput; slot: SlotInput }): number => input.copies.get(origin.slot.id)?.ruleId ?? origin.rule.id;
  const ruleName = (origin: { rule: RuleInput; slot: SlotInput }): string => {
    const own = resultRuleOf(origin);
    return `правило №${own}${own !== origin.rule.id ? ` (в исходной версии №${origin.rule.id})` : ''} «${origin.rule.subjectName}»`;
  };

  const entry = (rule: RuleInput, slot: SlotInput, found: UnplacedReasonDto[]): UnplacedSlotDto => {
    const reasons = merge(found);
    for (const reason of reasons) blockerCounts.set(reason.text, (blockerCounts.get(reason.text) ?? 0) + 1);
    const headline = reasons[0] ? `Сначала: ${lowerFirst(reasons[0].text)}` : '';
    if (reasons[0]) headlineCounts.set(reasons[0].text, (headlineCounts.get(reasons[0].text) ?? 0) + 1);
    const copy = input.copies.get(slot.id);
    return {
      ruleId: rule.id,
      slotId: slot.id,
      resultRuleId: copy?.ruleId ?? null,
      resultSlotId: copy?.slotId ?? null,
      label: slotLabel(rule, slot, copy?.ruleId),
      headline,
      reasons: reasons.slice(0, MAX_REASONS_PER_SLOT),
      moreReasons: Math.max(0, reasons.length - MAX_REASONS_PER_SLOT),
    };
  };

  for (const { rule, slot } of built.lockedUnplaced) slots.push(entry(rule, slot, [{ code: 'LOCKED', text: LOCKED_TEXT, cells: 0, blockingRuleId: null, blockingResultRuleId: null }]));
  for (const reason of input.reasons) {
    const origin = built.origins[reason.event];
    const list: UnplacedReasonDto[] = reason.resourceBusy.map((busy) => {
      const resource = built.resources[busy.resource];
      const blocking = built.origins[busy.byEvent];
      const lockedBlocker = blocking !== undefined && built.problem.events[busy.byEvent].fixed;
      const who = `${names.resource(resource)} ${resource.kind === 'teacher' ? 'занят' : 'занята'}`;
      return {
        code: lockedBlocker ? 'LOCKED_BLOCKER' : resource.kind === 'teacher' ? 'TEACHER_BUSY' : 'GROUP_BUSY',
        text: blocking
          ? lockedBlocker
            ? `${who}: закреплённое ${ruleName(blocking)} — снимите закрепление или перенесите его`
            : `${who}: ${ruleName(blocking)}`
          : who,
        cells: busy.cells,
        blockingRuleId: blocking?.rule.id ?? null,
        blockingResultRuleId: blocking ? resultRuleOf(blocking) : null,
      };
    });
    if (reason.roomBusy > 0) {
      const seats = origin.seatsHard ? ` ${seatsText(origin.students)}` : '';
      const kit = origin.needed.length ? ` с оборудованием: ${origin.needed.map((item) => `«${item.name}»`).join(', ')}` : '';
      list.push({ code: 'ROOM_BUSY', text: `Все подходящие аудитории${seats}${kit} заняты`, cells: reason.roomBusy, blockingRuleId: null, blockingResultRuleId: null });
    }
    // No room fits: every open cell of the grid is closed by it, so it outranks whoever holds some of them.
    if (reason.noRoom) list.push({ ...noRoomReason(built, origin, facts), cells: built.problem.days * built.problem.periodsPerDay - reason.unavailable });
    if (reason.unavailable > 0) {
      list.push({
        code: 'UNAVAILABLE',
        text: `Преподаватель ${names.teacher(origin.slot.teacherId)} недоступен (утверждённое ограничение)`,
        cells: reason.unavailable,
        blockingRuleId: null,
        blockingResultRuleId: null,
      });
    }
    slots.push(entry(origin.rule, origin.slot, list));
  }
  for (const event of input.refusedEvents) {
    const { rule, slot } = built.origins[event];
    slots.push(entry(rule, slot, [{ code: 'REFUSED', text: REFUSED_TEXT, cells: 0, blockingRuleId: null, blockingResultRuleId: null }]));
  }

  const ranked = (counts: Map<string, number>) => [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const topBlockers: UnplacedBlockerDto[] = ranked(blockerCounts)
    .slice(0, MAX_BLOCKERS)
    .map(([text, count]) => ({ text, slots: count }));
  const [first] = ranked(headlineCounts);
  const headline = first ? `Сначала: ${lowerFirst(first[0])} — это первое препятствие у ${first[1]} из ${slots.length} неразмещённых занятий` : null;
  return { slots: slots.slice(0, MAX_LISTED_SLOTS), topBlockers, headline };
}

/** One line per text, cells summed (a group held through its subgroups says it once), most cells first. */
function merge(reasons: UnplacedReasonDto[]): UnplacedReasonDto[] {
  const byText = new Map<string, UnplacedReasonDto>();
  for (const reason of reasons) {
    const seen = byText.get(reason.text);
    if (seen) seen.cells += reason.cells;
    else byText.set(reason.text, { ...reason });
  }
  return [...byText.values()].sort((a, b) => b.cells - a.cells);
}

/**
 * No room at all: which of its needs no room meets. Seats (when they are hard for the solver):
 * «нет аудитории на N мест» with the largest there is; equipment: what no room has, or no room has
 * all of it together; both met apart but never in one room: said so.
 */
function noRoomReason(built: BuiltProblem, origin: EventOrigin, facts: QualityFacts): UnplacedReasonDto {
  const base = { code: 'NO_ROOM', cells: 0, blockingRuleId: null, blockingResultRuleId: null };
  const capacities = built.roomIds.map((id) => facts.classrooms.get(id)?.capacity ?? 0);
  const largest = capacities.length ? Math.max(...capacities) : 0;
  const kit = origin.needed.map((item) => `«${item.name}»`).join(', ');
  if (origin.seatsHard && largest < origin.students) {
    return { ...base, code: 'NO_ROOM_SEATS', text: `Нет аудитории ${seatsText(origin.students)} (самая большая — ${largest}): разделите поток или снимите жёсткое условие о вместимости` };
  }
  if (origin.needed.length > 0) {
    const seats = origin.seatsHard ? ` ${seatsText(origin.students)}` : '';
    return { ...base, code: 'NO_ROOM_EQUIPMENT', text: `Нет аудитории${seats} с оборудованием: ${kit}` };
  }
  return { ...base, text: 'Нет подходящей аудитории' };
}

/** «на 24 места», «на 190 мест». */
function seatsText(students: number): string {
  return `на ${students} ${plural(students, 'место', 'места', 'мест')}`;
}

/** «№1159 (в исходной версии №867) «Физика», лекция, чётные недели»: the result's rule first, the source's beside. */
export function slotLabel(rule: RuleInput, slot: SlotInput, resultRuleId?: number): string {
  const weeks = slot.parity === 'ODD' ? ', нечётные недели' : slot.parity === 'EVEN' ? ', чётные недели' : '';
  const number = resultRuleId !== undefined && resultRuleId !== rule.id ? `№${resultRuleId} (в исходной версии №${rule.id})` : `№${rule.id}`;
  return `${number} «${rule.subjectName}», ${KIND_NAMES[slot.lessonKind]}${weeks}`;
}

function lowerFirst(text: string): string {
  // «Преподаватель», «Группа», «Нет», «Все» read well lower-cased after «Сначала:»; a quoted name does not start a line.
  return text[0].toLowerCase() + text.slice(1);
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
