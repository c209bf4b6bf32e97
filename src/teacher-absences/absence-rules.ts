import { Role } from '../platform/auth/roles';
import { BadRequestError } from '../platform/http/app-error';
import { daysBetween, formatDate } from '../schedule-engine/dates';

/** PENDING, APPROVED, REJECTED and RESOLVED are the spec's; CANCELLED is a waiting or unprocessed absence taken back (DELETE). */
export const ABSENCE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'RESOLVED', 'CANCELLED'] as const;
export type AbsenceStatus = (typeof ABSENCE_STATUSES)[number];

export const RESOLUTIONS = ['REPLACE_TEACHER', 'MOVE_TIME', 'CHANGE_CLASSROOM', 'CANCEL', 'REJECT'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/** Who works with absences at all; STUDENT and SCHEDULE_VIEWER do not. */
export const ABSENCE_USERS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE', 'DEPARTMENT', 'TEACHER'];
/** Who reviews a teacher's absence (DEPARTMENT: teachers assigned to it during the period). */
export const ABSENCE_REVIEWERS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE', 'DEPARTMENT'];
/** Who plans around an absence: the wizard and resolution create overrides, which only these roles may (spec 5). */
export const ABSENCE_PLANNERS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE'];

/** Spec 8: at most 120 days, both ends counted. */
export const MAX_ABSENCE_DAYS = 120;

export const ABSENCE_NOT_FOUND = 'Отсутствие преподавателя не найдено';

/** The period rules of spec 4.13 (400 with a Russian message). */
export function checkAbsencePeriod(startDate: string, endDate: string): void {
  if (endDate < startDate) {
    throw new BadRequestError(`Дата окончания (${formatDate(endDate)}) раньше даты начала (${formatDate(startDate)})`).at('endDate');
  }
  const days = daysBetween(startDate, endDate) + 1;
  if (days > MAX_ABSENCE_DAYS) {
    throw new BadRequestError(`Отсутствие длится не более ${MAX_ABSENCE_DAYS} дней (включительно), а указано ${days}`).at('endDate');
  }
}

/** One resolve decision with absent fields as null. */
export interface Decision {
  baseRuleSlotId: number;
  lessonDate: string;
  resolution: Resolution;
  newTeacherId: number | null;
  targetLessonDate: string | null;
  newTimeSlotId: number | null;
  newClassroomId: number | null;
  comment: string | null;
}

const REQUIRED: Record<Resolution, (keyof Decision)[]> = {
  REPLACE_TEACHER: ['newTeacherId'],
  MOVE_TIME: ['newTimeSlotId'],
  CHANGE_CLASSROOM: ['newClassroomId'],
  CANCEL: [],
  REJECT: [],
};
const ALLOWED: Record<Resolution, (keyof Decision)[]> = {
  REPLACE_TEACHER: ['newTeacherId', 'newClassroomId'],
  MOVE_TIME: ['targetLessonDate', 'newTimeSlotId', 'newClassroomId'],
  CHANGE_CLASSROOM: ['newClassroomId'],
  CANCEL: [],
  REJECT: [],
};
const OPTIONAL_FIELDS: (keyof Decision)[] = ['newTeacherId', 'targetLessonDate', 'newTimeSlotId', 'newClassroomId'];

/** Which fields each resolution needs and allows (400 naming the decision by its position, from 1). */
export function checkDecisionShape(decision: Decision, position: number): void {
  const missing = REQUIRED[decision.resolution].filter((field) => decision[field] === null);
  if (missing.length > 0) throw new BadRequestError(`Решение ${position} (${decision.resolution}): укажите ${missing.join(', ')}`);
  const extra = OPTIONAL_FIELDS.filter((field) => decision[field] !== null && !ALLOWED[decision.resolution].includes(field));
  if (extra.length > 0) throw new BadRequestError(`Решение ${position} (${decision.resolution}) не допускает полей ${extra.join(', ')}: уберите их`);
}
