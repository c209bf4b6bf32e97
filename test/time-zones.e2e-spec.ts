import request from 'supertest';
import { NotificationWorker } from '../src/notifications';
import { clock } from '../src/platform/http/dates';
import { MailCatcher, startMailCatcher } from '../scripts/mail-catcher';
import { expectErrorBody, PASSWORD } from './support/factories';
import { createRule, createScheduleYear, createUniversity, LESSON_TYPES, ruleBody, slotBody, University } from './support/schedule-builders';
import { createGroup, createStudySetup } from './support/study-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { jdbcUrl, testServer } from './support/test-database';
import { isoWeekday, plusDays, upcomingSemesterMonday } from './support/upcoming-lessons';

/**
 * Issue 46 §1: each university in its own time zone. `vlad` is in Asia/Vladivostok (UTC+10), `msk`
 * names no zone and follows DEFAULT_TIME_ZONE (Europe/Moscow, UTC+3). The service's clock is stood at
 * chosen moments through `clock.now`, the one clock every wall-clock decision reads.
 */
const OVERRIDES = '/api/edu-office/schedule/overrides';
const SUBSCRIPTIONS = '/api/notifications/subscriptions';
const TENANTS = '/api/database/tenants';

/** `2026-09-07` → `20260907`, as an iCalendar date. */
const compact = (date: string) => date.replaceAll('-', '');

describe('a time zone per university (issue 46 §1)', () => {
  let t: TestApp;
  let catcher: MailCatcher;
  const admins: Record<string, TenantClient> = {};
  const universities: Record<string, University> = {};
  /** The base slot of each university's weekly 08:30 lecture. */
  const lectureSlots: Record<string, number> = {};
  /** A Monday one to two weeks ahead inside a semester, and its lessons at 08:30 (pair 1). */
  const day = upcomingSemesterMonday(3);

  const standAt = (iso: string) => jest.spyOn(clock, 'now').mockImplementation(() => new Date(iso));

  beforeAll(async () => {
    catcher = await startMailCatcher();
    t = await startTestApp({
      tenants: ['msk', 'vlad'], // msk first: its ADMIN is the deployment's operator
      timeZones: { vlad: 'Asia/Vladivostok' },
      // The delivery rounds are run by the test, each at a moment it chose.
      env: { SMTP_URL: catcher.url, NOTIFY_WORKER_ENABLED: 'false' },
    });
    for (const tenant of ['vlad', 'msk']) {
      const admin = await t.as(tenant).login(ADMIN.username, ADMIN.password);
      admins[tenant] = admin;
      const year = await createScheduleYear(t, admin, day.startYear, tenant);
      const u = await createUniversity(t, admin, { year, teachers: 1, groups: 1, classrooms: 1, subjects: 1 });
      const version = day.spring ? { scheduleVersionId: u.springVersionId, semesterId: u.springSemester.id } : {};
      const rule = await createRule(
        admin,
        ruleBody(u, {
          ...version,
          subjectId: u.subjects[0].id,
          groupIds: [u.groups[0].id],
          lectureAcademicHours: 36,
          slots: [slotBody(u, { dayOfWeek: isoWeekday(day.date), timeSlotId: u.timeSlots[0].id, teacherId: u.teachers[0].id, classroomId: u.classrooms[0].id, lessonTypeId: LESSON_TYPES.LECTURE })],
        }),
      );
      universities[tenant] = u;
      lectureSlots[tenant] = rule.slots[0].id;
    }
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await t?.close();
    await catcher?.close();
  });

  it('tells every page its university’s zone: anonymously, in /api/auth/me, in the tenant listing and status', async () => {
    expect((await t.as('vlad').get('/api/university').expect(200)).body).toEqual({ timeZone: 'Asia/Vladivostok' });
    expect((await t.as('msk').get('/api/university').expect(200)).body).toEqual({ timeZone: 'Europe/Moscow' });
    expect((await admins.vlad.get('/api/auth/me').expect(200)).body).toMatchObject({ username: ADMIN.username, timeZone: 'Asia/Vladivostok' });
    expect((await admins.msk.get('/api/auth/me').expect(200)).body).toMatchObject({ timeZone: 'Europe/Moscow' });
    const listing = (await admins.msk.get(TENANTS).expect(200)).body as { domain: string; timeZone: string }[];
    expect(listing.map(({ domain, timeZone }) => ({ domain, timeZone }))).toEqual([
      { domain: 'msk', timeZone: 'Europe/Moscow' },
      { domain: 'vlad', timeZone: 'Asia/Vladivostok' },
    ]);
    expect((await admins.vlad.get('/api/database/status').expect(200)).body).toMatchObject({ tenant: 'vlad', timeZone: 'Asia/Vladivostok' });
    // A host that names no university is still 404.
    expect((await request(t.server).get('/api/university').set('Host', 'nowhere.timetable.test')).status).toBe(404);
  });

  it('at 23:30 on a Sunday in Moscow it is Monday in Vladivostok: a group starting that 1 September studies there, not yet in Moscow', async () => {
    const groups: Record<string, number> = {};
    for (const tenant of ['vlad', 'msk']) {
      groups[tenant] = (await createGroup(admins[tenant], await createStudySetup(admins[tenant]), { yearStartStudy: 2025 })).id;
    }
    // Sunday 31 August 2025, 23:30 in Moscow; Monday 1 September, 06:30 in Vladivostok.
    standAt('2025-08-31T20:30:00Z');
    type Group = { id: number; course: number; studyState: string };
    const groupOf = async (tenant: string) =>
      ((await admins[tenant].get('/api/groups?includeArchived=true').expect(200)).body as Group[]).find((group) => group.id === groups[tenant]) as Group;
    const [vlad, msk] = [await groupOf('vlad'), await groupOf('msk')];
    expect({ course: vlad.course, studyState: vlad.studyState }).toEqual({ course: 1, studyState: 'ACTIVE' });
    expect({ course: msk.course, studyState: msk.studyState }).toEqual({ course: 0, studyState: 'NOT_STARTED' });
  });

  it('puts an 08:30 lesson into the feed at 22:30 UTC of the day before in Vladivostok, at 05:30 UTC in Moscow, naming the zone', async () => {
    const feedOf = async (tenant: string) => {
      const feed = (await admins[tenant].post('/api/calendar-feeds', { kind: 'GROUP', targetId: universities[tenant].groups[0].id }).expect(200)).body as { url: string };
      const response = await request(t.server).get(new URL(feed.url).pathname).set('Host', `${tenant}.timetable.test`).expect(200);
      return response.text.replace(/\r\n /g, '');
    };
    const vlad = await feedOf('vlad');
    expect(vlad).toContain(`DTSTART:${compact(plusDays(day.date, -1))}T223000Z`);
    expect(vlad).toContain(`DTEND:${compact(day.date)}T000000Z`);
    expect(vlad).toContain('X-WR-TIMEZONE:Asia/Vladivostok');
    const msk = await feedOf('msk');
    expect(msk).toContain(`DTSTART:${compact(day.date)}T053000Z`);
    expect(msk).toContain('X-WR-TIMEZONE:Europe/Moscow');
  });

  it('sends a digest set for 07:00 at 07:00 on the university’s own clock', async () => {
    const lesson = plusDays(day.date, 7);
    for (const tenant of ['vlad', 'msk']) {
      const u = universities[tenant];
      const teacher = await t.as(tenant).login(u.teachers[0].username, PASSWORD);
      await teacher.put('/api/auth/me/email', { email: `teacher@${tenant}.test` }).expect(200);
      await teacher.post(SUBSCRIPTIONS, { kind: 'MY_LESSONS', channel: 'EMAIL', mode: 'DAILY_DIGEST', digestTime: '07:00', horizonDays: 120 }).expect(200);
    }
    const worker = t.app.get(NotificationWorker);
    const recipients = () => catcher.mails.map((mail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text).sort();
    const roundAt = async (iso: string) => {
      jest.restoreAllMocks();
      standAt(iso);
      await worker.runRound();
      await worker.runRound(); // the first dispatches, the second sends what is due
      return recipients();
    };
    // The lesson a week after the Monday is cancelled on Sunday evening, 23:30 in Moscow (Monday 06:30 in Vladivostok).
    const sunday = plusDays(day.date, -1);
    standAt(`${sunday}T20:30:00Z`);
    for (const tenant of ['vlad', 'msk']) {
      await admins[tenant].post(OVERRIDES, { baseRuleSlotId: lectureSlots[tenant], lessonDate: lesson, action: 'CANCEL' }).expect(200);
    }
    expect(await roundAt(`${sunday}T20:30:00Z`)).toEqual([]);
    expect(await roundAt(`${sunday}T20:59:59Z`)).toEqual([]);
    // 07:00 in Vladivostok.
    expect(await roundAt(`${sunday}T21:00:00Z`)).toEqual(['teacher@vlad.test']);
    expect(await roundAt(`${day.date}T03:59:59Z`)).toEqual(['teacher@vlad.test']);
    // 07:00 in Moscow.
    expect(await roundAt(`${day.date}T04:00:00Z`)).toEqual(['teacher@msk.test', 'teacher@vlad.test']);
  });

  it('refuses an unknown zone with a 400 that names it and changes nothing; an existing university keeps its zone when only the connection is sent', async () => {
    const before = (await admins.msk.get(TENANTS).expect(200)).body as unknown[];
    const url = `jdbc:postgresql://127.0.0.1:1/${t.databases.vlad}`;
    const refused = await admins.msk.post(TENANTS, { domain: 'vlad', url, timeZone: 'Asia/Atlantis' });
    expectErrorBody(refused.body, 400, TENANTS, /«Asia\/Atlantis»/);
    for (const offset of ['+10:00', 'UTC+10']) {
      expect((await admins.msk.post(TENANTS, { domain: 'vlad', url, timeZone: offset })).status).toBe(400);
    }
    expect((await admins.msk.get(TENANTS).expect(200)).body).toEqual(before);
    expect((await t.as('vlad').get('/api/university').expect(200)).body).toEqual({ timeZone: 'Asia/Vladivostok' });

    const server = testServer();
    const connection = { domain: 'vlad', url: jdbcUrl(t.databases.vlad), username: server.user, password: server.password };
    await admins.msk.post(TENANTS, connection).expect(200);
    expect((await t.as('vlad').get('/api/university').expect(200)).body).toEqual({ timeZone: 'Asia/Vladivostok' });
    await admins.msk.post(TENANTS, { ...connection, timeZone: 'asia/novosibirsk' }).expect(200);
    expect((await t.as('vlad').get('/api/university').expect(200)).body).toEqual({ timeZone: 'Asia/Novosibirsk' });
    expect(((await admins.msk.get(TENANTS).expect(200)).body as { domain: string; timeZone: string }[]).find((item) => item.domain === 'vlad')?.timeZone).toBe(
      'Asia/Novosibirsk',
    );
  });
});
