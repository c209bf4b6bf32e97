import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import request from 'supertest';
import * as dates from '../src/platform/http/dates';
import { expectErrorBody, PASSWORD, signedInAs } from './support/factories';
import { buildOverrideWorld, clearOverrides, createOverride, LessonBody, OVERRIDES_PATH, OverrideWorld, query, slotsOf } from './support/override-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

const FEEDS = '/api/calendar-feeds';
/** "Today" for the whole file: week 2 of the world's autumn semester (1 Sep – 31 Dec 2026), so its lessons fall into the feed window. */
const TODAY = '2026-09-07';
/** The window a feed shows on TODAY: two weeks back, to the end of the spring semester (the semester after the current one). */
const WINDOW = { startDate: '2026-08-24', endDate: '2027-06-30' };

interface FeedBody {
  id: number;
  kind: string;
  targetId: number;
  targetName: string;
  createdAt: string;
  revokedAt: string | null;
  url?: string;
}

/** An event as a calendar app (Mozilla's ical.js) reads it. */
interface ParsedEvent {
  uid: string;
  start: string;
  end: string;
  summary: string;
  location: string;
  description: string;
  status: string;
  sequence: number;
  lastModified: string | null;
}

/** Wall-clock date and time of a moment in Europe/Moscow, computed independently of the service (UTC+3 since 2014). */
function moscow(moment: Date): { date: string; time: string } {
  const shifted = new Date(moment.getTime() + 3 * 3_600_000).toISOString();
  return { date: shifted.slice(0, 10), time: `${shifted.slice(11, 19)}` };
}

function parseFeed(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const lastModified = component.getFirstPropertyValue('last-modified') as { toJSDate(): Date } | null;
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      summary: event.summary,
      location: event.location,
      description: event.description,
      status: String(component.getFirstPropertyValue('status')),
      sequence: event.sequence,
      lastModified: lastModified ? lastModified.toJSDate().toISOString() : null,
    };
  });
}

describe('calendar feeds (issue 16)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let w: OverrideWorld;
  let slot: ReturnType<typeof slotsOf>;
  let student: TenantClient;
  let teacher: TenantClient;
  let teacherId: number;
  let groupA: number;

  const feedPath = (url: string) => new URL(url).pathname;
  const fetchFeed = (url: string, host = 'alpha.timetable.test') => request(t.server).get(feedPath(url)).set('Host', host);
  const events = async (url: string): Promise<ParsedEvent[]> => {
    const response = await fetchFeed(url).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.headers['content-disposition']).toBe('inline; filename="timetable.ics"');
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.text));
    return parseFeed(response.text);
  };
  const eventOf = (list: ParsedEvent[], slotId: number, originalDate: string) => list.find((event) => event.uid === `lesson-${slotId}-${originalDate}@alpha`);
  const subscribe = async (client: TenantClient, body: object): Promise<FeedBody> => {
    const response = await client.post(FEEDS, body);
    if (response.status !== 200) throw new Error(`subscribe: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as FeedBody;
  };
  const feedRows = () => t.sql('alpha', `SELECT * FROM calendar_feeds ORDER BY id`);

  /** A refused request: status, the common body, and no feed row changed. */
  async function refused(send: () => Promise<request.Response>, status: number, path: string, message?: string | RegExp): Promise<void> {
    const before = await feedRows();
    const response = await send();
    expect(response.status).toBe(status);
    expectErrorBody(response.body, status, path, message);
    expect(await feedRows()).toEqual(before);
  }

  beforeAll(async () => {
    jest.spyOn(dates, 'todayInBusinessZone').mockReturnValue(TODAY);
    t = await startTestApp({ tenants: ['alpha', 'beta'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    w = await buildOverrideWorld(t, admin);
    slot = slotsOf(w);
    groupA = w.u.groups[0].id;
    ({ client: student } = await signedInAs(t, admin, { role: 'STUDENT', departmentId: w.u.department.id }));
    teacherId = w.u.teachers[0].id;
    teacher = await t.as('alpha').login(w.u.teachers[0].username, PASSWORD);
  });
  afterEach(() => clearOverrides(t));
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  describe('subscriptions (/api/calendar-feeds)', () => {
    it('lets any role follow a group, a teacher or a classroom, shows the address once and stores only the hash of its secret', async () => {
      const feed = await subscribe(student, { kind: 'GROUP', targetId: groupA });
      expect(feed).toEqual({
        id: expect.any(Number),
        kind: 'GROUP',
        targetId: groupA,
        targetName: w.u.groups[0].name,
        createdAt: expect.stringMatching(/Z$/),
        revokedAt: null,
        url: expect.stringMatching(/^http:\/\/alpha\.timetable\.test\/ical\/[A-Za-z0-9_-]{43}\.ics$/),
      });
      const secret = /\/ical\/(.+)\.ics$/.exec(feed.url as string)?.[1] as string;
      const [row] = await t.sql<{ secret_hash: Buffer }>('alpha', `SELECT secret_hash FROM calendar_feeds WHERE id = $1`, [feed.id]);
      expect(row.secret_hash.equals(createHash('sha256').update(secret).digest())).toBe(true);
      expect(JSON.stringify(await t.sql('alpha', `SELECT * FROM calendar_feeds`))).not.toContain(secret);

      const byTeacher = await subscribe(student, { kind: 'TEACHER', targetId: w.u.teachers[1].id });
      const byRoom = await subscribe(admin, { kind: 'CLASSROOM', targetId: w.u.classrooms[0].id });
      expect(byTeacher).toMatchObject({ kind: 'TEACHER', targetName: w.u.teachers[1].fullName });
      expect(byRoom).toMatchObject({ kind: 'CLASSROOM', targetName: w.u.classrooms[0].name });

      // Each user lists only their own active feeds, newest first, without addresses.
      const own = (await student.get(FEEDS).expect(200)).body as FeedBody[];
      expect(own.map((item) => item.id)).toEqual([byTeacher.id, feed.id]);
      expect(own[0]).not.toHaveProperty('url');
      expect(((await admin.get(FEEDS).expect(200)).body as FeedBody[]).map((item) => item.id)).toEqual([byRoom.id]);
    });

    it('gives "my lessons" to a teacher only, always their own', async () => {
      const mine = await subscribe(teacher, { kind: 'MY_LESSONS', targetId: w.u.teachers[3].id });
      expect(mine).toMatchObject({ kind: 'MY_LESSONS', targetId: teacherId });
      await refused(() => student.post(FEEDS, { kind: 'MY_LESSONS' }), 403, FEEDS, 'Подписка «Мои занятия» доступна только преподавателю');
      await refused(() => admin.post(FEEDS, { kind: 'MY_LESSONS' }), 403, FEEDS);
    });

    it('refuses bad requests with a Russian message and changes nothing', async () => {
      await refused(() => student.post(FEEDS, { kind: 'GROUP' }), 400, FEEDS, /targetId/);
      await refused(() => student.post(FEEDS, { kind: 'COURSE', targetId: groupA }), 400, FEEDS, /kind/);
      await refused(() => student.post(FEEDS, { kind: 'GROUP', targetId: 'x' }), 400, FEEDS, /targetId/);
      await refused(() => student.post(FEEDS, { kind: 'GROUP', targetId: 999_999 }), 404, FEEDS, 'Группа не найдена');
      // A user who is not a teacher is no teacher's timetable.
      const [studentRow] = await t.sql<{ id: number }>('alpha', `SELECT id FROM users WHERE role = 'STUDENT' LIMIT 1`);
      await refused(() => student.post(FEEDS, { kind: 'TEACHER', targetId: studentRow.id }), 404, FEEDS, 'Преподаватель не найден');
      const [archivedRoom] = await t.sql<{ id: number }>('alpha', `INSERT INTO classrooms (name, capacity, archived_at) VALUES ('Старая', 10, now()) RETURNING id`);
      await refused(() => student.post(FEEDS, { kind: 'CLASSROOM', targetId: archivedRoom.id }), 400, FEEDS, /в архиве/);
      await refused(() => request(t.server).post(FEEDS).set('Host', 'alpha.timetable.test').send({ kind: 'GROUP', targetId: groupA }), 401, FEEDS);
    });

    it('revokes an own feed at once (404 from then on, with no detail); another user cannot touch it', async () => {
      const feed = await subscribe(student, { kind: 'GROUP', targetId: groupA });
      await fetchFeed(feed.url as string).expect(200);
      await refused(() => admin.delete(`${FEEDS}/${feed.id}`), 404, `${FEEDS}/${feed.id}`, 'Подписка на календарь не найдена');
      await fetchFeed(feed.url as string).expect(200);

      const revoked = (await student.delete(`${FEEDS}/${feed.id}`).expect(200)).body as FeedBody;
      expect(revoked).toMatchObject({ id: feed.id, revokedAt: expect.stringMatching(/Z$/) });
      const gone = await fetchFeed(feed.url as string).expect(404);
      expectErrorBody(gone.body, 404, feedPath(feed.url as string), 'Календарь не найден');
      expect(((await student.get(FEEDS).expect(200)).body as FeedBody[]).map((item) => item.id)).not.toContain(feed.id);
      // Revoking again is harmless and keeps the first moment.
      expect((await student.delete(`${FEEDS}/${feed.id}`).expect(200)).body).toEqual(revoked);
    });

    it('keeps at most 50 active feeds per user, also under parallel requests', async () => {
      const { user, client } = await signedInAs(t, admin, { role: 'SCHEDULE_VIEWER', departmentId: w.u.department.id });
      for (let index = 0; index < 48; index++) await subscribe(client, { kind: 'GROUP', targetId: groupA });
      const answers = await Promise.all(Array.from({ length: 5 }, () => client.post(FEEDS, { kind: 'GROUP', targetId: groupA })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 409, 409, 409]);
      const [count] = await t.sql<{ n: number }>('alpha', `SELECT count(*)::int AS n FROM calendar_feeds WHERE owner_id = $1 AND revoked_at IS NULL`, [user.id]);
      expect(count.n).toBe(50);
      // Revoking one frees a place.
      const [first] = (await client.get(FEEDS).expect(200)).body as FeedBody[];
      await client.delete(`${FEEDS}/${first.id}`).expect(200);
      await subscribe(client, { kind: 'GROUP', targetId: groupA });
    });
  });

  describe('the feed document (/ical/<secret>.ics)', () => {
    let groupFeed: FeedBody;

    beforeAll(async () => {
      groupFeed = await subscribe(student, { kind: 'GROUP', targetId: groupA });
    });

    it('holds exactly the lessons GET /api/schedule shows for the window, at their Moscow times, each under its lesson UID', async () => {
      const lessons = (await admin.get(`/api/schedule?${query({ groupId: groupA, startDate: WINDOW.startDate, endDate: '2026-12-31' })}`).expect(200))
        .body as LessonBody[];
      expect(lessons.length).toBeGreaterThan(5);
      const parsed = await events(groupFeed.url as string);
      expect(parsed.map((event) => event.uid).sort()).toEqual(lessons.map((lesson) => `lesson-${lesson.scheduleRuleSlotId}-${lesson.date}@alpha`).sort());
      for (const lesson of lessons) {
        const event = eventOf(parsed, lesson.scheduleRuleSlotId, lesson.date) as ParsedEvent;
        expect(moscow(new Date(event.start))).toEqual({ date: lesson.date, time: lesson.startTime });
        expect(moscow(new Date(event.end))).toEqual({ date: lesson.date, time: lesson.endTime });
        expect(event).toMatchObject({ status: 'CONFIRMED', sequence: 0, summary: `${lesson.subjectName as string} (${lesson.lessonTypeName as string})` });
        expect(event.location).toContain(lesson.classroomName as string);
        expect(event.description).toContain(`Преподаватель: ${lesson.teacherName as string}`);
        expect(event.description).toContain(`Группы: ${(lesson.groupNames as string[]).join(', ')}`);
        expect(event.description).toContain(`Формат: ${lesson.lessonFormat}`);
        if ((lesson.subgroupNames as string[]).length > 0) expect(event.description).toContain(`Подгруппы: ${(lesson.subgroupNames as string[]).join(', ')}`);
      }
    });

    it('keeps a moved lesson under its original UID with a higher SEQUENCE and a new LAST-MODIFIED on every change', async () => {
      const before = eventOf(await events(groupFeed.url as string), slot.math, '2026-09-22') as ParsedEvent;
      expect(before).toMatchObject({ sequence: 0, lastModified: null });
      const move = await createOverride(admin, {
        baseRuleSlotId: slot.math,
        lessonDate: '2026-09-22',
        targetLessonDate: '2026-09-24',
        action: 'MOVE',
        newTimeSlotId: w.pairs[1].id,
      });
      const moved = await events(groupFeed.url as string);
      const event = eventOf(moved, slot.math, '2026-09-22') as ParsedEvent;
      expect(moved.filter((item) => item.uid === before.uid)).toHaveLength(1);
      expect(moscow(new Date(event.start))).toEqual({ date: '2026-09-24', time: `${w.pairs[1].startTime}` });
      expect(event.sequence).toBeGreaterThan(before.sequence);
      expect(event.lastModified).not.toBeNull();
      expect(event.description).toContain('Перенесено с 22.09.2026');

      // Changing the move again raises SEQUENCE again; deleting it brings the lesson back, still newer.
      await admin.put(`${OVERRIDES_PATH}/${move.id}`, { ...move, targetLessonDate: '2026-09-24', newTimeSlotId: w.pairs[2].id }).expect(200);
      const changed = eventOf(await events(groupFeed.url as string), slot.math, '2026-09-22') as ParsedEvent;
      expect(changed.sequence).toBeGreaterThan(event.sequence);
      expect(moscow(new Date(changed.start)).time).toBe(w.pairs[2].startTime);
      await admin.delete(`${OVERRIDES_PATH}/${move.id}`).expect(200);
      const restored = eventOf(await events(groupFeed.url as string), slot.math, '2026-09-22') as ParsedEvent;
      expect(restored.sequence).toBeGreaterThan(changed.sequence);
      expect(restored.start).toBe(before.start);
    });

    it('keeps a cancelled lesson as STATUS:CANCELLED (the views drop it)', async () => {
      await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-15', action: 'CANCEL' });
      const view = (await admin.get(`/api/schedule?${query({ groupId: groupA, startDate: '2026-09-14', endDate: '2026-09-20' })}`).expect(200)).body as LessonBody[];
      expect(view.map((lesson) => lesson.scheduleRuleSlotId)).not.toContain(slot.math);
      const event = eventOf(await events(groupFeed.url as string), slot.math, '2026-09-15') as ParsedEvent;
      expect(event).toMatchObject({ status: 'CANCELLED', summary: expect.stringMatching(/^Отменено: /) });
      expect(event.sequence).toBeGreaterThan(0);
      expect(moscow(new Date(event.start)).date).toBe('2026-09-15');
    });

    it('names a replaced teacher in the description and moves the lesson between the teachers\' feeds', async () => {
      const [oldTeacher, newTeacher] = [w.u.teachers[0], w.u.teachers[4]];
      const oldFeed = await subscribe(teacher, { kind: 'MY_LESSONS' });
      const newFeed = await subscribe(student, { kind: 'TEACHER', targetId: newTeacher.id });
      expect(eventOf(await events(oldFeed.url as string), slot.math, '2026-09-08')).toBeDefined();
      await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-08', action: 'REPLACE', newTeacherId: newTeacher.id });
      const event = eventOf(await events(groupFeed.url as string), slot.math, '2026-09-08') as ParsedEvent;
      expect(event.description).toContain(`Преподаватель: ${newTeacher.fullName}`);
      expect(event.description).toContain(`Замена преподавателя: вместо ${oldTeacher.fullName}`);
      expect(eventOf(await events(oldFeed.url as string), slot.math, '2026-09-08')).toBeUndefined();
      expect(eventOf(await events(newFeed.url as string), slot.math, '2026-09-08')).toMatchObject({ uid: event.uid, sequence: event.sequence });
    });

    it('shows a classroom\'s lessons', async () => {
      const roomFeed = await subscribe(student, { kind: 'CLASSROOM', targetId: w.u.classrooms[0].id });
      const parsed = await events(roomFeed.url as string);
      const lessons = (await admin.get(`/api/schedule/search?${query({ classroomId: w.u.classrooms[0].id, startDate: WINDOW.startDate, endDate: '2026-12-31' })}`).expect(200))
        .body as LessonBody[];
      expect(parsed.map((event) => event.uid).sort()).toEqual(lessons.map((lesson) => `lesson-${lesson.scheduleRuleSlotId}-${lesson.date}@alpha`).sort());
    });

    it('answers 304 to a current copy and a new ETag right after a change, never cached by a shared proxy', async () => {
      const first = await fetchFeed(groupFeed.url as string).expect(200);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const etag = first.headers.etag;
      expect(etag).toMatch(/^"[^"]+"$/);
      const again = await fetchFeed(groupFeed.url as string).set('If-None-Match', etag).expect(304);
      expect(again.text ?? '').toBe('');
      expect(again.headers.etag).toBe(etag);
      await createOverride(admin, { baseRuleSlotId: slot.math, lessonDate: '2026-09-15', action: 'CANCEL' });
      const fresh = await fetchFeed(groupFeed.url as string).set('If-None-Match', etag).expect(200);
      expect(fresh.headers.etag).not.toBe(etag);
      expect(parseFeed(fresh.text).find((event) => event.uid === `lesson-${slot.math}-2026-09-15@alpha`)?.status).toBe('CANCELLED');
    });

    it('answers 404 with no detail to an unknown secret, a malformed address and another tenant\'s host', async () => {
      const path = feedPath(groupFeed.url as string);
      for (const unknown of [`/ical/${'A'.repeat(43)}.ics`, '/ical/short.ics', path.replace('.ics', '.txt')]) {
        const response = await request(t.server).get(unknown).set('Host', 'alpha.timetable.test').expect(404);
        expectErrorBody(response.body, 404, unknown, 'Календарь не найден');
      }
      const foreign = await fetchFeed(groupFeed.url as string, 'beta.timetable.test').expect(404);
      expectErrorBody(foreign.body, 404, path, 'Календарь не найден');
      await request(t.server).get(path).set('Host', 'nowhere.timetable.test').expect(404);
    });

    it('stops answering when its owner is archived', async () => {
      const { user, client } = await signedInAs(t, admin, { role: 'STUDENT', departmentId: w.u.department.id });
      const feed = await subscribe(client, { kind: 'GROUP', targetId: groupA });
      await fetchFeed(feed.url as string).expect(200);
      await admin.delete(`/api/users/${user.id}`).expect(200);
      await fetchFeed(feed.url as string).expect(404);
    });
  });
});
