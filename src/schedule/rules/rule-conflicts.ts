import { AppError } from '../../platform/http/app-error';
import { Clash, ConflictField } from '../../schedule-engine/conflicts';
import { formatDate } from '../../schedule-engine/dates';
import { clashFields } from '../../schedule-engine/conflicts';
import { GeneratedLesson } from '../../schedule-engine/lesson-expansion';
import { ActualLesson } from '../../schedule-engine/override-application';
import { LoadedRule, LoadedSlot } from '../../schedule-engine/rule-model';
import { CONFLICT_REASONS, DAY_NAMES, describeMoment, hhmm, reasonsText, StoredLessons } from '../core';
import { ConflictRuleResponse, ConflictSlotResponse } from './dto/schedule-rule-response.dto';
import { PayloadSlot } from './rule-payload';
import { slotField } from './rule-validation';

/** Rules 8–12 of spec 4.9: the 409 bodies that report clashes among generated lessons. */
const PARITY_LABELS: Record<PayloadSlot['parity'], string> = {
  BOTH: 'каждую неделю',
  ODD: 'по нечётным неделям',
  EVEN: 'по чётным неделям',
};

/** Where a rule's 409 points, as data: the body's slot (`slots[i]`) and the slot it clashes with. */
export interface ClashPlace {
  field: string;
  conflictSlot?: ConflictSlotResponse;
}

/**
 * The spec's 409 body: `{message, conflictRule?, conflictFields, conflictReasons}`, replacing the common
 * body, with `field` and `conflictSlot` beside them so a client places it without reading the message.
 */
export function ruleConflictError(message: string, fields: ConflictField[], conflictRule?: ConflictRuleResponse, place?: ClashPlace): AppError {
  const body: Record<string, unknown> = { message };
  if (conflictRule) body.conflictRule = conflictRule;
  body.conflictFields = fields;
  body.conflictReasons = fields.map((field) => CONFLICT_REASONS[field]);
  if (place?.conflictSlot) body.conflictSlot = place.conflictSlot;
  const error = new AppError(409, message, body);
  return place ? error.at(place.field) : error;
}

/** The rule being checked: its lessons (as they were compared) and which body slot each slot id is. */
export class CheckedRule {
  constructor(
    readonly rule: LoadedRule,
    readonly lessons: readonly GeneratedLesson[],
  ) {}

  /** `slots[i]` of the body for one of the rule's slot ids (new slots have negative ids). */
  fieldOf(slotId: number): string {
    return `slots[${this.rule.slots.findIndex((slot) => slot.id === slotId)}]`;
  }

  lessonsOf(slotId: number): GeneratedLesson[] {
    return this.lessons.filter((lesson) => lesson.slotId === slotId);
  }
}

/** The other slot as data; `clashing` are the proposed lessons that meet it, in date order. */
function conflictSlot(slot: LoadedSlot, stored: boolean, index: number | undefined, clashing: readonly { date: string; weekNumber: number; timeSlotOrder: number }[]): ConflictSlotResponse {
  const first = clashing[0];
  return {
    ruleId: stored ? slot.ruleId : null,
    slotId: slot.id > 0 ? slot.id : null,
    ...(index === undefined ? {} : { slotIndex: index }),
    dayOfWeek: slot.dayOfWeek,
    timeSlotId: slot.timeSlotId,
    parity: slot.parity,
    ...(first ? { date: first.date, pairNumber: first.timeSlotOrder } : {}),
    weeks: [...new Set(clashing.map((lesson) => lesson.weekNumber))].sort((a, b) => a - b),
  };
}

/** Two slots of the body: where slot `a`'s lessons meet slot `b`'s. */
function ownPlace(checked: CheckedRule, a: number, b: number): ClashPlace {
  const others = checked.lessonsOf(b);
  const clashing = checked.lessonsOf(a).filter((lesson) => others.some((other) => clashFields(lesson, other).length > 0));
  const index = checked.rule.slots.findIndex((slot) => slot.id === b);
  return { field: checked.fieldOf(a), conflictSlot: conflictSlot(checked.rule.slots[index], false, index, clashing) };
}

const slotKey = (slot: PayloadSlot) =>
  [slot.dayOfWeek, slot.parity, slot.timeSlotId, slot.teacherId, slot.classroomId, slot.lessonTypeId, slot.subgroupIds.join(',')].join('|');

/** Rule 8: the first slot that repeats an earlier one exactly, with that earlier one. */
export function findDuplicateSlot(slots: PayloadSlot[]): { first: PayloadSlot; repeat: PayloadSlot } | undefined {
  const seen = new Map<string, PayloadSlot>();
  for (const slot of slots) {
    const first = seen.get(slotKey(slot));
    if (first) return { first, repeat: slot };
    seen.set(slotKey(slot), slot);
  }
  return undefined;
}

export function duplicateSlotError(
  duplicate: { first: PayloadSlot; repeat: PayloadSlot },
  time: { startTime: string; endTime: string },
  checked: CheckedRule,
): AppError {
  const { first, repeat } = duplicate;
  const when = `${DAY_NAMES[repeat.dayOfWeek]}, ${hhmm(time.startTime)}–${hhmm(time.endTime)}, ${PARITY_LABELS[repeat.parity]}`;
  const ids = [checked.rule.slots[repeat.position - 1].id, checked.rule.slots[first.position - 1].id];
  const place = { ...ownPlace(checked, ids[0], ids[1]), field: slotField(repeat) };
  return ruleConflictError(`Слот ${repeat.position} повторяет слот ${first.position} этого правила (${when})`, ['slot'], undefined, place);
}

/** Two slots of the body clash: the error is at the later one, and names the earlier one. */
export function ownClashError(clash: Clash<ActualLesson>, checked: CheckedRule): AppError {
  const [a, b] = [clash.candidate.slotId, clash.existing.slotId]
    .map((slotId) => ({ slotId, index: checked.rule.slots.findIndex((slot) => slot.id === slotId) }))
    .sort((x, y) => x.index - y.index);
  return ruleConflictError(
    `Слоты ${a.index + 1} и ${b.index + 1} этого правила пересекаются ${describeMoment(clash.candidate)}: ${reasonsText(clash.fields)}`,
    clash.fields,
    undefined,
    ownPlace(checked, b.slotId, a.slotId),
  );
}

/** What a one-off change did to the stored lesson that clashes, so the message explains why it is there. */
function overrideNote(lesson: ActualLesson): string {
  const mark = lesson.override;
  if (!mark) return '';
  if (mark.overrideAction === 'MOVE') {
    return mark.originalLessonDate === lesson.date
      ? ' (занятие перенесено на это время разовым изменением)'
      : ` (занятие перенесено разовым изменением с ${formatDate(mark.originalLessonDate)})`;
  }
  return ' (в занятии разовая замена)';
}

/** A slot of the body meets a stored rule's slot: the weeks are those its lessons meet that slot in. */
export function storedClashError(clash: Clash<ActualLesson>, conflictRule: ConflictRuleResponse, checked: CheckedRule, stored: StoredLessons): AppError {
  const message =
    `Конфликт с правилом №${conflictRule.id} «${conflictRule.subjectName}» ${describeMoment(clash.candidate)}: ` +
    reasonsText(clash.fields) +
    overrideNote(clash.existing);
  const clashing = checked
    .lessonsOf(clash.candidate.slotId)
    .filter((lesson) => stored.clashesOf(lesson).some((other) => other.existing.slotId === clash.existing.slotId));
  const place = { field: checked.fieldOf(clash.candidate.slotId), conflictSlot: conflictSlot(clash.existing.slot, true, undefined, clashing) };
  return ruleConflictError(message, clash.fields, conflictRule, place);
}
