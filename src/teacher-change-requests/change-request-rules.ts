import { Role } from '../platform/auth/roles';
import { BadRequestError } from '../platform/http/app-error';
import { LessonChange } from '../schedule/core';

/** Spec 2 and 3: PENDING → APPROVED (applied) or REJECTED; CANCELLED is a waiting request withdrawn by its teacher (DELETE). */
export const CHANGE_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

export const CHANGE_REQUEST_TYPES = ['MOVE', 'CHANGE_CLASSROOM', 'CANCEL'] as const;
export type ChangeRequestType = (typeof CHANGE_REQUEST_TYPES)[number];

/** What happened to a request, with who and when (spec 6: the only events the interface names). */
export const CHANGE_REQUEST_EVENTS = ['SUBMITTED', 'APPROVED', 'REJECTED', 'CANCELLED'] as const;
export type ChangeRequestEvent = (typeof CHANGE_REQUEST_EVENTS)[number];

/** Who reads the journal: a teacher their own, a department its teachers', the office everything. */
export const CHANGE_REQUEST_READERS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE', 'DEPARTMENT', 'TEACHER'];
/** Who applies or rejects: applying creates an override, which spec 5 gives only to these roles. */
export const CHANGE_REQUEST_REVIEWERS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE'];
/** Who asks for pre-checked options: the teacher for their lesson, the office for any lesson it reviews. */
export const CANDIDATE_READERS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE', 'TEACHER'];
/** Who submits and withdraws: the teacher whose lesson it is (the office changes lessons directly). */
export const CHANGE_REQUEST_AUTHORS: readonly Role[] = ['TEACHER'];

export const CHANGE_REQUEST_NOT_FOUND = 'Заявка на изменение занятия не найдена';
export const DUPLICATE_PENDING_REQUEST = 'По этому занятию уже есть заявка на рассмотрении: дождитесь решения или отзовите её';

/** A submitted request with absent fields as null. */
export interface ChangeAsked {
  requestType: ChangeRequestType;
  targetLessonDate: string | null;
  requestedTimeSlotId: number | null;
  requestedClassroomId: number | null;
}

const REQUIRED: Record<ChangeRequestType, (keyof ChangeAsked)[]> = {
  MOVE: ['requestedTimeSlotId'],
  CHANGE_CLASSROOM: ['requestedClassroomId'],
  CANCEL: [],
};
const ALLOWED: Record<ChangeRequestType, (keyof ChangeAsked)[]> = {
  MOVE: ['requestedTimeSlotId', 'targetLessonDate'],
  CHANGE_CLASSROOM: ['requestedClassroomId'],
  CANCEL: [],
};
const OPTIONAL_FIELDS: (keyof ChangeAsked)[] = ['targetLessonDate', 'requestedTimeSlotId', 'requestedClassroomId'];

/** Spec 4.15: MOVE carries a new pair and maybe a date, CHANGE_CLASSROOM only a room, CANCEL nothing (400 otherwise). */
export function checkRequestShape(asked: ChangeAsked): void {
  const missing = REQUIRED[asked.requestType].filter((field) => asked[field] === null);
  if (missing.length > 0) {
    throw new BadRequestError(`Заявка ${asked.requestType}: укажите ${missing.map((field) => `«${field}»`).join(', ')}`).at(missing[0], ...missing.slice(1));
  }
  const extra = OPTIONAL_FIELDS.filter((field) => asked[field] !== null && !ALLOWED[asked.requestType].includes(field));
  if (extra.length > 0) {
    throw new BadRequestError(`Заявка ${asked.requestType} не допускает полей ${extra.map((field) => `«${field}»`).join(', ')}: уберите их`).at(
      extra[0],
      ...extra.slice(1),
    );
  }
}

/**
 * The one-off change a request asks for, as the override validator and the override writer take it.
 * The lesson has no override (a request is only possible then), so the change starts from nothing;
 * a target date equal to the lesson's own date means "the same day".
 */
export function changeOf(asked: ChangeAsked, lessonDate: string): LessonChange {
  const none = { targetLessonDate: null, newTimeSlotId: null, newTeacherId: null, newClassroomId: null, newLessonFormat: null };
  switch (asked.requestType) {
    case 'MOVE':
      return {
        ...none,
        action: 'MOVE',
        targetLessonDate: asked.targetLessonDate === lessonDate ? null : asked.targetLessonDate,
        newTimeSlotId: asked.requestedTimeSlotId,
      };
    case 'CHANGE_CLASSROOM':
      return { ...none, action: 'REPLACE', newClassroomId: asked.requestedClassroomId };
    case 'CANCEL':
      return { ...none, action: 'CANCEL' };
  }
}
