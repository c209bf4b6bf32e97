import { LessonChangedEvent } from '../../platform/outbox/outbox';

export type SubscriptionKind = 'GROUP' | 'TEACHER' | 'CLASSROOM' | 'MY_LESSONS';
export type Channel = 'EMAIL' | 'IN_APP';
export type Mode = 'IMMEDIATE' | 'DAILY_DIGEST';

/** A subscription as delivery sees it. */
export interface Follower {
  id: number;
  userId: number;
  kind: SubscriptionKind;
  targetId: number;
  channel: Channel;
  mode: Mode;
  /** `HH:MM` Moscow time, digest only. */
  digestTime: string | null;
  horizonDays: number;
}

/** Whether the subscription follows a timetable the lesson is in, before or after the change. */
export function followsLesson(follower: Follower, event: LessonChangedEvent): boolean {
  const moments = [event.before, event.after].filter((moment) => moment !== null);
  switch (follower.kind) {
    case 'GROUP':
      return event.groupIds.includes(follower.targetId);
    case 'TEACHER':
    case 'MY_LESSONS':
      return moments.some((moment) => moment.teacherId === follower.targetId);
    case 'CLASSROOM':
      return moments.some((moment) => moment.classroomId === follower.targetId);
  }
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** Whether the lesson, before or after, falls within the next `horizonDays` days from `today` (inclusive). */
export function withinHorizon(follower: Follower, event: LessonChangedEvent, today: string): boolean {
  const first = dayNumber(today);
  return [event.before, event.after].some((moment) => moment !== null && dayNumber(moment.date) >= first && dayNumber(moment.date) <= first + follower.horizonDays);
}

export interface Delivery {
  userId: number;
  inApp: boolean;
  /** The e-mail subscription that wins (an immediate one before a digest), if any. */
  email?: Follower;
}

/** One delivery per user for one event, however many of their subscriptions match. */
export function deliveriesOf(event: LessonChangedEvent, followers: readonly Follower[], today: string): Delivery[] {
  const byUser = new Map<number, Delivery>();
  for (const follower of followers) {
    if (!followsLesson(follower, event) || !withinHorizon(follower, event, today)) continue;
    const delivery = byUser.get(follower.userId) ?? { userId: follower.userId, inApp: false };
    if (follower.channel === 'IN_APP') delivery.inApp = true;
    else if (!delivery.email || (delivery.email.mode === 'DAILY_DIGEST' && follower.mode === 'IMMEDIATE')) delivery.email = follower;
    byUser.set(follower.userId, delivery);
  }
  return [...byUser.values()];
}

/**
 * When a digest subscription's message goes out: the next `digestTime` (Moscow, UTC+3 all year) after
 * `now`, as an instant.
 */
export function nextDigestAt(digestTime: string, now: Date): Date {
  const [hours, minutes] = digestTime.split(':').map(Number);
  const moscowNow = new Date(now.getTime() + 3 * 3_600_000);
  const candidate = Date.UTC(moscowNow.getUTCFullYear(), moscowNow.getUTCMonth(), moscowNow.getUTCDate(), hours, minutes) - 3 * 3_600_000;
  return new Date(candidate > now.getTime() ? candidate : candidate + DAY_MS);
}
