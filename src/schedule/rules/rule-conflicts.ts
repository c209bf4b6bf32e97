import { AppError } from '../../platform/http/app-error';
import { Clash, clashFields, ConflictField, findClashes } from '../../schedule-engine/conflicts';
import { GeneratedLesson } from '../data/lesson-generator';
import { ChangedLesson } from '../overrides/override-application';
import { ConflictRuleResponse } from './dto/schedule-rule-response.dto';
import { PayloadSlot } from './rule-payload';

/** Rules 8–12 of spec 4.9: clashes among generated lessons, and the 409 body that reports them. */

export const CONFLICT_REASONS: Record<ConflictField, string> = {
  teacher: 'Преподаватель уже занят в это время',
  classroom: 'Аудитория уже занята в это время',
  group: 'У группы уже есть занятие в это время',
  slot: 'Такой слот уже есть в правиле',
};

const DAY_NAMES = ['', 'понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота', 'воскресенье'];
const PARITY_LABELS: Record<PayloadSlot['parity'], string> = {
  BOTH: 'каждую неделю',
  ODD: 'по нечётным неделям',
  EVEN: 'по чётным неделям',
};

const hhmm = (time: string) => time.slice(0, 5);

/** «01.09.2026 (вторник), 08:30–10:00» */
export function describeMoment(lesson: { date: string; dayOfWeek: number; startTime: string; endTime: string }): string {
  const [year, month, day] = lesson.date.split('-');
  return `${day}.${month}.${year} (${DAY_NAMES[lesson.dayOfWeek]}), ${hhmm(lesson.startTime)}–${hhmm(lesson.endTime)}`;
}

function reasonsText(fields: ConflictField[]): string {
  return fields.map((field) => CONFLICT_REASONS[field].charAt(0).toLowerCase() + CONFLICT_REASONS[field].slice(1)).join('; ');
}

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

/**
 * Rule 8 inside the payload: the earliest pair of the rule's own lessons (of different slots) that share
 * a teacher, a classroom or an audience at overlapping times. `lessons` are in date and time order.
 */
export function firstOwnClash(lessons: GeneratedLesson[]): Clash<GeneratedLesson> | undefined {
  const byDate = new Map<string, GeneratedLesson[]>();
  for (const lesson of lessons) {
    const day = byDate.get(lesson.date);
    if (day) day.push(lesson);
    else byDate.set(lesson.date, [lesson]);
  }
  for (const day of byDate.values()) {
    for (let i = 0; i < day.length; i++) {
      for (let j = i + 1; j < day.length; j++) {
        if (day[i].slotId === day[j].slotId) continue;
        const fields = clashFields(day[i], day[j]);
        if (fields.length > 0) return { candidate: day[i], existing: day[j], fields };
      }
    }
  }
  return undefined;
}

export function ownClashError(clash: Clash<GeneratedLesson>, positionOf: (slotId: number) => number): AppError {
  const [a, b] = [positionOf(clash.candidate.slotId), positionOf(clash.existing.slotId)].sort((x, y) => x - y);
  return ruleConflictError(`Слоты ${a} и ${b} этого правила пересекаются ${describeMoment(clash.candidate)}: ${reasonsText(clash.fields)}`, clash.fields);
}

/**
 * Rules 9, 10 and 12: the earliest lesson of the payload that clashes with a stored rule's lesson
 * (lessons as the timetable has them, possibly changed by overrides; `own` in date and time order).
 */
export function firstStoredClash<T extends ChangedLesson>(own: T[], stored: T[]): Clash<T> | undefined {
  return findClashes(own, stored)[0];
}

/** «01.09.2026» */
const dotted = (date: string) => date.split('-').reverse().join('.');

/** What a one-off change did to the stored lesson that clashes, so the message explains why it is there. */
function overrideNote(lesson: ChangedLesson): string {
  const mark = lesson.override;
  if (!mark) return '';
  if (mark.overrideAction === 'MOVE') {
    return mark.originalLessonDate === lesson.date
      ? ' (занятие перенесено на это время разовым изменением)'
      : ` (занятие перенесено разовым изменением с ${dotted(mark.originalLessonDate)})`;
  }
  return ' (в занятии разовая замена)';
}

export function storedClashError(clash: Clash<ChangedLesson>, conflictRule: ConflictRuleResponse): AppError {
  const message =
    `Конфликт с правилом №${conflictRule.id} «${conflictRule.subjectName}» ${describeMoment(clash.candidate)}: ` +
    reasonsText(clash.fields) +
    overrideNote(clash.existing);
  return ruleConflictError(message, clash.fields, conflictRule);
}
