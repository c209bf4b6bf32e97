import { NotificationWorker } from '../src/notifications';
import { MailCatcher, startMailCatcher } from '../scripts/mail-catcher';
import { BEFORE_AUTUMN_2026, standServiceAt } from './support/clock';
import { expectErrorBody, PASSWORD, signedInAs } from './support/factories';
import { createRule, createUniversity, createVersion, LESSON_TYPES, requestOf, RuleBody, ruleBody, slotBody, University, updateRule } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * People whose lessons change are told without subscribing (issue 45 §3): the teacher of a changed
 * lesson and the teacher given it as a substitute, and the students whose account belongs to the
 * lesson's group, hear of it on the page and by e-mail, until they turn it off; the e-mail's link
 * turns off the e-mails only. The service stands on the first morning
 * of the autumn semester of 2026, so the lessons changed here are ahead.
 */
const OVERRIDES = '/api/edu-office/schedule/overrides';
const SETTINGS = '/api/notifications/settings';
/** Monday of the semester's second week. */
const LESSON_DAY = '2026-09-07';

describe('notifications of one’s own lessons, without subscribing', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let rule: RuleBody;
  let catcher: MailCatcher;
  const teachers: TenantClient[] = [];
  /** A student of the lesson's group (with an address), and one of the other group. */
  const students: TenantClient[] = [];

  beforeAll(async () => {
    standServiceAt(BEFORE_AUTUMN_2026);
    catcher = await startMailCatcher();
    t = await startTestApp({
      tenants: ['alpha'],
      env: { SMTP_URL: catcher.url, SMTP_FROM: 'Расписание <timetable@alpha.test>', NOTIFY_WORKER_ENABLED: 'true', NOTIFY_POLL_INTERVAL_MS: '100', PUBLIC_URL: 'https://{domain}' },
    });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { startYear: 2026, teachers: 3, groups: 2, classrooms: 2, subjects: 1 });
    rule = await createRule(
      admin,
      ruleBody(u, {
        subjectId: u.subjects[0].id,
        groupIds: [u.groups[0].id],
        lectureAcademicHours: 36,
        slots: [slotBody(u, { dayOfWeek: 1, teacherId: u.teachers[0].id, classroomId: u.classrooms[0].id, lessonTypeId: LESSON_TYPES.LECTURE })],
      }),
    );
    for (const [index, teacher] of u.teachers.entries()) {
      const client = await t.as('alpha').login(teacher.username, PASSWORD);
      expect((await client.put('/api/auth/me/email', { email: `teacher${index}@alpha.test` })).status).toBe(200);
      teachers.push(client);
    }
    for (const group of u.groups) {
      const student = await signedInAs(t, admin, { role: 'STUDENT', departmentId: u.department.id });
      expect((await admin.put(`/api/users/${student.user.id}/group`, { groupId: group.id })).status).toBe(200);
      expect((await student.client.put('/api/auth/me/email', { email: `student${students.length}@alpha.test` })).status).toBe(200);
      students.push(student.client);
    }
    // Creating the rule in the live timetable was itself told to its teacher and group (issue 45 §3,
    // the last test); the tests below start from empty inboxes.
    await settle();
    await t.sql('alpha', 'DELETE FROM notifications');
    await t.sql('alpha', 'DELETE FROM email_items');
    catcher.mails.length = 0;
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
    await catcher?.close();
  });

  /** Runs delivery rounds until every event is dispatched and no due e-mail is left. */
  async function settle(): Promise<void> {
    const worker = t.app.get(NotificationWorker);
    const deadline = Date.now() + 10_000;
    for (;;) {
      await worker.runRound();
      const [left] = await t.sql<{ events: number; mails: number }>(
        'alpha',
        `SELECT (SELECT count(*)::int FROM outbox_events WHERE dispatched_at IS NULL) AS events,
                (SELECT count(*)::int FROM email_items WHERE status = 'PENDING' AND send_after <= now()) AS mails`,
      );
      if (left.events === 0 && left.mails === 0) return;
      if (Date.now() > deadline) throw new Error('delivery did not settle');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const inbox = async (client: TenantClient) => (await client.get('/api/notifications')).body as { totalItems: number; items: { title: string; body: string }[] };
  const mailsTo = (address: string) => catcher.mails.filter((mail) => JSON.stringify(mail.to ?? '').includes(address));

  it('is on by default and refuses a half-filled setting', async () => {
    expect((await teachers[0].get(SETTINGS)).body).toEqual({ ownLessonsInApp: true, ownLessonsEmail: true, hasEmail: true });
    const half = await teachers[0].put(SETTINGS, { ownLessonsInApp: false });
    expectErrorBody(half.body, 400, SETTINGS);
    expect(half.body.field).toBe('ownLessonsEmail');
    expect((await teachers[0].get(SETTINGS)).body).toMatchObject({ ownLessonsInApp: true, ownLessonsEmail: true });
  });

  it('tells the lesson’s teacher and the substitute, on the page and by e-mail; nobody else', async () => {
    const replaced = await admin.post(OVERRIDES, {
      baseRuleSlotId: rule.slots[0].id,
      lessonDate: LESSON_DAY,
      action: 'REPLACE',
      newTeacherId: u.teachers[1].id,
      comment: 'Замена на время конференции',
    });
    expect(replaced.status).toBe(200);
    await settle();
    for (const index of [0, 1]) {
      const items = (await inbox(teachers[index])).items;
      expect(items).toHaveLength(1);
      expect(items[0].title).toContain(`Изменено занятие «${u.subjects[0].name}»`);
      expect(items[0].body).toContain(u.teachers[1].fullName);
      const mails = mailsTo(`teacher${index}@alpha.test`);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe(items[0].title);
      expect(mails[0].text).toMatch(/Отписаться от этих уведомлений: https:\/\/alpha\/api\/notifications\/unsubscribe\?token=own\d+\./);
    }
    expect((await inbox(teachers[2])).totalItems).toBe(0);
    expect(mailsTo('teacher2@alpha.test')).toEqual([]);
    // The student of the lesson's group, not the other group's.
    const [told] = (await inbox(students[0])).items;
    expect(told.title).toContain(`Изменено занятие «${u.subjects[0].name}»`);
    expect(mailsTo('student0@alpha.test')).toHaveLength(1);
    expect((await inbox(students[1])).totalItems).toBe(0);
    expect(mailsTo('student1@alpha.test')).toEqual([]);
  });

  it('the e-mail’s link turns off the e-mails only, once; the page keeps telling', async () => {
    const [mail] = mailsTo('teacher0@alpha.test');
    const token = /unsubscribe\?token=([\w.-]+)/.exec(mail.text ?? '')?.[1] as string;
    const anonymous = t.as('alpha');
    expect((await anonymous.get(`/api/notifications/unsubscribe?token=${token}`)).text).toContain('<button type="submit">Отписаться</button>');
    const done = await anonymous.post(`/api/notifications/unsubscribe?token=${token}`);
    expect(done.status).toBe(200);
    expect(done.text).toContain('Письма об изменениях ваших занятий больше не придут');
    expect((await anonymous.post(`/api/notifications/unsubscribe?token=${token}`)).status).toBe(404);
    // Another user's id under this signature is refused.
    expect((await anonymous.post(`/api/notifications/unsubscribe?token=${token.replace(/^own\d+/, `own${u.teachers[1].id}`)}`)).status).toBe(404);
    expect((await teachers[0].get(SETTINGS)).body).toEqual({ ownLessonsInApp: true, ownLessonsEmail: false, hasEmail: true });
    expect((await teachers[1].get(SETTINGS)).body).toMatchObject({ ownLessonsEmail: true });
  });

  it('a teacher and a student who turned it off hear nothing more; the other teacher on the page only', async () => {
    const off = await teachers[1].put(SETTINGS, { ownLessonsInApp: false, ownLessonsEmail: false });
    expect(off.body).toEqual({ ownLessonsInApp: false, ownLessonsEmail: false, hasEmail: true });
    expect((await students[0].put(SETTINGS, { ownLessonsInApp: false, ownLessonsEmail: false })).status).toBe(200);
    catcher.mails.length = 0;
    const [change] = (await admin.get(`${OVERRIDES}?startDate=${LESSON_DAY}&endDate=${LESSON_DAY}`)).body as { id: number }[];
    // The substitute is taken back: the lesson is the first teacher's again.
    expect((await admin.delete(`${OVERRIDES}/${change.id}`)).status).toBe(200);
    await settle();
    const first = await inbox(teachers[0]);
    expect(first.totalItems).toBe(2);
    expect(first.items[0].title).toContain('снова идёт по расписанию');
    expect((await inbox(teachers[1])).totalItems).toBe(1);
    expect((await inbox(students[0])).totalItems).toBe(1);
    expect(catcher.mails).toEqual([]);
  });

  it('tells the teacher and the group’s students of a rule changed in the live timetable, and nobody of a draft’s change', async () => {
    expect((await students[0].put(SETTINGS, { ownLessonsInApp: true, ownLessonsEmail: true })).status).toBe(200);
    const before = { teacher: (await inbox(teachers[0])).totalItems, student: (await inbox(students[0])).totalItems, other: (await inbox(students[1])).totalItems };
    catcher.mails.length = 0;
    // The office moves the rule's lectures from Monday to Wednesday in the published version.
    const moved = requestOf(rule);
    moved.slots[0].dayOfWeek = 3;
    await updateRule(admin, rule.id, moved);
    await settle();
    const told = await inbox(teachers[0]);
    expect(told.totalItems).toBe(before.teacher + 1);
    const [notice] = told.items;
    expect(notice.title).toMatch(/^Учебный отдел изменил действующее расписание: изменились ваши занятия \(\d+\)$/);
    const lines = notice.body.split('\n');
    const gone = lines.filter((line) => line.startsWith('Больше нет: ') && line.includes('пн'));
    const added = lines.filter((line) => line.startsWith('Новое: ') && line.includes('ср'));
    expect(gone.length).toBeGreaterThan(0);
    expect(added.length).toBe(gone.length);
    expect(lines.every((line) => line.startsWith('и ещё') || line.includes(`«${u.subjects[0].name}»`))).toBe(true);
    // Its group's student, on the page and by e-mail; the other group's student hears nothing.
    const student = await inbox(students[0]);
    expect(student.totalItems).toBe(before.student + 1);
    expect(student.items[0].title).toBe(notice.title);
    expect(mailsTo('student0@alpha.test').map((mail) => mail.subject)).toEqual([notice.title]);
    expect((await inbox(students[1])).totalItems).toBe(before.other);

    // The same change in a draft tells nobody: its publication will.
    const draft = await createVersion(admin, u.semester.id, 'Черновик переноса', u.versionId);
    const [copy] = (await admin.get(`/api/admin/schedule-rules?versionId=${draft.id}`)).body as RuleBody[];
    const back = requestOf(copy);
    back.slots[0].dayOfWeek = 1;
    await updateRule(admin, copy.id, back);
    await settle();
    expect((await inbox(teachers[0])).totalItems).toBe(before.teacher + 1);
    expect((await inbox(students[0])).totalItems).toBe(before.student + 1);
    const [left] = await t.sql<{ events: number }>('alpha', `SELECT count(*)::int AS events FROM outbox_events WHERE type = 'rules.changed' AND payload->>'versionId' = $1`, [String(draft.id)]);
    expect(left.events).toBe(0);
  });
});
