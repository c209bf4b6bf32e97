import { addDays } from '../../schedule-engine/dates';
import { dateIn, instantIn } from '../../platform/http/time-zones';
import { LessonChangedEvent } from '../../platform/outbox/outbox';
import type { Follower } from '../subscriptions.repository';

export type { Follower };

/** What decides who hears of a lesson: where and when it is, and for whom. */
export interface LessonFacts {
  date: string;
  groupIds: readonly number[];
  teacherId: number;
  classroomId: number;
}

/** Whether the subscription follows a timetable the lesson is in. */
export function follows(follower: Follower, lesson: LessonFacts): boolean {
  switch (follower.kind) {
    case 'GROUP':
      return lesson.groupIds.includes(follower.targetId);
    case 'TEACHER':
    case 'MY_LESSONS':
      return lesson.teacherId === follower.targetId;
    case 'CLASSROOM':
      return lesson.classroomId === follower.targetId;
  }
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** Whether the lesson falls within the next `horizonDays` days from `today` (inclusive). */
export function withinHorizon(follower: Follower, lesson: LessonFacts, today: string): boolean {
  const offset = dayNumber(lesson.date) - dayNumber(today);
  return offset >= 0 && offset <= follower.horizonDays;
}

export interface Delivery<T> {
  userId: number;
  inApp: boolean;
  /** The e-mail that wins (`emailRank`), if any. */
  email?: Follower;
  /** The lessons of the event this user hears of (followed and within the horizon). */
  lessons: T[];
}

/**
 * Which e-mail wins when several of a user's follow one event: a subscription the user made before the
 * default of their own lessons (a teacher who asked for a 07:00 digest of «мои занятия» gets the digest,
 * not an e-mail at once besides), and among their subscriptions an immediate one before a digest.
 */
function emailRank(follower: Follower): number {
  if (follower.ownLessons) return 2;
  return follower.mode === 'IMMEDIATE' ? 0 : 1;
}

/**
 * One delivery per user for one event, however many of their subscriptions match: a lesson counts
 * for a subscription when it is in the followed timetable and within its horizon.
 */
export function deliveriesOf<T extends LessonFacts>(lessons: readonly T[], followers: readonly Follower[], today: string): Delivery<T>[] {
  const byUser = new Map<number, Delivery<T>>();
  for (const follower of followers) {
    const matched = lessons.filter((lesson) => follows(follower, lesson) && withinHorizon(follower, lesson, today));
    if (matched.length === 0) continue;
    const delivery = byUser.get(follower.userId) ?? { userId: follower.userId, inApp: false, lessons: [] };
    for (const lesson of matched) if (!delivery.lessons.includes(lesson)) delivery.lessons.push(lesson);
    if (follower.channel === 'IN_APP') delivery.inApp = true;
    else if (!delivery.email || emailRank(follower) < emailRank(delivery.email)) delivery.email = follower;
    byUser.set(follower.userId, delivery);
  }
  return [...byUser.values()];
}

/** A one-off change's lesson before and after, as lessons to match (a cancelled side is no lesson). */
export function changedLessons(event: LessonChangedEvent): LessonFacts[] {
  return [event.before, event.after].filter((moment) => moment !== null).map((moment) => ({ ...moment, groupIds: event.groupIds }));
}

/**
 * When a digest subscription's message goes out: the next `digestTime` on the walls of the
 * university's `timeZone` after `now`, as an instant.
 */
export function nextDigestAt(digestTime: string, now: Date, timeZone: string): Date {
  const today = dateIn(timeZone, now);
  const candidate = instantIn(timeZone, today, digestTime);
  return candidate.getTime() > now.getTime() ? candidate : instantIn(timeZone, addDays(today, 1), digestTime);
}
