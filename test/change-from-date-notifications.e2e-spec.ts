import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { NotificationWorker } from '../src/notifications';
import { standServiceAt } from './support/clock';
import { PASSWORD } from './support/factories';
import { createRule, createUniversity, createVersion, LESSON_TYPES, requestOf, RuleBody, RULES_PATH, ruleBody, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * Invariant 4 of issue 53 for the people told of a change: a change from a date `D` — a rule's PUT
 * with `effectiveFrom`, and a draft published from `D` — tells the teachers (their own lessons, on
 * the page) only of lessons dated `D` or later, never of those before it (not even those still to come
 * before `D`), and the webhooks' deliveries carry the date the change holds from. Validation from `D`
 * never reports PAST_LESSONS. The service stands on Thursday 1 October 2026, 12:00 in Moscow; `D` is
 * Thursday 15 October, so the Mondays of 5 and 12 October are ahead but before it.
 */
const D = '2026-10-15';
const VERSIONS = '/api/edu-office/schedule/versions';
const WEBHOOKS = '/api/admin/webhooks';

interface Received {
  event: string;
  body: { type: string; data: Record<string, unknown> };
}

/** The dates («Пн 19.10») a notification's lines name, as ISO dates of 2026. */
const datesIn = (text: string) => [...text.matchAll(/\b(\d{2})\.(\d{2})\b/g)].map(([, day, month]) => `2026-${month}-${day}`);

describe('a change from a date tells only of lessons from that date', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let receiver: Server;
  const received: Received[] = [];
  const teachers: TenantClient[] = [];
  let monday: RuleBody;
  let tuesday: RuleBody;

  beforeAll(async () => {
    standServiceAt('2026-10-01T09:00:00Z');
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ event: String(req.headers['x-timetable-event']), body: JSON.parse(body) as Received['body'] });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/timetable`;
    t = await startTestApp({ tenants: ['alpha'], env: { WEBHOOK_ALLOW_HTTP_HOSTS: '127.0.0.1', NOTIFY_WORKER_ENABLED: 'true', NOTIFY_POLL_INTERVAL_MS: '100' } });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { startYear: 2026, teachers: 2, groups: 2, classrooms: 2, subjects: 2 });
    const weekly = (index: number, dayOfWeek: number) =>
      createRule(
        admin,
        ruleBody(u, {
          subjectId: u.subjects[index].id,
          groupIds: [u.groups[index].id],
          lectureAcademicHours: 32,
          lectureStartWeek: 2,
          slots: [slotBody(u, { dayOfWeek, teacherId: u.teachers[index].id, classroomId: u.classrooms[index].id, lessonTypeId: LESSON_TYPES.LECTURE })],
        }),
      );
    monday = await weekly(0, 1);
    tuesday = await weekly(1, 2);
    for (const teacher of u.teachers) teachers.push(await t.as('alpha').login(teacher.username, PASSWORD));
    expect((await admin.post(WEBHOOKS, { url, events: ['rules.changed', 'version.published'] })).status).toBe(200);
    // Creating the rules was told too; the tests start from empty inboxes and no delivery.
    await settle();
    await t.sql('alpha', 'DELETE FROM notifications');
    received.length = 0;
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  /** Runs delivery rounds until every event is dispatched and every webhook delivery is answered. */
  async function settle(): Promise<void> {
    const worker = t.app.get(NotificationWorker);
    const deadline = Date.now() + 15_000;
    for (;;) {
      await worker.runRound();
      const [left] = await t.sql<{ events: number; hooks: number }>(
        'alpha',
        `SELECT (SELECT count(*)::int FROM outbox_events WHERE dispatched_at IS NULL) AS events,
                (SELECT count(*)::int FROM webhook_deliveries WHERE status = 'PENDING') AS hooks`,
      );
      if (left.events === 0 && left.hooks === 0) return;
      if (Date.now() > deadline) throw new Error('delivery did not settle');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const inbox = async (client: TenantClient) => ((await client.get('/api/notifications')).body as { items: { title: string; body: string }[] }).items;

  it('a rule moved from D: its teacher hears of the lessons from D only; the webhook says from when', async () => {
    const body = { ...requestOf(monday), effectiveFrom: D };
    body.slots[0].dayOfWeek = 3;
    expect((await admin.put(`${RULES_PATH}/${monday.id}`, body)).status).toBe(200);
    await settle();

    const [told] = await inbox(teachers[0]);
    expect(told.title).toMatch(/Учебный отдел изменил действующее расписание: изменились ваши занятия \(\d+\)/);
    const dates = datesIn(told.body);
    expect(dates).toEqual(expect.arrayContaining(['2026-10-19', '2026-10-21']));
    // Not the Mondays ahead of today but before D, nor any given one.
    expect(dates.filter((date) => date < D)).toEqual([]);
    // The other teacher's lessons did not change: nothing for them.
    expect(await inbox(teachers[1])).toEqual([]);

    const hooks = received.filter((item) => item.event === 'rules.changed');
    expect(hooks).toHaveLength(1);
    expect(hooks[0].body.data).toMatchObject({ versionId: u.versionId, effectiveFrom: D });
  });

  it('a draft published from D: validation from D has no PAST_LESSONS; the teacher hears of the lessons from D only; the webhook says from when', async () => {
    const draft = await createVersion(admin, u.semester.id, 'С 15 октября', u.versionId);
    const copies = (await admin.get(`${RULES_PATH}?versionId=${draft.id}`)).body as RuleBody[];
    const copy = copies.find((rule) => rule.subjectId === tuesday.subjectId) as RuleBody;
    const toThursday = requestOf(copy);
    toThursday.slots[0].dayOfWeek = 4;
    expect((await admin.put(`${RULES_PATH}/${copy.id}`, toThursday)).status).toBe(200);

    type Report = { pastLessonCount: number; problems: { type: string }[] };
    // Over the whole semester the draft would rewrite given Tuesdays; from D it rewrites none.
    const whole = (await admin.get(`${VERSIONS}/${draft.id}/validate`)).body as Report;
    expect(whole.problems.some((problem) => problem.type === 'PAST_LESSONS')).toBe(true);
    const fromD = (await admin.get(`${VERSIONS}/${draft.id}/validate?effectiveFrom=${D}`)).body as Report;
    expect(fromD.pastLessonCount).toBe(0);
    expect(fromD.problems.filter((problem) => problem.type === 'PAST_LESSONS')).toEqual([]);

    const published = await admin.post(`${VERSIONS}/${draft.id}/publish`, { reason: 'С 15 октября', effectiveFrom: D });
    expect(published.status).toBe(200);
    await settle();

    const [told] = await inbox(teachers[1]);
    expect(told.title).toMatch(/Опубликовано новое расписание: изменились ваши занятия \(\d+\)/);
    const dates = datesIn(told.body);
    expect(dates).toEqual(expect.arrayContaining(['2026-10-15', '2026-10-20']));
    // The Tuesdays of 6 and 13 October are ahead of today but before D: they stayed, nobody is told of them.
    expect(dates.filter((date) => date < D)).toEqual([]);
    // The first teacher's Wednesdays are the same in both versions: no new notification for them.
    expect(await inbox(teachers[0])).toHaveLength(1);

    const hooks = received.filter((item) => item.event === 'version.published');
    expect(hooks).toHaveLength(1);
    expect(hooks[0].body.data).toMatchObject({ versionId: draft.id, previousVersionId: u.versionId, effectiveFrom: D });
  });
});
