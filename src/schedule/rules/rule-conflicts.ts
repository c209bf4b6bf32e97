import { AppError } from '../../platform/http/app-error';
import { Clash, ConflictField } from '../../schedule-engine/conflicts';
import { formatDate } from '../../schedule-engine/dates';
import { clashFields } from '../../schedule-engine/conflicts';
import { GeneratedLesson } from '../../schedule-engine/lesson-expansion';
import { ActualLesson } from '../../schedule-engine/override-application';
import { LoadedRule, LoadedSlot } from '../../schedule-engine/rule-model';
import { CONFLICT_REASONS, DAY_NAMES, describeMoment, hhmm, reasonsText, StoredLessons } from '../core';
import { ConflictRuleResponse, ConflictSlotResponse } from './dto/schedule-rule-response.dto';
import { isPlacedPayload, PayloadSlot, PlacedPayloadSlot } from './rule-payload';
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

/** The id a body slot has in the validated rule: its own, or minus its position when new. */
export const bodySlotId = (slot: PayloadSlot): number => slot.id ?? -slot.position;

/** The rule being checked: its lessons (as they were compared) and which body slot each slot id is. */
export class CheckedRule {
  /** The body's slot ids in body order: `rule.slots` lacks a draft's unplaced slots, the body has them. */
  private readonly bodyIds: readonly number[];

  constructor(
    readonly rule: LoadedRule,
    readonly lessons: readonly GeneratedLesson[],
    body?: readonly PayloadSlot[],
  ) {
    this.bodyIds = body ? body.map(bodySlotId) : rule.slots.map((slot) => slot.id);
  }

  /** The index in the body of one of the rule's slot ids (new slots have negative ids). */
  indexOf(slotId: number): number {
    return this.bodyIds.indexOf(slotId);
  }

  /** `slots[i]` of the body for one of the rule's slot ids. */
  fieldOf(slotId: number): string {
    return `slots[${this.indexOf(slotId)}]`;
  }

  slot(slotId: number): LoadedSlot {
    const found = this.rule.slots.find((slot) => slot.id === slotId);
    if (!found) throw new Error(`slot ${slotId} is not a placed slot of the checked rule`);
    return found;
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
  return { field: checked.fieldOf(a), conflictSlot: conflictSlot(checked.slot(b), false, checked.indexOf(b), clashing) };
}

const slotKey = (slot: PlacedPayloadSlot) =>
  [slot.dayOfWeek, slot.parity, slot.timeSlotId, slot.teacherId, slot.classroomId, slot.lessonTypeId, slot.subgroupIds.join(',')].join('|');

/**
 * Rule 8: the first placed slot that repeats an earlier one exactly, with that earlier one. Unplaced
 * slots of a draft may repeat: a teaching plan of two lectures a week is two equal unplaced slots.
 */
export function findDuplicateSlot(slots: readonly PayloadSlot[]): { first: PlacedPayloadSlot; repeat: PlacedPayloadSlot } | undefined {
  const seen = new Map<string, PlacedPayloadSlot>();
  for (const slot of slots) {
    if (!isPlacedPayload(slot)) continue;
    const first = seen.get(slotKey(slot));
    if (first) return { first, repeat: slot };
    seen.set(slotKey(slot), slot);
  }
  return undefined;
}

export function duplicateSlotError(
  duplicate: { first: PlacedPayloadSlot; repeat: PlacedPayloadSlot },
  time: { startTime: string; endTime: string },
  checked: CheckedRule,
): AppError {
  const { first, repeat } = duplicate;
  const when = `${DAY_NAMES[repeat.dayOfWeek]}, ${hhmm(time.startTime)}–${hhmm(time.endTime)}, ${PARITY_LABELS[repeat.parity]}`;
  const place = { ...ownPlace(checked, bodySlotId(repeat), bodySlotId(first)), field: slotField(repeat) };
  return ruleConflictError(`Слот ${repeat.position} повторяет слот ${first.position} этого правила (${when})`, ['slot'], undefined, place);
}

/** Two slots of the body clash: the error is at the later one, and names the earlier one. */
export function ownClashError(clash: Clash<ActualLesson>, checked: CheckedRule): AppError {
  const [a, b] = [clash.candidate.slotId, clash.existing.slotId]
    .map((slotId) => ({ slotId, index: checked.indexOf(slotId) }))
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
