import { NotificationWorker } from '../src/notifications';
import { Metrics } from '../src/platform/metrics/metrics';
import { expectErrorBody, PASSWORD, signedInAs } from './support/factories';
import { MailCatcher, startMailCatcher } from '../scripts/mail-catcher';
import { createRule, createUniversity, createVersion, LESSON_TYPES, publishVersion, requestOf, RuleBody, ruleBody, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { isoWeekday, plusDays, upcomingSemesterMonday } from './support/upcoming-lessons';

/**
 * Change notifications end to end: a one-off change is written with its event, the background worker
 * fans it out to the followers of the timetables it touches and hands e-mail to an SMTP server. The
 * mail server here is the npm package `smtp-server` (a real SMTP implementation standing in for the
 * university's mail server), started by this test; messages are read back with `mailparser`.
 *
 * Lessons must lie within the followers' horizon from today, so the university's academic year is
 * the one whose semester holds a date one to two weeks ahead (whenever the test runs).
 */
const OVERRIDES = '/api/edu-office/schedule/overrides';
const SUBSCRIPTIONS = '/api/notifications/subscriptions';

describe('change notifications (e-mail and in the page)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let rule: RuleBody;
  let other: RuleBody;
  let catcher: MailCatcher;
  let mails: MailCatcher['mails'];
  const day = upcomingSemesterMonday(3);
  let student: { client: TenantClient; id: number };
  let teacherClient: TenantClient;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    mails = catcher.mails;
    t = await startTestApp({
      tenants: ['alpha'],
      env: { SMTP_URL: catcher.url, SMTP_FROM: 'Расписание <timetable@alpha.test>', NOTIFY_WORKER_ENABLED: 'true', NOTIFY_POLL_INTERVAL_MS: '100', PUBLIC_URL: 'https://{domain}' },
    });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { startYear: day.startYear, teachers: 2, groups: 2, classrooms: 3, subjects: 2 });
    const version = day.spring ? { scheduleVersionId: u.springVersionId, semesterId: u.springSemester.id } : {};
    const weekly = (group: number, teacher: number) =>
      createRule(
        admin,
        ruleBody(u, {
          ...version,
          subjectId: u.subjects[group].id,
          groupIds: [u.groups[group].id],
          lectureAcademicHours: 36,
          slots: [slotBody(u, { dayOfWeek: isoWeekday(day.date), teacherId: u.teachers[teacher].id, classroomId: u.classrooms[group].id, lessonTypeId: LESSON_TYPES.LECTURE })],
        }),
      );
    rule = await weekly(0, 0);
    other = await weekly(1, 1);
    const signed = await signedInAs(t, admin, { role: 'STUDENT', departmentId: u.department.id });
    student = { client: signed.client, id: signed.user.id };
    teacherClient = await t.as('alpha').login(u.teachers[0].username, PASSWORD);
    // These tests are about subscriptions: the teacher hears of their own lessons only by subscribing
    // here (the default of issue 45 §3 has its own test, notifications-own-lessons).
    expect((await teacherClient.put('/api/notifications/settings', { ownLessonsInApp: false, ownLessonsEmail: false })).status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await catcher?.close();
  });

  async function until<T>(what: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await what();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error('timed out waiting');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  /** Runs delivery rounds until every event is dispatched and nothing due is left unsent. */
  async function settle(): Promise<void> {
    const worker = t.app.get(NotificationWorker);
    await until(async () => {
      await worker.runRound();
      const [left] = await t.sql<{ events: number; mails: number }>(
        'alpha',
        `SELECT (SELECT count(*)::int FROM outbox_events WHERE dispatched_at IS NULL) AS events,
                (SELECT count(*)::int FROM email_items WHERE status = 'PENDING' AND send_after <= now()) AS mails`,
      );
      return left.events === 0 && left.mails === 0 ? true : undefined;
    });
  }
  const move = (body: Record<string, unknown>) => admin.post(OVERRIDES, { baseRuleSlotId: rule.slots[0].id, lessonDate: day.date, ...body });

  it('sets an e-mail address (own, and by the administrator), validated and shown in the user', async () => {
    const bad = await student.client.put('/api/auth/me/email', { email: 'не адрес' });
    expectErrorBody(bad.body, 400, '/api/auth/me/email', 'Поле «email» должно быть адресом электронной почты, например ivanov@university.ru');
    const own = await student.client.put('/api/auth/me/email', { email: '  Student@Alpha.test ' });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: student.id, email: 'Student@Alpha.test' });
    expect((await student.client.get('/api/auth/me/email')).body).toEqual({ email: 'Student@Alpha.test' });
    expect((await student.client.put(`/api/users/${u.teachers[0].id}/email`, { email: 'x@alpha.test' })).status).toBe(403);
    const byAdmin = await admin.put(`/api/users/${u.teachers[0].id}/email`, { email: 'teacher@alpha.test' });
    expect(byAdmin.body).toMatchObject({ id: u.teachers[0].id, email: 'teacher@alpha.test' });
  });

  it('checks subscriptions like calendar feeds: the target exists, MY_LESSONS is a teacher’s, a digest needs its time', async () => {
    const refused = [
      [{ kind: 'GROUP', targetId: 999999, channel: 'EMAIL', mode: 'IMMEDIATE' }, 404, 'Группа не найдена'],
      [{ kind: 'GROUP', channel: 'EMAIL', mode: 'IMMEDIATE' }, 400, 'Поле «targetId» обязательно для подписки на группу, преподавателя или аудиторию'],
      [{ kind: 'MY_LESSONS', channel: 'IN_APP', mode: 'IMMEDIATE' }, 403, 'Подписка «Мои занятия» доступна только преподавателю'],
      [{ kind: 'GROUP', targetId: u.groups[0].id, channel: 'EMAIL', mode: 'DAILY_DIGEST' }, 400, 'Для ежедневной сводки укажите «digestTime» — время по часовому поясу университета, например 07:30'],
      [{ kind: 'GROUP', targetId: u.groups[0].id, channel: 'EMAIL', mode: 'IMMEDIATE', horizonDays: 121 }, 400, undefined],
      [{ kind: 'GROUP', targetId: u.groups[0].id, channel: 'SMS', mode: 'IMMEDIATE' }, 400, undefined],
    ] as const;
    for (const [body, status, message] of refused) {
      const response = await student.client.post(SUBSCRIPTIONS, body);
      expectErrorBody(response.body, status, SUBSCRIPTIONS, message);
    }
    expect((await student.client.get(SUBSCRIPTIONS)).body).toEqual([]);
  });

  it('e-mails a group’s follower the moved lesson with the old and new day and room; another group’s follower and the page get nothing else', async () => {
    const email = await student.client.post(SUBSCRIPTIONS, { kind: 'GROUP', targetId: u.groups[0].id, channel: 'EMAIL', mode: 'IMMEDIATE', horizonDays: 120 });
    expect(email.status).toBe(200);
    expect(email.body).toMatchObject({ kind: 'GROUP', targetId: u.groups[0].id, targetName: u.groups[0].name, channel: 'EMAIL', mode: 'IMMEDIATE', horizonDays: 120, digestTime: null });
    expect((await student.client.post(SUBSCRIPTIONS, { kind: 'GROUP', targetId: u.groups[0].id, channel: 'IN_APP', mode: 'IMMEDIATE', horizonDays: 120 })).status).toBe(200);
    // A follower without an e-mail address gets no e-mail (and no item that would fail).
    const withoutAddress = await signedInAs(t, admin, { role: 'STUDENT', departmentId: u.department.id });
    expect((await withoutAddress.client.post(SUBSCRIPTIONS, { kind: 'GROUP', targetId: u.groups[0].id, channel: 'EMAIL', mode: 'IMMEDIATE', horizonDays: 120 })).status).toBe(200);
    // The teacher follows the other group only.
    expect((await teacherClient.post(SUBSCRIPTIONS, { kind: 'GROUP', targetId: u.groups[1].id, channel: 'EMAIL', mode: 'IMMEDIATE', horizonDays: 120 })).status).toBe(200);

    // A refused change (the same pair: no move) writes nothing.
    expect((await move({ action: 'MOVE', newTimeSlotId: u.timeSlots[0].id })).status).toBe(400);
    const moved = await move({ action: 'MOVE', newTimeSlotId: u.timeSlots[2].id, newClassroomId: u.classrooms[2].id });
    expect(moved.status).toBe(200);
    const committedAt = Date.now();
    // Delivered by the worker's own timer (every 100 ms here), not by the test.
    const mail = await until(() => mails.find((item) => JSON.stringify(item.to ?? '').toLowerCase().includes('student@alpha.test')));
    expect(Date.now() - committedAt).toBeLessThan(10_000);
    expect(mail.subject).toContain(`Перенесено занятие «${u.subjects[0].name}»`);
    expect(mail.text).toContain(`Было: `);
    // The rooms are named «Ауд. …»: written once, not «ауд. Ауд. …».
    expect(mail.text).toContain(`08:30–10:00 (1-я пара), ${u.classrooms[0].name}`);
    expect(mail.text).toContain(`11:50–13:20 (3-я пара), ${u.classrooms[2].name}`);
    expect(mail.text).not.toMatch(/ауд\. ауд\./i);
    expect(mail.html).toContain('Отписаться от этих уведомлений');
    const header = (name: string) => mail.headerLines.find((line) => line.key === name)?.line ?? '';
    expect(header('list-unsubscribe')).toMatch(/^List-Unsubscribe:\s+<https:\/\/alpha\/api\/notifications\/unsubscribe\?token=[\w.-]+>/);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    await settle();
    expect(mails).toHaveLength(1); // the teacher follows the other group; the second student has no address
    expect(await t.sql('alpha', `SELECT id FROM email_items WHERE user_id = $1 OR status = 'FAILED'`, [withoutAddress.user.id])).toEqual([]);
    // Operators see the queue (counted by the worker's rounds).
    expect(await t.app.get(Metrics).exposition()).toMatch(/^timetable_notification_queue\{tenant="alpha",state="failed-emails"\} 0$/m);

    const inbox = await student.client.get('/api/notifications');
    expect(inbox.body).toMatchObject({ totalItems: 1, unreadCount: 1, page: 0 });
    const [item] = inbox.body.items as { id: number; title: string; body: string; readAt: string | null }[];
    expect(item).toMatchObject({ title: mail.subject, readAt: null });
    expect((await student.client.post(`/api/notifications/${item.id}/read`)).body).toMatchObject({ id: item.id, readAt: expect.any(String) });
    expect((await student.client.get('/api/notifications')).body).toMatchObject({ unreadCount: 0 });
    expect((await teacherClient.post(`/api/notifications/${item.id}/read`)).status).toBe(404);
  });

  it('the unsubscribe link works without login, once; its page alone changes nothing', async () => {
    const mail = mails[0];
    const link = /https:\/\/alpha\/api\/notifications\/unsubscribe\?token=([\w.-]+)/.exec(mail.text ?? '');
    expect(link).not.toBeNull();
    const path = `/api/notifications/unsubscribe?token=${link?.[1]}`;
    const anonymous = t.as('alpha');
    const page = await anonymous.get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<button type="submit">Отписаться</button>');
    expect((await student.client.get(SUBSCRIPTIONS)).body).toHaveLength(2);
    const done = await anonymous.post(path);
    expect(done.status).toBe(200);
    expect(done.text).toContain(`«${u.groups[0].name}» больше не придут`);
    expect((await student.client.get(SUBSCRIPTIONS)).body).toEqual([expect.objectContaining({ channel: 'IN_APP' })]);
    const again = await anonymous.post(path);
    expect(again.status).toBe(404);
    expect(again.text).toContain('возможно, вы уже отписались');
    const forged = await anonymous.post(`/api/notifications/unsubscribe?token=${link?.[1].replace(/^\d+/, '1')}`);
    expect(forged.status).toBe(404);
    // The page of a used, forged or malformed link says so at once, with a 404 and no button (issue 46).
    for (const used of [path, `/api/notifications/unsubscribe?token=${link?.[1].replace(/^\d+/, '1')}`, '/api/notifications/unsubscribe?token=nonsense', '/api/notifications/unsubscribe']) {
      const shown = await anonymous.get(used);
      expect(shown.status).toBe(404);
      expect(shown.headers['content-type']).toMatch(/^text\/html/);
      expect(shown.text).toContain('возможно, вы уже отписались');
      expect(shown.text).not.toContain('<button');
    }
  });

  it('deleting the change tells the teacher who follows the room; a change outside the horizon sends nothing', async () => {
    expect((await teacherClient.post(SUBSCRIPTIONS, { kind: 'CLASSROOM', targetId: u.classrooms[2].id, channel: 'EMAIL', mode: 'IMMEDIATE', horizonDays: 120 })).status).toBe(200);
    const [change] = (await admin.get(`${OVERRIDES}?startDate=${day.date}&endDate=${day.date}`)).body as { id: number }[];
    mails.length = 0;
    expect((await admin.delete(`${OVERRIDES}/${change.id}`)).status).toBe(200);
    await settle();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('снова идёт по расписанию');
    expect(JSON.stringify(mails[0].to)).toContain('teacher@alpha.test');

    // Following only the other teacher, one day ahead: their lesson two weeks away is beyond it.
    for (const subscription of (await teacherClient.get(SUBSCRIPTIONS)).body as { id: number }[]) await teacherClient.delete(`${SUBSCRIPTIONS}/${subscription.id}`);
    expect((await teacherClient.post(SUBSCRIPTIONS, { kind: 'TEACHER', targetId: u.teachers[1].id, channel: 'EMAIL', mode: 'IMMEDIATE', horizonDays: 1 })).status).toBe(200);
    mails.length = 0;
    const far = await admin.post(OVERRIDES, { baseRuleSlotId: other.slots[0].id, lessonDate: plusDays(day.date, 14), action: 'CANCEL' });
    expect(far.status).toBe(200);
    await settle();
    expect(mails).toEqual([]);
    const [event] = await t.sql<{ dispatched: boolean }>('alpha', `SELECT dispatched_at IS NOT NULL AS dispatched FROM outbox_events ORDER BY id DESC LIMIT 1`);
    expect(event.dispatched).toBe(true);
  });

  it('a digest collects the changes into one message at its time', async () => {
    await teacherClient.put('/api/auth/me/email', { email: 'teacher@alpha.test' });
    for (const subscription of (await teacherClient.get(SUBSCRIPTIONS)).body as { id: number }[]) await teacherClient.delete(`${SUBSCRIPTIONS}/${subscription.id}`);
    expect((await teacherClient.post(SUBSCRIPTIONS, { kind: 'MY_LESSONS', channel: 'EMAIL', mode: 'DAILY_DIGEST', digestTime: '07:30', horizonDays: 120 })).status).toBe(200);
    mails.length = 0;
    for (const weeks of [1, 2]) {
      const response = await admin.post(OVERRIDES, { baseRuleSlotId: rule.slots[0].id, lessonDate: plusDays(day.date, 7 * weeks), action: 'CANCEL' });
      expect(response.status).toBe(200);
    }
    await settle();
    expect(mails).toEqual([]);
    const due = await t.sql<{ sendAfter: Date }>('alpha', `SELECT send_after AS "sendAfter" FROM email_items WHERE status = 'PENDING'`);
    expect(due).toHaveLength(2);
    // 07:30 Moscow is 04:30 UTC.
    for (const item of due) expect(new Date(item.sendAfter).toISOString()).toMatch(/T04:30:00\.000Z$/);
    // The digest's time arrives.
    await t.sql('alpha', `UPDATE email_items SET send_after = now() WHERE status = 'PENDING'`);
    await settle();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Изменения в расписании: 2');
    expect((mails[0].text?.match(/Отменено занятие/g) ?? []).length).toBe(2);
  });

  it('a publication that moves two lessons of a group tells that group’s followers of exactly those two', async () => {
    expect((await teacherClient.post(SUBSCRIPTIONS, { kind: 'GROUP', targetId: u.groups[1].id, channel: 'IN_APP', mode: 'IMMEDIATE', horizonDays: 120 })).status).toBe(200);
    const inboxOf = async (client: TenantClient) => (await client.get('/api/notifications')).body as { totalItems: number; items: { title: string; body: string }[] };
    // Two lectures of group A in pair 4, in the week of the lesson day and the next one.
    const semester = day.spring ? u.springSemester : u.semester;
    const mondayOf = (date: string) => plusDays(date, 1 - isoWeekday(date));
    const week = (Date.parse(mondayOf(day.date)) - Date.parse(mondayOf(semester.startDate))) / (7 * 86_400_000) + 1;
    const version = day.spring ? { scheduleVersionId: u.springVersionId, semesterId: u.springSemester.id } : {};
    const twoLectures = await createRule(
      admin,
      ruleBody(u, {
        ...version,
        subjectId: u.subjects[1].id,
        groupIds: [u.groups[0].id],
        lectureAcademicHours: 4,
        lectureStartWeek: week,
        slots: [slotBody(u, { dayOfWeek: isoWeekday(day.date), timeSlotId: u.timeSlots[3].id, teacherId: u.teachers[1].id, classroomId: u.classrooms[1].id })],
      }),
    );
    // A rule created in the live timetable is told of itself (issue 45 §3); what is counted here is the publication.
    await settle();
    const [studentBefore, teacherBefore] = [await inboxOf(student.client), await inboxOf(teacherClient)];
    const draft = await createVersion(admin, semester.id, 'Перенос лекций', day.spring ? u.springVersionId : u.versionId);
    const copies = (await admin.get(`/api/admin/schedule-rules?versionId=${draft.id}`)).body as RuleBody[];
    const copy = copies.find((item) => item.subjectId === twoLectures.subjectId && item.groupIds.includes(u.groups[0].id) && item.lectureAcademicHours === 4) as RuleBody;
    const request = requestOf(copy);
    request.slots[0].timeSlotId = u.timeSlots[1].id;
    expect((await admin.put(`/api/admin/schedule-rules/${copy.id}`, request)).status).toBe(200);
    const started = Date.now();
    await publishVersion(admin, draft.id, 'Лекции на вторую пару');
    expect(Date.now() - started).toBeLessThan(5_000);
    await settle();

    const studentAfter = await inboxOf(student.client);
    expect(studentAfter.totalItems).toBe(studentBefore.totalItems + 1);
    const [published] = studentAfter.items;
    expect(published.title).toBe('Опубликовано новое расписание: изменились ваши занятия (4)');
    const lines = published.body.split('\n');
    expect(lines.filter((line) => line.startsWith('Больше нет: ') && line.includes('(4-я пара)'))).toHaveLength(2);
    expect(lines.filter((line) => line.startsWith('Новое: ') && line.includes('(2-я пара)'))).toHaveLength(2);
    expect(lines.every((line) => line.includes(`«${u.subjects[1].name}»`))).toBe(true);
    // The other group's timetable did not change: its follower hears nothing.
    expect((await inboxOf(teacherClient)).totalItems).toBe(teacherBefore.totalItems);
  });

  it('tells the teacher of the decision about their absence, on the page; a refused decision tells nothing', async () => {
    const [before] = await t.sql<{ count: number }>('alpha', `SELECT count(*)::int AS count FROM outbox_events`);
    const requested = await teacherClient.post('/api/teacher-absences', { teacherId: u.teachers[0].id, startDate: plusDays(day.date, 30), endDate: plusDays(day.date, 31), reason: 'Конференция' });
    expect(requested.status).toBe(200);
    const id = requested.body.id as number;
    expect((await admin.post(`/api/teacher-absences/${id}/review`, { approved: false })).status).toBe(400);
    const [after] = await t.sql<{ count: number }>('alpha', `SELECT count(*)::int AS count FROM outbox_events`);
    expect(after.count).toBe(before.count);

    expect((await admin.post(`/api/teacher-absences/${id}/review`, { approved: false, comment: 'Замены на эти дни нет' })).status).toBe(200);
    await settle();
    const inbox = (await teacherClient.get('/api/notifications')).body as { items: { title: string; body: string }[] };
    expect(inbox.items[0]).toMatchObject({ title: expect.stringMatching(new RegExp(`^Отсутствие №${id} \\(\\d\\d\\.\\d\\d–\\d\\d\\.\\d\\d\\) отклонено$`)), body: 'Комментарий: Замены на эти дни нет' });
  });
});
