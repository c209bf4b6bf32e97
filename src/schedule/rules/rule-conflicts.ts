import { AppError } from '../../platform/http/app-error';
import { Clash, ConflictField } from '../../schedule-engine/conflicts';
import { formatDate } from '../../schedule-engine/dates';
import { ActualLesson } from '../../schedule-engine/override-application';
import { CONFLICT_REASONS, DAY_NAMES, describeMoment, hhmm, reasonsText } from '../core';
import { ConflictRuleResponse } from './dto/schedule-rule-response.dto';
import { PayloadSlot } from './rule-payload';

/** Rules 8–12 of spec 4.9: the 409 bodies that report clashes among generated lessons. */
const PARITY_LABELS: Record<PayloadSlot['parity'], string> = {
  BOTH: 'каждую неделю',
  ODD: 'по нечётным неделям',
  EVEN: 'по чётным неделям',
};

/** The spec's 409 body: `{message, conflictRule?, conflictFields, conflictReasons}`, replacing the common body. */
export function ruleConflictError(message: string, fields: ConflictField[], conflictRule?: ConflictRuleResponse): AppError {
  const body: Record<string, unknown> = { message };
  if (conflictRule) body.conflictRule = conflictRule;
  body.conflictFields = fields;
  body.conflictReasons = fields.map((field) => CONFLICT_REASONS[field]);
  return new AppError(409, message, body);
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

export function duplicateSlotError(duplicate: { first: PayloadSlot; repeat: PayloadSlot }, time: { startTime: string; endTime: string }): AppError {
  const { first, repeat } = duplicate;
  const when = `${DAY_NAMES[repeat.dayOfWeek]}, ${hhmm(time.startTime)}–${hhmm(time.endTime)}, ${PARITY_LABELS[repeat.parity]}`;
  return ruleConflictError(`Слот ${repeat.position} повторяет слот ${first.position} этого правила (${when})`, ['slot']);
}

export function ownClashError(clash: Clash<ActualLesson>, positionOf: (slotId: number) => number): AppError {
  const [a, b] = [positionOf(clash.candidate.slotId), positionOf(clash.existing.slotId)].sort((x, y) => x - y);
  return ruleConflictError(`Слоты ${a} и ${b} этого правила пересекаются ${describeMoment(clash.candidate)}: ${reasonsText(clash.fields)}`, clash.fields);
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

export function storedClashError(clash: Clash<ActualLesson>, conflictRule: ConflictRuleResponse): AppError {
  const message =
    `Конфликт с правилом №${conflictRule.id} «${conflictRule.subjectName}» ${describeMoment(clash.candidate)}: ` +
    reasonsText(clash.fields) +
    overrideNote(clash.existing);
  return ruleConflictError(message, clash.fields, conflictRule);
}
