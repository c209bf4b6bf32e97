/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { PageWatch, launchBrowser, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { controlByLabel, errorNextTo, signIn, weekSettled } from './support/web-client';
import { createUser } from './support/factories';
import { createRule, createUniversity, LESSON_TYPES, requestOf, RuleBody, ruleBody, RULES_PATH, slotBody, University, VERSIONS_PATH } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { BEFORE_AUTUMN_2026, standPageAt, standServiceAt } from './support/clock';

/**
 * The planning desk's «Качество», «Разовые изменения» and «Версии» in a real Chromium against the
 * real service (tenant `alpha`, autumn semester 2026 from Tuesday 1 September). Group A has a lecture
 * in pairs 1 and 3 on 1 September only (a gap that quality analysis finds and a move to pair 2
 * closes); group B has a lecture every Wednesday, pair 1. The tests run in order: the fourth
 * publishes a new version, and the last gives group A a window every Thursday in it.
 */
const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const OVERRIDES = '/api/edu-office/schedule/overrides';


interface Change {
  id: number;
  action: string;
  lessonDate: string;
  targetLessonDate: string | null;
  newTimeSlotId: number | null;
}

// The service and the page stand before the semester's lessons: what they suggest is in the future.
beforeAll(() => standServiceAt(BEFORE_AUTUMN_2026));

describe('the planning desk in the web client: quality, one-off changes and versions', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let rules: { a1: RuleBody; a2: RuleBody; b1: RuleBody };
  let origin: string;
  let officeName: string;
  let chrome: TestBrowser;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 3, groups: 2, classrooms: 3, subjects: 3 });
    const [A, B] = u.groups;
    const lecture = (subject: number, groupId: number, dayOfWeek: number, pair: number, teacher: number, hours: number) =>
      createRule(
        admin,
        ruleBody(u, {
          subjectId: u.subjects[subject].id,
          groupIds: [groupId],
          lectureAcademicHours: hours,
          slots: [
            slotBody(u, {
              dayOfWeek,
              timeSlotId: u.timeSlots[pair - 1].id,
              teacherId: u.teachers[teacher].id,
              classroomId: u.classrooms[teacher].id,
              lessonTypeId: LESSON_TYPES.LECTURE,
            }),
          ],
        }),
      );
    rules = { a1: await lecture(0, A.id, 2, 1, 0, 2), a2: await lecture(1, A.id, 2, 3, 1, 2), b1: await lecture(2, B.id, 3, 1, 2, 32) };
    officeName = (await createUser(admin, { role: 'EDUCATION_OFFICE', departmentId: u.department.id })).username;
    chrome = await launchBrowser();
    browser = chrome.browser;
    page = await (await browser.createBrowserContext()).newPage();
    await standPageAt(page, BEFORE_AUTUMN_2026);
    await page.setViewport(WIDE);
    watch = await watchPage(page, origin);
    await page.goto(`${origin}/admin/#quality`);
    await signIn(page, officeName);
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Качество расписания');
  });

  afterAll(async () => {
    await chrome?.close();
    await t?.close();
  });

  afterEach(() => {
    expect(watch.foreignRequests).toEqual([]);
    // The browser logs each refused request; the refusals provoked here are shown on the page.
    expect(watch.consoleErrors.filter((line) => !/status of (400|409)/.test(line))).toEqual([]);
  });

  const changes = async () => (await admin.get(`${OVERRIDES}?startDate=2026-09-01&endDate=2026-12-31`)).body as Change[];

  async function clickButton(text: string, scope = 'body'): Promise<void> {
    const find = (root: string, wanted: string) =>
      Array.from(document.querySelector(root)?.querySelectorAll('button') ?? []).find((button) => button.textContent?.trim() === wanted && !button.disabled);
    await page.waitForFunction(find, {}, scope, text);
    await page.evaluate((root, wanted) => {
      const button = Array.from(document.querySelector(root)?.querySelectorAll('button') ?? []).find((item) => item.textContent?.trim() === wanted && !item.disabled);
      (button as HTMLButtonElement).click();
    }, scope, text);
  }

  async function setInput(selector: string, value: string): Promise<void> {
    await page.evaluate(
      (target, text) => {
        const input = document.querySelector(target) as HTMLInputElement;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
        input.dispatchEvent(new Event('change', { bubbles: true }));
      },
      selector,
      value,
    );
  }

  it('applies a quality recommendation with one click: it becomes a one-off change and the score goes up', async () => {
    const problem = await page.waitForFunction(
      (ruleId) => Array.from(document.querySelectorAll('[data-problem]')).find((item) => item.textContent?.includes(`Открыть правило №${ruleId}`))?.getAttribute('data-problem'),
      {},
      rules.a2.id,
    );
    const problemId = (await problem.jsonValue()) as string;
    const before = await page.$eval('#quality-score', (node) => node.textContent);
    expect(await page.$$eval('#quality-metrics tbody tr', (rows) => rows.length)).toBeGreaterThan(3);
    await page.click(`[data-problem="${problemId}"] button[aria-expanded]`);
    await page.waitForSelector(`[data-problem="${problemId}"] .recommendation`);
    expect(await page.$eval(`[data-problem="${problemId}"] .recommendation`, (node) => node.textContent)).toContain('10:10');
    await screenshot(page, 'desk-quality');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await clickButton('Применить', `[data-problem="${problemId}"]`);
    const notice = await page.waitForFunction(() => document.querySelector('#quality-applied')?.textContent?.includes('стало') && document.querySelector('#quality-applied')?.textContent);
    const text = (await notice.jsonValue()) as string;
    const [, was, now] = /было ([\d,]+), стало ([\d,]+)/.exec(text) ?? [];
    expect(Number(now.replace(',', '.'))).toBeGreaterThan(Number(was.replace(',', '.')));
    const [, penaltyWas, penaltyNow] = /сумма штрафов: ([\d,]+) → ([\d,]+)/.exec(text) ?? [];
    expect(Number(penaltyNow.replace(',', '.'))).toBeLessThan(Number(penaltyWas.replace(',', '.')));
    expect(await page.$eval('#quality-score', (node) => node.textContent)).not.toBe(before);
    // It is an ordinary one-off change: pair 2 of the same day.
    expect(await changes()).toEqual([expect.objectContaining({ action: 'MOVE', lessonDate: '2026-09-01', newTimeSlotId: u.timeSlots[1].id })]);
    await screenshot(page, 'desk-quality-applied');
  });

  it('moves a lesson from the week view: a refusal is shown in the form with the input kept, then the lesson shows on its new day', async () => {
    await page.goto(`${origin}/admin/?date=2026-09-07#overrides`);
    await page.waitForSelector('#kind-group');
    await page.type('.picker-place input', u.groups[1].name);
    await page.waitForFunction((name) => Array.from(document.querySelectorAll('button.match')).some((button) => button.textContent?.includes(name)), {}, u.groups[1].name);
    await page.evaluate((name) => (Array.from(document.querySelectorAll('button.match')).find((button) => button.textContent?.includes(name)) as HTMLButtonElement).click(), u.groups[1].name);
    await weekSettled(page);
    await clickButton('Изменить занятие', '.lesson[data-date="2026-09-09"]');
    await page.waitForSelector('.override-form');
    expect(await page.$eval('#override-lesson', (node) => node.textContent)).toContain(u.subjects[2].name);

    // The same day and the same pair is no move: the API's 400 is shown and nothing is lost.
    const dateSelect = await controlByLabel(page, 'Новая дата');
    const pairSelect = await controlByLabel(page, 'Пара');
    await page.waitForFunction((select) => document.querySelectorAll(`${select} option`).length > 50, {}, dateSelect);
    await page.waitForFunction((select) => document.querySelectorAll(`${select} option`).length > 2, {}, pairSelect);
    await page.select(pairSelect, String(u.timeSlots[0].id));
    await page.type(await controlByLabel(page, 'Комментарий'), 'Перенос по просьбе кафедры');
    await clickButton('Применить изменение');
    await page.waitForSelector('.override-form [role=alert]');
    expect(await errorNextTo(page, 'Новая дата')).toContain('Перенос должен менять дату или время');
    expect(await changes()).toHaveLength(1);
    expect(await page.$eval(await controlByLabel(page, 'Комментарий'), (node) => (node as HTMLInputElement).value)).toBe('Перенос по просьбе кафедры');
    await screenshot(page, 'desk-override-refused');

    // Thursday, pair 2: offered by the availability endpoint and that day's grid.
    await page.select(dateSelect, '2026-09-10');
    await page.waitForFunction((select, id) => Array.from(document.querySelectorAll<HTMLOptionElement>(`${select} option`)).some((option) => option.value === id), {}, pairSelect, String(u.timeSlots[1].id));
    await page.select(pairSelect, String(u.timeSlots[1].id));
    await clickButton('Применить изменение');
    const notice = await page.waitForFunction(() => document.querySelector('#overrides-notice')?.textContent);
    expect(await notice.jsonValue()).toContain('Создано разовое изменение');
    const moved = await page.waitForSelector('.lesson[data-date="2026-09-10"][data-override="MOVE"]');
    expect(await moved?.evaluate((node) => node.textContent)).toContain('Перенесено с');
    expect(await page.$('.lesson[data-date="2026-09-09"]:not([data-gone])')).toBeNull();
    expect(await page.$eval('.lesson[data-date="2026-09-09"][data-gone="MOVED_AWAY"]', (node) => node.textContent)).toContain('Перенесено на 10.09');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'desk-override-moved');
    expect(await changes()).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'MOVE', lessonDate: '2026-09-09', targetLessonDate: '2026-09-10', newTimeSlotId: u.timeSlots[1].id })]),
    );
  });

  it('opens the move in the registry of its period and deletes it: the lesson returns to its rule', async () => {
    await page.click('input[name="overrides-view"]:not(:checked)');
    await page.waitForFunction(() => document.querySelector('#registry-title') !== null);
    await setInput(`${await controlByLabel(page, 'С')}`, '2026-09-01');
    await setInput(`${await controlByLabel(page, 'По')}`, '2026-09-30');
    await page.waitForFunction(() => document.querySelectorAll('#overrides-table tbody tr').length === 2);
    await page.select(await controlByLabel(page, 'Вид'), 'MOVE');
    await page.type(await controlByLabel(page, 'Дисциплина, группа, преподаватель или аудитория'), u.groups[1].name);
    await page.waitForFunction(() => document.querySelectorAll('#overrides-table tbody tr').length === 1);
    const moveId = (await changes()).find((change) => change.lessonDate === '2026-09-09')?.id as number;
    await screenshot(page, 'desk-override-registry');
    await clickButton('Открыть', `tr[data-override="${moveId}"]`);
    await page.waitForSelector('.override-form');
    expect(await page.$eval(await controlByLabel(page, 'Новая дата'), (node) => (node as HTMLSelectElement).value)).toBe('2026-09-10');
    page.once('dialog', (dialog) => void dialog.accept());
    await clickButton('Удалить изменение');
    const notice = await page.waitForFunction(() => document.querySelector('#overrides-notice')?.textContent);
    expect(await notice.jsonValue()).toContain(`Изменение №${moveId} удалено`);
    expect((await changes()).map((change) => change.id)).not.toContain(moveId);
    const week = (await admin.get(`/api/schedule?groupId=${u.groups[1].id}&startDate=2026-09-07&endDate=2026-09-13`)).body as { date: string }[];
    expect(week.map((lesson) => lesson.date)).toEqual(['2026-09-09']);
  });

  it('copies the published version, compares the changed draft (the diff names the change) and publishes it with a reason', async () => {
    await page.goto(`${origin}/admin/#versions`);
    await page.waitForSelector('#versions-table');
    await page.type(await controlByLabel(page, 'Название'), 'Осень, правка');
    await page.select(await controlByLabel(page, 'Основа'), String(u.versionId));
    await clickButton('Создать черновик');
    await page.waitForFunction(() => document.querySelector('form[aria-label="Новая версия"] [role=status]')?.textContent?.startsWith('Создан черновик №2 «Осень, правка»: копия с правилами (3)'));
    const versions = (await admin.get(`${VERSIONS_PATH}?semesterId=${u.semester.id}`)).body as { id: number; status: string; basedOnVersionId: number | null }[];
    const draft = versions.find((version) => version.status === 'DRAFT') as { id: number };
    expect(draft).toMatchObject({ basedOnVersionId: u.versionId });

    // The draft's copy of group B's rule moves from Wednesday to Friday (the rule editor has its own test).
    const copies = (await admin.get(`${RULES_PATH}?versionId=${draft.id}`)).body as RuleBody[];
    const copy = copies.find((rule) => rule.subjectId === rules.b1.subjectId) as RuleBody;
    const request = requestOf(copy);
    request.slots[0].dayOfWeek = 5;
    expect((await admin.put(`${RULES_PATH}/${copy.id}`, request)).status).toBe(200);

    await clickButton('Сравнить', `tr[data-version="${draft.id}"]`);
    await page.waitForSelector('#comparison .diff-changed');
    const diff = (await page.$eval('#comparison', (node) => node.textContent)) ?? '';
    expect(diff).toContain(`Правило №${copy.id} «${copy.subjectName}»: изменено — слоты`);
    expect(diff).toContain('Было');
    expect(diff).toContain('04.09 (пт)');
    // A room named «Ауд. …» is written once, not «ауд. Ауд. …».
    const room = u.classrooms.find((classroom) => classroom.id === copy.slots[0].classroomId) as { name: string };
    expect(room.name).toMatch(/^Ауд\. /);
    expect(diff).toContain(`, ${room.name}`);
    expect(diff).not.toMatch(/ауд\. ауд\./i);
    await screenshot(page, 'desk-version-diff');

    await clickButton('Опубликовать', `tr[data-version="${draft.id}"]`);
    await page.waitForSelector('dialog[open] .version-diff');
    expect(await page.$eval('dialog[open]', (node) => node.textContent)).toContain('изменено — слоты');
    await clickButton('Опубликовать', 'dialog[open] form');
    expect(await page.waitForFunction(() => document.querySelector('dialog[open] [role=alert]')?.textContent).then((handle) => handle.jsonValue())).toContain('Укажите причину');
    expect((await admin.get(`${VERSIONS_PATH}/${draft.id}`)).body).toMatchObject({ status: 'DRAFT' });
    await page.type('dialog[open] textarea', 'Лекции группы переносятся на пятницу');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'desk-version-publish');
    await clickButton('Опубликовать', 'dialog[open] form');
    await page.waitForFunction(() => document.querySelector('#versions-notice')?.textContent?.includes('опубликована'));
    expect((await admin.get(`${VERSIONS_PATH}/${draft.id}`)).body).toMatchObject({ status: 'PUBLISHED' });
    await page.waitForFunction(() => document.querySelector('.history')?.textContent?.includes('Лекции группы переносятся на пятницу'));
    const week = (await admin.get(`/api/schedule?groupId=${u.groups[1].id}&startDate=2026-09-07&endDate=2026-09-13`)).body as { date: string }[];
    expect(week.map((lesson) => lesson.date)).toEqual(['2026-09-11']);
  });

  it('fixes a weekly window in its rule: shown first, asks once, a refusal stays next to the button, then says what happened', async () => {
    const versions = (await admin.get(`${VERSIONS_PATH}?semesterId=${u.semester.id}`)).body as { id: number; status: string }[];
    const published = (versions.find((version) => version.status === 'PUBLISHED') as { id: number }).id;
    const weekly = (subject: number, groupId: number, order: number, teacher: number, room: number) =>
      createRule(
        admin,
        ruleBody(u, {
          scheduleVersionId: published,
          subjectId: u.subjects[subject].id,
          groupIds: [groupId],
          lectureAcademicHours: 32,
          slots: [slotBody(u, { dayOfWeek: 4, timeSlotId: u.timeSlots[order - 1].id, teacherId: u.teachers[teacher].id, classroomId: u.classrooms[room].id })],
        }),
      );
    const [A, B] = u.groups;
    await weekly(0, A.id, 1, 0, 0);
    const late = await weekly(1, A.id, 3, 1, 1);

    await page.goto(`${origin}/admin/#quality`);
    const problem = `[data-problem="RULE:${late.id}"]`;
    await page.waitForSelector(`${problem} button[aria-expanded]`);
    expect(await page.$eval(`${problem} button[aria-expanded]`, (node) => node.textContent)).toBe('Как исправить: правило и занятие 03.09 (чт)');
    const before = await page.$eval('#quality-score', (node) => node.textContent);
    expect(await page.$eval('#quality-score-explanation', (node) => node.textContent)).toContain('Доля занятий');
    await page.click(`${problem} button[aria-expanded]`);
    await page.waitForSelector(`${problem} [data-rule-recommendation]`);
    // The rule's change comes first, the one lesson's after it.
    const order = await page.$$eval(`${problem} .recommendation`, (items) => items.map((item) => (item.hasAttribute('data-rule-recommendation') ? 'rule' : 'lesson')));
    expect(order).toEqual(['rule', 'lesson']);
    const card = `${problem} [data-rule-recommendation="RULE_TIME_SLOT"]`;
    expect(await page.$eval(card, (node) => node.textContent)).toContain('Перенести правило на 2-ю пару (10:10–11:40) по четвергам');
    expect(await page.$eval(card, (node) => node.textContent)).toContain('по 16 занятиям');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'desk-quality-rule');
    // On a phone the same panel fits its width.
    await page.setViewport(PHONE);
    await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth);
    await screenshot(page, 'desk-quality-rule-phone');
    await page.setViewport(WIDE);

    // Meanwhile the rule's teacher gets group B's lecture at that pair: the rules API refuses, and the screen keeps everything.
    const blocker = await weekly(2, B.id, 2, 1, 2);
    const questions: string[] = [];
    const answer = (dialog: { message(): string; accept(): Promise<void> }) => {
      questions.push(dialog.message());
      void dialog.accept();
    };
    page.on('dialog', answer);
    try {
      await clickButton('Применить к правилу', card);
      await page.waitForSelector(`${card} [role=alert]`);
      expect(await page.$eval(`${card} [role=alert]`, (node) => node.textContent)).toContain('преподаватель уже занят');
      expect(await page.$(`${problem} .recommendation:not([data-rule-recommendation])`)).not.toBeNull();
      expect(await page.$eval('#quality-score', (node) => node.textContent)).toBe(before);
      expect(((await admin.get(`${RULES_PATH}/${late.id}`)).body as RuleBody).slots[0].timeSlotId).toBe(u.timeSlots[2].id);
      await screenshot(page, 'desk-quality-rule-refused');

      expect((await admin.delete(`${RULES_PATH}/${blocker.id}`)).status).toBe(200);
      await clickButton('Применить к правилу', card);
      const notice = await page.waitForFunction(() => document.querySelector('#quality-applied')?.textContent?.includes('стало') && document.querySelector('#quality-applied')?.textContent);
      expect(await notice.jsonValue()).toContain(`Правило №${late.id} перенесено на 2-ю пару (10:10–11:40) по четвергам.`);
    } finally {
      page.off('dialog', answer);
    }
    // Asked once per click, saying what it changes and that people are told.
    expect(questions).toHaveLength(2);
    expect(questions[0]).toContain(`Изменить правило №${late.id} в опубликованном расписании?`);
    expect(questions[0]).toContain('Все оставшиеся занятия (16)');
    expect(questions[0]).toContain('получат уведомление');
    expect(((await admin.get(`${RULES_PATH}/${late.id}`)).body as RuleBody).slots[0]).toMatchObject({ id: late.slots[0].id, timeSlotId: u.timeSlots[1].id });
    expect(await page.$eval('#quality-score', (node) => node.textContent)).not.toBe(before);
    await screenshot(page, 'desk-quality-rule-applied');
  });
});
