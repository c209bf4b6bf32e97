import { ALL_ROLES, Role } from '../platform/auth/roles';

/** What a feed follows: a group's, a teacher's or a classroom's timetable, or the subscriber's own lessons (teachers). */
export const FEED_KINDS = ['GROUP', 'TEACHER', 'CLASSROOM', 'MY_LESSONS'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** Timetables are public inside the university (viewing is open to every role), so every role may subscribe. */
export const FEED_SUBSCRIBERS: readonly Role[] = ALL_ROLES;

/** Active (not revoked) feeds one user may hold: enough for every timetable a person follows, not a leak of secrets. */
export const MAX_ACTIVE_FEEDS = 50;

export const FEED_MESSAGES = {
  notFound: 'Подписка на календарь не найдена',
  groupNotFound: 'Группа не найдена',
  teacherNotFound: 'Преподаватель не найден',
  classroomNotFound: 'Аудитория не найдена',
  groupArchived: 'Группа в архиве: на её расписание нельзя подписаться',
  teacherArchived: 'Преподаватель в архиве: на его расписание нельзя подписаться',
  classroomArchived: 'Аудитория в архиве: на её расписание нельзя подписаться',
  targetRequired: 'Поле «targetId» обязательно для подписки на группу, преподавателя или аудиторию',
  myLessonsForTeachers: 'Подписка «Мои занятия» доступна только преподавателю',
  tooMany: `Можно держать не более ${MAX_ACTIVE_FEEDS} действующих подписок; отзовите ненужные`,
} as const;

/** The feed document itself: unknown, revoked and foreign secrets all look the same. */
export const FEED_DOCUMENT_NOT_FOUND = 'Календарь не найден';
