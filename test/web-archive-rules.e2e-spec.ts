/// <reference lib="dom" />
import type { Page } from 'puppeteer-core';
import { expectQuietPage, launchBrowser, PageWatch, screenshot, seriousAccessibilityViolations, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { standPageAt, standServiceAt } from './support/clock';
import { createOverride } from './support/override-builders';
import { createRule, createUniversity, LESSON_TYPES, RuleBody, RULES_PATH, ruleBody, slotBody, University } from './support/schedule-builders';
import { signIn } from './support/web-client';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

/**
 * «В архив» of a group in «Справочники» mid-semester, in a real Chromium (issue 53): the in-page
 * confirmation asks «Завершить правила с» (tomorrow), names the rules of the publication that end and
 * the one-off changes deleted with their lessons; Escape archives nothing; confirmed, the rule ends the
 * day before the date. The service and the page stand on Thursday 1 October 2026, 12:00 in Moscow.
 */
const NOW = '2026-10-01T09:00:00Z';
const DIALOG = 'dialog[open]';

describe('archiving a group names the rules that end, in the web client', () => {
  let t: TestApp;
  let admin: TenantClient;
  let u: University;
  let origin: string;
  let chrome: TestBrowser;

  beforeAll(async () => {
    standServiceAt(NOW);
    t = await startTestApp({ tenants: ['alpha'] });
    origin = await serveOnLoopback(t.server);
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    u = await createUniversity(t, admin, { startYear: 2026, teachers: 2, groups: 2, classrooms: 2, subjects: 2 });
    chrome = await launchBrowser();
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await chrome?.close();
    await t?.close();
  });

  describe.each([
    ['desktop', { width: 1366, height: 900 }, 0],
    ['phone', { width: 390, height: 844 }, 1],
  ] as const)('at %s width', (name, viewport, index) => {
    let page: Page;
    let watch: PageWatch;
    let rule: RuleBody;

    beforeAll(async () => {
      rule = await createRule(
        admin,
        ruleBody(u, {
          subjectId: u.subjects[index].id,
          groupIds: [u.groups[index].id],
          lectureAcademicHours: 32,
          slots: [slotBody(u, { dayOfWeek: 1, teacherId: u.teachers[index].id, classroomId: u.classrooms[index].id, lessonTypeId: LESSON_TYPES.LECTURE })],
        }),
      );
      await createOverride(admin, { baseRuleSlotId: rule.slots[0].id, lessonDate: '2026-10-12', action: 'CANCEL' });
      page = await (await chrome.browser.createBrowserContext()).newPage();
      await page.setViewport(viewport);
      await standPageAt(page, NOW);
      watch = await watchPage(page, origin);
      await page.goto(`${origin}/admin/#reference-data?entity=groups`);
      await signIn(page, ADMIN.username, ADMIN.password);
      await page.waitForFunction(() => document.querySelector('section.entity-desk[aria-label="Группы"] table') !== null);
    });

    afterEach(() => expectQuietPage(watch));

    async function clickButton(text: string, scope = 'body'): Promise<void> {
      await page.waitForFunction(
        (root, wanted) => Array.from(document.querySelector(root)?.querySelectorAll('button') ?? []).some((button) => (button.textContent?.trim() === wanted || button.getAttribute('aria-label') === wanted) && !button.disabled),
        {},
        scope,
        text,
      );
      await page.evaluate(
        (root, wanted) =>
          (Array.from(document.querySelector(root)!.querySelectorAll('button')).find((button) => (button.textContent?.trim() === wanted || button.getAttribute('aria-label') === wanted) && !button.disabled) as HTMLButtonElement).click(),
        scope,
        text,
      );
    }
    const dialogText = (): Promise<string> => page.$eval(DIALOG, (node) => node.textContent ?? '');

    it('asks from which day, lists the rule and its one-off change that go; Escape archives nothing', async () => {
      const group = u.groups[index].name;
      await clickButton(`В архив: ${group}`);
      await page.waitForFunction(() => document.querySelector('dialog[open] .rule-endings-list li') !== null);
      const date = await page.$eval('dialog[open] input[type="date"]', (input) => (input).value);
      expect(date).toBe('2026-10-02');
      const label = await page.$eval('dialog[open] label[for]', (node) => node.textContent);
      expect(label).toBe('Завершить правила с');
      const text = await dialogText();
      expect(text).toContain(`№${rule.id} «${u.subjects[index].name}», ${group} — опубликованное расписание: с 2 октября 2026`);
      expect(text).toContain('Удалятся разовые изменения этих занятий: 12.10 (отмена).');
      expect(text).toContain('прошедшие занятия останутся');
      await screenshot(page, `archive-rules-confirm-${name}`);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.keyboard.press('Escape');
      await page.waitForFunction(() => document.querySelector('dialog[open]') === null);
      expect(((await admin.get(`/api/groups/${u.groups[index].id}`)).body as { studyState: string }).studyState).not.toBe('ARCHIVED');
      expect(((await admin.get(`${RULES_PATH}/${rule.id}`)).body as { activeTo: string | null }).activeTo).toBeNull();
    });

    it('a later date lists the rule from it; confirmed, the group is archived and the rule ends the day before', async () => {
      await clickButton(`В архив: ${u.groups[index].name}`);
      await page.waitForFunction(() => document.querySelector('dialog[open] .rule-endings-list li') !== null);
      // Set as the browser's date picker does (an `input` event with the new value): the list follows.
      await page.$eval('dialog[open] input[type="date"]', (input) => {
        (input).value = '2026-11-02';
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await page.waitForFunction(() => document.querySelector('dialog[open] .rule-endings-list')?.textContent?.includes('с 2 ноября 2026'));
      expect(await dialogText()).not.toContain('12.10 (отмена)');
      await clickButton('В архив и завершить правила', DIALOG);
      await page.waitForFunction(() => document.querySelector('section.entity-desk[aria-label="Группы"] > .notice')?.textContent?.startsWith('Перенесено в архив'));
      await screenshot(page, `archive-rules-done-${name}`);
      expect(((await admin.get(`${RULES_PATH}/${rule.id}`)).body as { activeTo: string | null }).activeTo).toBe('2026-11-01');
    });
  });
});
