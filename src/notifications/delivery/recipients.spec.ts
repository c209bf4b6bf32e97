import { LessonChangedEvent } from '../../platform/outbox/outbox';
import { changedLessons, deliveriesOf, Follower, nextDigestAt } from './recipients';

const event: LessonChangedEvent = {
  overrideId: 1,
  operation: 'created',
  semesterId: 1,
  ruleId: 1,
  baseRuleSlotId: 1,
  lessonDate: '2026-12-01',
  subjectId: 1,
  lessonTypeId: 1,
  groupIds: [10, 11],
  subgroupIds: [],
  before: { date: '2026-12-01', timeSlotId: 1, teacherId: 100, classroomId: 500, format: 'Очно' },
  after: { date: '2026-12-03', timeSlotId: 2, teacherId: 101, classroomId: 501, format: 'Очно' },
};

const follower = (fields: Partial<Follower>): Follower => ({
  id: 1,
  userId: 1,
  kind: 'GROUP',
  targetId: 10,
  channel: 'EMAIL',
  mode: 'IMMEDIATE',
  digestTime: null,
  horizonDays: 14,
  ...fields,
});

describe('who is told about a changed lesson', () => {
  it('follows the lesson through its groups, and its teacher and room before or after the change', () => {
    const followers = [
      follower({ userId: 1, kind: 'GROUP', targetId: 11 }),
      follower({ userId: 2, kind: 'TEACHER', targetId: 100 }),
      follower({ userId: 3, kind: 'MY_LESSONS', targetId: 101 }),
      follower({ userId: 4, kind: 'CLASSROOM', targetId: 501 }),
      follower({ userId: 5, kind: 'GROUP', targetId: 12 }),
      follower({ userId: 6, kind: 'CLASSROOM', targetId: 999 }),
    ];
    expect(deliveriesOf(changedLessons(event), followers, '2026-11-26').map((delivery) => delivery.userId)).toEqual([1, 2, 3, 4]);
  });

  it('counts the horizon from today: a lesson before or after the change must fall within it', () => {
    expect(deliveriesOf(changedLessons(event), [follower({ horizonDays: 5 })], '2026-11-26')).toHaveLength(1); // 1 December
    expect(deliveriesOf(changedLessons(event), [follower({ horizonDays: 4 })], '2026-11-26')).toHaveLength(0);
    expect(deliveriesOf(changedLessons(event), [follower({ horizonDays: 14 })], '2026-12-04')).toHaveLength(0); // both in the past
  });

  it('gives a user one delivery per event: in the page and one e-mail, an immediate one before a digest', () => {
    const [delivery] = deliveriesOf(
      changedLessons(event),
      [
        follower({ id: 1, mode: 'DAILY_DIGEST', digestTime: '07:30' }),
        follower({ id: 2, kind: 'TEACHER', targetId: 100 }),
        follower({ id: 3, channel: 'IN_APP' }),
      ],
      '2026-11-26',
    );
    expect(delivery).toMatchObject({ userId: 1, inApp: true, email: expect.objectContaining({ id: 2, mode: 'IMMEDIATE' }) });
  });

  it('lets a subscription the user made decide how they hear of their own lessons: a digest they chose beats the default e-mail at once', () => {
    const own = { id: 0, kind: 'MY_LESSONS', targetId: 100, ownLessons: true } as const;
    const chosen = follower({ id: 7, kind: 'MY_LESSONS', targetId: 100, mode: 'DAILY_DIGEST', digestTime: '07:00' });
    for (const order of [[follower(own), chosen], [chosen, follower(own)]]) {
      const [delivery] = deliveriesOf(changedLessons(event), order, '2026-11-26');
      expect(delivery.email).toMatchObject({ id: 7, mode: 'DAILY_DIGEST' });
    }
    // Without a subscription of their own, the default e-mail goes at once.
    expect(deliveriesOf(changedLessons(event), [follower(own)], '2026-11-26')[0].email).toMatchObject({ ownLessons: true, mode: 'IMMEDIATE' });
  });

  it('sends a digest at its next Moscow time', () => {
    expect(nextDigestAt('07:30', new Date('2026-11-26T03:00:00Z'), 'Europe/Moscow').toISOString()).toBe('2026-11-26T04:30:00.000Z');
    expect(nextDigestAt('07:30', new Date('2026-11-26T04:30:00Z'), 'Europe/Moscow').toISOString()).toBe('2026-11-27T04:30:00.000Z');
    expect(nextDigestAt('00:10', new Date('2026-11-26T21:30:00Z'), 'Europe/Moscow').toISOString()).toBe('2026-11-27T21:10:00.000Z');
    // Sunday 23:30 in Moscow is Monday 06:30 in Vladivostok: its 07:00 comes half an hour later.
    expect(nextDigestAt('07:00', new Date('2025-08-31T20:30:00Z'), 'Asia/Vladivostok').toISOString()).toBe('2025-08-31T21:00:00.000Z');
    expect(nextDigestAt('07:00', new Date('2025-08-31T20:30:00Z'), 'Europe/Moscow').toISOString()).toBe('2025-09-01T04:00:00.000Z');
    // A zone with summer time: 07:00 in Berlin is 05:00 UTC in summer and 06:00 UTC in winter.
    expect(nextDigestAt('07:00', new Date('2026-10-24T12:00:00Z'), 'Europe/Berlin').toISOString()).toBe('2026-10-25T06:00:00.000Z');
    expect(nextDigestAt('07:00', new Date('2026-10-23T12:00:00Z'), 'Europe/Berlin').toISOString()).toBe('2026-10-24T05:00:00.000Z');
  });
});
