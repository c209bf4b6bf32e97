import { Role } from '../platform/auth/roles';
import { BadRequestError } from '../platform/http/app-error';

import { PreferenceType } from '../schedule-engine/preference-types';

export { PREFERENCE_TYPES } from '../schedule-engine/preference-types';
export type { PreferenceType } from '../schedule-engine/preference-types';

/** PENDING and APPROVED are the spec's; REJECTED, WITHDRAWN (a waiting one taken back) and CANCELLED (an approved one ended) close a preference. */
export const PREFERENCE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN', 'CANCELLED'] as const;
export type PreferenceStatus = (typeof PREFERENCE_STATUSES)[number];

/** Who works with preferences at all; STUDENT and SCHEDULE_VIEWER do not. */
export const PREFERENCE_USERS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE', 'DEPARTMENT', 'TEACHER'];
/** Who reviews a teacher's preference (DEPARTMENT: its own teachers only). */
export const PREFERENCE_REVIEWERS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE', 'DEPARTMENT'];

export const PREFERENCE_NOT_FOUND = 'Пожелание преподавателя не найдено';

export const PREFERENCE_TYPE_LABELS: Record<PreferenceType, string> = {
  HARD_UNAVAILABLE: 'Недоступен (жёсткое ограничение)',
  SOFT_PREFERRED: 'Предпочтительное время',
  SOFT_UNWANTED: 'Нежелательное время',
  CONSECUTIVE: 'Занятия подряд',
  NO_GAPS: 'Без окон',
};

/** When a preference applies: a weekly base pair, a whole date, or (compactness wishes) a weekday or the whole semester. */
export interface PreferenceTime {
  dayOfWeek: number | null;
  timeSlotId: number | null;
  preferenceDate: string | null;
}

/** The shape rules of spec 4.14 on the body alone (400 with a Russian message). */
export function checkPreferenceShape(type: PreferenceType, time: PreferenceTime): void {
  const { dayOfWeek, timeSlotId, preferenceDate } = time;
  if (type === 'CONSECUTIVE' || type === 'NO_GAPS') {
    if (timeSlotId !== null || preferenceDate !== null) {
      throw new BadRequestError(
        `Пожелание «${PREFERENCE_TYPE_LABELS[type]}» относится ко всему семестру или к дню недели (dayOfWeek): уберите timeSlotId и preferenceDate`,
      ).at('preferenceType');
    }
    return;
  }
  if (preferenceDate !== null) {
    if (dayOfWeek !== null || timeSlotId !== null) {
      throw new BadRequestError('Пожелание на целую дату задаётся только полем preferenceDate: уберите dayOfWeek и timeSlotId').at('preferenceDate');
    }
    return;
  }
  if (dayOfWeek === null || timeSlotId === null) {
    throw new BadRequestError('Укажите день недели (dayOfWeek) и пару основной сетки (timeSlotId) либо целую дату (preferenceDate)').at('dayOfWeek');
  }
}
