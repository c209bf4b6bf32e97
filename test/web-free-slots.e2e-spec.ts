/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { expectQuietPage, launchBrowser, PageWatch, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { standPageAt, standServiceAt } from './support/clock';
import { createUser, expectErrorBody, PASSWORD } from './support/factories';
import { ClassroomBody, createClassroom, createEquipment } from './support/resource-builders';
import { createRule, createUniversity, ruleBody, RULES_PATH, slotBody, University } from './support/schedule-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';
import { controlByLabel, errorNextTo, replaceText, signIn, weekSettled } from './support/web-client';

/**
 * Issue 45 §5, finding a free slot instead of guessing: the rooms a busy cell of the rule editor still
 * has, the free pairs and rooms the one-off change form offers, and the free-room finder of the office
 * and the department. Service and page stand on Monday 07.09.2026, 08:00 in Moscow.
 *
 * Group B (24 students) has a lecture on Mondays, pair 1, in room C0; group A one on Tuesdays, pair 1,
 * in room C1. Rooms C0–C3 seat 30 (main building); «малая» seats 5 and «большая» 100 with a projector,
 * both in the laboratory building.
 */
const NOW = '2026-09-07T05:00:00Z';
const LAPTOP = { width: 1366, height: 900 };
const PHONE = { width: 375, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const LAB_BUILDING = 'Лабораторный корпус';

beforeAll(() => standServiceAt(NOW));

describe('finding a free slot (issue 45 §5)', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let origin: string;
  let chrome: TestBrowser;
  let browser: Browser;
  let office: { username: string };
  let department: { username: string };
  let small: ClassroomBody;
  let big: ClassroomBody;
  let projector: { id: number; name: string };

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { teachers: 3, groups: 2, classrooms: 4, subjects: 3 });
    const [A, B] = u.groups;
    projector = await createEquipment(admin, 'Проектор для поиска');
    small = await createClassroom(admin, { name: 'Ауд. малая', capacity: 5, building: LAB_BUILDING });
    big = await createClassroom(admin, { name: 'Ауд. большая', capacity: 100, building: LAB_BUILDING, equipmentIds: [projector.id] });
    await createRule(
      admin,
      ruleBody(u, { subjectId: u.subjects[0].id, groupIds: [B.id], lectureAcademicHours: 32, slots: [slotBody(u, { dayOfWeek: 1, teacherId: u.teachers[1].id, classroomId: u.classrooms[0].id })] }),
    );
    await createRule(
      admin,
      ruleBody(u, { subjectId: u.subjects[1].id, groupIds: [A.id], lectureAcademicHours: 32, slots: [slotBody(u, { dayOfWeek: 2, teacherId: u.teachers[0].id, classroomId: u.classrooms[1].id })] }),
    );
    office = await createUser(admin, { role: 'EDUCATION_OFFICE', departmentId: u.department.id });
    department = await createUser(admin, { role: 'DEPARTMENT', departmentId: u.department.id });
    chrome = await launchBrowser();
    browser = chrome.browser;
  });

  afterAll(async () => {
    await chrome?.close();
    await t?.close();
  });

  async function newPage(viewport: typeof LAPTOP | typeof PHONE): Promise<{ page: Page; watch: PageWatch }> {
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport(viewport);
    await standPageAt(page, NOW);
    return { page, watch: await watchPage(page, origin) };
  }

  async function clickButton(page: Page, text: string, within = 'body'): Promise<void> {
    await page.waitForFunction((wanted, scope) => Array.from(document.querySelectorAll(`${scope} button`)).some((button) => button.textContent?.trim() === wanted && !(button as HTMLButtonElement).disabled), {}, text, within);
    await page.evaluate((wanted, scope) => (Array.from(document.querySelectorAll(`${scope} button`)).find((button) => button.textContent?.trim() === wanted) as HTMLButtonElement).click(), text, within);
  }

  const names = (rooms: { classroomName?: string; name?: string }[]) => rooms.map((room) => room.classroomName ?? room.name);

  describe('the API', () => {
    it('free rooms of one rule cell: rooms that hold the group and are free there, smallest first; only the office', async () => {
      const path = `${RULES_PATH}/free-cells/classrooms`;
      const query = { versionId: u.versionId, groupIds: u.groups[0].id, teacherId: u.teachers[2].id, classroomId: u.classrooms[0].id, dayOfWeek: 1, timeSlotId: u.timeSlots[0].id };
      const found = await admin.get(path).query(query);
      expect(found.status).toBe(200);
      // C0 is taken by group B's lecture; «малая» does not hold 24 students.
      expect(names(found.body)).toEqual([...u.classrooms.slice(1).map((room) => room.name).sort((a, b) => a.localeCompare(b, 'ru')), big.name]);
      expect(found.body[found.body.length - 1]).toEqual({ classroomId: big.id, classroomName: big.name, capacity: 100, building: LAB_BUILDING });
      // The teacher of group B's lecture is busy in that cell whatever the room: none is free for them.
      expect((await admin.get(path).query({ ...query, teacherId: u.teachers[1].id })).body).toEqual([]);

      const notBase = await admin.get(path).query({ ...query, timeSlotId: 999999 });
      expect(notBase.status).toBe(400);
      expectErrorBody(notBase.body, 400, `${path}`, 'Пара не найдена в основной сетке звонков');
      expect(notBase.body.field).toBe('timeSlotId');
      expect((await admin.get(path).query({ ...query, dayOfWeek: 8 })).body).toMatchObject({ status: 400, field: 'dayOfWeek' });
      const byDepartment = await (await t.as('alpha').login(department.username, PASSWORD)).get(path).query(query);
      expect(byDepartment.status).toBe(403);
    });

    it('the free-room finder narrows by building, seats and equipment, for the office and the department', async () => {
      const departmentClient = await t.as('alpha').login(department.username, PASSWORD);
      const base = { date: '2026-09-07', timeSlotId: u.timeSlots[0].id };
      const all = await departmentClient.get('/api/workload/free-classrooms').query(base);
      expect(all.status).toBe(200);
      expect(names(all.body)).not.toContain(u.classrooms[0].name);
      expect(names((await departmentClient.get('/api/workload/free-classrooms').query({ ...base, building: '  лабораторный КОРПУС ' })).body)).toEqual([small.name, big.name]);
      expect(names((await departmentClient.get('/api/workload/free-classrooms').query({ ...base, building: LAB_BUILDING, minCapacity: 10 })).body)).toEqual([big.name]);
      expect(names((await departmentClient.get('/api/workload/free-classrooms').query({ ...base, equipmentIds: projector.id })).body)).toEqual([big.name]);
      const tooLong = await departmentClient.get('/api/workload/free-classrooms').query({ ...base, building: 'к'.repeat(201) });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.field).toBe('building');
    });
  });

  it('the rule editor: a cell busy only because of the chosen room offers the free rooms, and one click places the slot there', async () => {
    const { page, watch } = await newPage(LAPTOP);
    await page.goto(`${origin}/admin/#rules`);
    await signIn(page, office.username);
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Правила расписания');
    // The published version is read-only until the office confirms changing it (issue 45 §2).
    await page.waitForSelector('.published-lock');
    await clickButton(page, 'Изменить опубликованное расписание');
    await clickButton(page, 'Да, изменить опубликованное');
    await clickButton(page, 'Новое правило');
    await page.waitForSelector('form.rule-editor');
    const [subject, pair] = [await controlByLabel(page, 'Дисциплина'), await controlByLabel(page, 'Пара')];
    await page.waitForFunction((a, b) => document.querySelectorAll(`${a} option`).length > 2 && document.querySelectorAll(`${b} option`).length > 2, {}, subject, pair);
    await page.select(subject, String(u.subjects[2].id));
    await pick(page, 'Добавить группу', u.groups[0].name);
    await page.click(await controlByLabel(page, 'Лекции: часов'), { count: 3 });
    await page.type(await controlByLabel(page, 'Лекции: часов'), '32');
    await pick(page, 'Преподаватель слота 1', u.teachers[2].fullName);
    await pick(page, 'Аудитория слота 1', u.classrooms[0].name);

    // Monday, pair 1 is busy only because C0 is taken: its reasons offer the rooms free there.
    const busy = 'button.busy[data-cell="1:1"]';
    await page.waitForSelector(busy);
    expect(await page.$eval(busy, (node) => node.textContent)).toContain('занята аудитория');
    await page.click(busy);
    await page.waitForSelector('.cell-rooms button');
    const offered = await page.$$eval('.cell-rooms button', (buttons) => buttons.map((button) => button.textContent));
    expect(offered).toEqual([...u.classrooms.slice(1).map((room) => `${room.name} (30 мест, Главный корпус)`).sort((a, b) => a.localeCompare(b, 'ru')), `${big.name} (100 мест, ${LAB_BUILDING})`]);
    await screenshot(page, 'rule-cell-free-rooms');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const room = u.classrooms[2];
    await page.evaluate((name) => (Array.from(document.querySelectorAll('.cell-rooms button')).find((button) => button.textContent?.startsWith(name)) as HTMLButtonElement).click(), room.name);
    await page.waitForFunction(() => document.querySelector('button[aria-pressed="true"]')?.textContent?.startsWith('понедельник, 1-я пара: здесь'));
    await clickButton(page, 'Создать правило');
    await page.waitForFunction(() => Array.from(document.querySelectorAll('[role=status]')).some((node) => node.textContent?.startsWith('Создано правило')));
    const [created] = await t.sql<{ classroom_id: number; day_of_week: number; time_slot_id: number }>(
      'alpha',
      `SELECT s.classroom_id, s.day_of_week, s.time_slot_id FROM schedule_rule_slots s JOIN schedule_rules r ON r.id = s.rule_id WHERE r.subject_id = $1`,
      [u.subjects[2].id],
    );
    expect(created).toEqual({ classroom_id: room.id, day_of_week: 1, time_slot_id: u.timeSlots[0].id });
    expectQuietPage(watch);
  });

  it('the one-off change form shows the free pairs of the chosen day and the free rooms, and a choice from them is applied', async () => {
    const { page, watch } = await newPage(PHONE);
    await page.goto(`${origin}/admin/?date=2026-09-07#overrides`);
    await signIn(page, office.username);
    await page.waitForSelector('#kind-group');
    await page.type('.picker-place input', u.groups[0].name);
    await page.waitForFunction((name) => Array.from(document.querySelectorAll('button.match')).some((button) => button.textContent?.includes(name)), {}, u.groups[0].name);
    await page.evaluate((name) => (Array.from(document.querySelectorAll('button.match')).find((button) => button.textContent?.includes(name)) as HTMLButtonElement).click(), u.groups[0].name);
    await weekSettled(page);
    await clickButton(page, 'Изменить занятие', '.lesson[data-date="2026-09-08"]');
    await page.waitForSelector('.override-form');

    // The lesson's own day: pair 1 is its own, the others are free for group A, its teacher and room.
    await page.waitForSelector('#free-pairs button');
    const pairs = await page.$$eval('#free-pairs button', (buttons) => buttons.map((button) => button.textContent));
    expect(pairs).toEqual(u.timeSlots.slice(1).map((slot, index) => `${index + 2}-я пара, ${slot.startTime.slice(0, 5)}–${slot.endTime.slice(0, 5)}`));
    const dateSelect = await controlByLabel(page, 'Новая дата');
    // Each day says how many pairs are free for the lesson (its own day: the three other pairs).
    expect(await page.$$eval(`${dateSelect} option`, (options) => options.slice(0, 3).map((option) => option.textContent))).toEqual([
      '08.09 (вт) (тот же день): свободных пар 3',
      expect.stringMatching(/^07\.09 \(пн\): свободных пар \d$/),
      '09.09 (ср): свободных пар 4',
    ]);
    // Monday: pair 1 is group B's in room C0, but group A and its teacher are free: every pair is.
    await page.select(dateSelect, '2026-09-09');
    await page.waitForFunction(() => document.querySelector('#free-pairs p')?.textContent?.startsWith('Свободные пары 09.09'));
    await clickButton(page, `3-я пара, ${u.timeSlots[2].startTime.slice(0, 5)}–${u.timeSlots[2].endTime.slice(0, 5)}`, '#free-pairs');
    expect(await page.$eval(await controlByLabel(page, 'Пара'), (node) => (node as HTMLSelectElement).value)).toBe(String(u.timeSlots[2].id));
    expect(await page.$eval(await controlByLabel(page, 'Пара'), (node) => (node as HTMLSelectElement).selectedOptions[0].textContent)).toContain('— свободна');
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits).toBe(true);
    await screenshot(page, 'override-free-pairs-phone');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await clickButton(page, 'Применить изменение');
    await page.waitForFunction(() => document.querySelector('#overrides-notice')?.textContent?.includes('Создано разовое изменение'));
    const [moved] = await t.sql<{ target_lesson_date: string; new_time_slot_id: number }>(
      'alpha',
      `SELECT to_char(target_lesson_date, 'YYYY-MM-DD') AS target_lesson_date, new_time_slot_id FROM schedule_overrides WHERE lesson_date = '2026-09-08'`,
    );
    expect(moved).toEqual({ target_lesson_date: '2026-09-09', new_time_slot_id: u.timeSlots[2].id });

    // A room change of the next Tuesday: the rooms free at its time, one click.
    await page.click('#week-next');
    await weekSettled(page);
    await clickButton(page, 'Изменить занятие', '.lesson[data-date="2026-09-15"]');
    await page.waitForSelector('.override-form');
    await page.click('input[name="override-action"][value="REPLACE"]');
    await page.waitForSelector('#free-rooms button');
    const rooms = await page.$$eval('#free-rooms button', (buttons) => buttons.map((button) => button.textContent));
    expect(rooms).toContain(`${big.name} (100 мест)`);
    expect(rooms).not.toContain(`${u.classrooms[1].name} (30 мест)`);
    await page.evaluate((name) => (Array.from(document.querySelectorAll('#free-rooms button')).find((button) => button.textContent?.startsWith(name)) as HTMLButtonElement).click(), big.name);
    await clickButton(page, 'Применить изменение');
    await page.waitForFunction(() => document.querySelector('#overrides-notice')?.textContent?.includes(`аудитория`));
    const [replaced] = await t.sql<{ new_classroom_id: number }>('alpha', `SELECT new_classroom_id FROM schedule_overrides WHERE lesson_date = '2026-09-15'`);
    expect(replaced.new_classroom_id).toBe(big.id);
    expectQuietPage(watch);
  });

  it('the one-off form offers only rooms that seat the lesson’s students, for a move too, and asks before a smaller room chosen by hand (issue 55)', async () => {
    const { page, watch } = await newPage(LAPTOP);
    await page.goto(`${origin}/admin/?date=2026-09-21#overrides`);
    await signIn(page, office.username);
    await page.waitForSelector('#kind-group');
    await page.type('.picker-place input', u.groups[0].name);
    await page.waitForFunction((name) => Array.from(document.querySelectorAll('button.match')).some((button) => button.textContent?.includes(name)), {}, u.groups[0].name);
    await page.evaluate((name) => (Array.from(document.querySelectorAll('button.match')).find((button) => button.textContent?.includes(name)) as HTMLButtonElement).click(), u.groups[0].name);
    await weekSettled(page);
    await clickButton(page, 'Изменить занятие', '.lesson[data-date="2026-09-22"]');
    await page.waitForSelector('.override-form');
    // A move: the rooms follow the chosen pair and seat group A's 24 students (the 5-seat room is never offered).
    await clickButton(page, `3-я пара, ${u.timeSlots[2].startTime.slice(0, 5)}–${u.timeSlots[2].endTime.slice(0, 5)}`, '#free-pairs');
    await page.waitForFunction(() => document.querySelector('#free-rooms p')?.textContent?.startsWith('Свободные аудитории, подходящие занятию (не меньше 24 мест)'));
    const moveRooms = await page.$$eval('#free-rooms button', (buttons) => buttons.map((button) => button.textContent));
    expect(moveRooms).toContain(`${big.name} (100 мест)`);
    expect(moveRooms.some((text) => text?.startsWith(small.name))).toBe(false);
    // A replacement: the small room chosen by hand is asked about, naming the seats and the students.
    await page.click('input[name="override-action"][value="REPLACE"]');
    await page.waitForSelector('#free-rooms button');
    expect((await page.$$eval('#free-rooms button', (buttons) => buttons.map((button) => button.textContent))).some((text) => text?.startsWith(small.name))).toBe(false);
    const roomInput = await controlByLabel(page, 'Новая аудитория');
    await page.type(roomInput, 'малая');
    await page.waitForFunction((name) => Array.from(document.querySelectorAll('.override-form button.match')).some((button) => button.textContent?.includes(name)), {}, small.name);
    await page.evaluate((name) => (Array.from(document.querySelectorAll('.override-form button.match')).find((button) => button.textContent?.includes(name)) as HTMLButtonElement).click(), small.name);
    await clickButton(page, 'Применить изменение');
    const question = await page.waitForSelector('dialog[open] .confirm-body');
    expect(await question!.evaluate((node) => node.textContent)).toContain(`В аудитории ${small.name} 5 мест, а на занятии 24 студента.`);
    await screenshot(page, 'override-small-room-confirm');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog[open] .confirm-body'));
    expect(await t.sql('alpha', `SELECT id FROM schedule_overrides WHERE lesson_date = '2026-09-22'`)).toEqual([]);
    await clickButton(page, 'Применить изменение');
    await page.waitForSelector('dialog[open] .confirm-body');
    await page.click('dialog[open] .confirm-body button.primary');
    await page.waitForFunction(() => document.querySelector('#overrides-notice')?.textContent?.includes('Внимание'));
    expect(await page.$eval('#overrides-notice', (node) => node.textContent)).toContain(`Внимание: В аудитории ${small.name} 5 мест, а на занятии 24 студента.`);
    const [saved] = await t.sql<{ new_classroom_id: number }>('alpha', `SELECT new_classroom_id FROM schedule_overrides WHERE lesson_date = '2026-09-22'`);
    expect(saved.new_classroom_id).toBe(small.id);
    await screenshot(page, 'override-small-room-saved');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expectQuietPage(watch);
  });

  it('the department’s free-room finder: date, pair, building and equipment; a refusal at its field', async () => {
    const { page, watch } = await newPage(PHONE);
    await page.goto(`${origin}/admin/#free-rooms`);
    await signIn(page, department.username);
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Свободные аудитории');
    expect(await page.$$eval('nav.sections a', (links) => links.map((link) => link.getAttribute('href')))).toContain('#free-rooms');
    const pairSelect = await controlByLabel(page, 'Пара');
    await page.waitForFunction((select) => document.querySelectorAll(`${select} option`).length > 2, {}, pairSelect);
    await page.select(pairSelect, String(u.timeSlots[0].id));
    await page.type(await controlByLabel(page, 'Мест не меньше'), '0');
    await clickButton(page, 'Найти');
    await page.waitForSelector('.field-invalid');
    expect(await errorNextTo(page, 'Мест не меньше')).toMatch(/minCapacity/);
    await replaceText(page, await controlByLabel(page, 'Мест не меньше'), '');
    await page.type(await controlByLabel(page, 'Корпус'), LAB_BUILDING);
    await page.evaluate((name) => (Array.from(document.querySelectorAll('label.check')).find((label) => label.textContent?.includes(name))?.querySelector('input') as HTMLInputElement).click(), projector.name);
    await clickButton(page, 'Найти');
    await page.waitForSelector('#free-rooms tbody tr');
    expect(await page.$$eval('#free-rooms tbody tr td:first-child', (cells) => cells.map((cell) => cell.textContent))).toEqual([big.name]);
    // The heading above names the result; the table's caption is there for screen readers only.
    expect(await page.$eval('#free-rooms caption', (node) => [node.textContent, node.className])).toEqual(['Свободные аудитории', 'visually-hidden']);
    expect(await page.$eval('#free-rooms-title', (node) => node.textContent)).toContain('7 сентября 2026 г., 1-я пара');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'free-room-finder-phone');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expectQuietPage(watch);
  });

  async function pick(page: Page, label: string, text: string): Promise<void> {
    await page.type(await controlByLabel(page, label), text);
    await page.waitForFunction(
      (wanted, name) => {
        const field = Array.from(document.querySelectorAll('label')).find((item) => item.textContent?.trim() === wanted)?.closest('.picker');
        return Array.from(field?.querySelectorAll('button.match') ?? []).some((button) => button.textContent?.includes(name));
      },
      {},
      label,
      text,
    );
    await page.evaluate(
      (wanted, name) => {
        const field = Array.from(document.querySelectorAll('label')).find((item) => item.textContent?.trim() === wanted)?.closest('.picker');
        (Array.from(field?.querySelectorAll<HTMLButtonElement>('button.match') ?? []).find((button) => button.textContent?.includes(name)) as HTMLButtonElement).click();
      },
      label,
      text,
    );
  }
});
