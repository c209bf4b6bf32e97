/// <reference lib="dom" />
import type { Page } from 'puppeteer-core';
import { expectQuietPage, launchBrowser, serveOnLoopback, TestBrowser, watchPage } from './support/browser';
import { createDepartment, createUser } from './support/factories';
import { signIn, weekSettled } from './support/web-client';
import { ADMIN, startTestApp, TestApp } from './support/test-app';

/**
 * Issue 46 §1 in a real Chromium: the web client counts "today" in its university's time zone, which
 * it learns from the API, not in the browser's zone nor in Moscow. The browser stands at Sunday
 * 31 August 2025, 23:30 in Moscow (Monday 1 September, 06:30 in Vladivostok) and is itself set to
 * New York, so neither the browser's zone nor a constant could give the right answer for both.
 */
const MOMENT = '2025-08-31T20:30:00Z';

describe('the web client counts today in its university’s time zone (issue 46 §1)', () => {
  let t: TestApp;
  let chrome: TestBrowser;
  let port: string;
  const teachers: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['vlad', 'msk'], timeZones: { vlad: 'Asia/Vladivostok' } });
    port = new URL(await serveOnLoopback(t.server, 'vlad')).port;
    for (const tenant of ['vlad', 'msk']) {
      const admin = await t.as(tenant).login(ADMIN.username, ADMIN.password);
      const department = await createDepartment(admin);
      teachers[tenant] = (await createUser(admin, { role: 'TEACHER', departmentId: department.id })).username;
    }
    chrome = await launchBrowser();
  });
  afterAll(async () => {
    await chrome?.close();
    await t?.close();
  });

  /** A page whose clock reads MOMENT (and runs on from it) in a browser set to New York. */
  async function pageAtMoment(): Promise<Page> {
    const page = await (await chrome.browser.createBrowserContext()).newPage();
    await page.emulateTimezone('America/New_York');
    await page.evaluateOnNewDocument((moment: string) => {
      const RealDate = Date;
      const shift = RealDate.parse(moment) - RealDate.now();
      class ShiftedDate extends RealDate {
        constructor(...args: unknown[]) {
          if (args.length === 0) super(RealDate.now() + shift);
          else super(...(args as [string]));
        }
        static override now(): number {
          return RealDate.now() + shift;
        }
      }
      (window as unknown as { Date: DateConstructor }).Date = ShiftedDate as DateConstructor;
    }, MOMENT);
    return page;
  }

  /** The teacher's own week as the page opens it: the date field (today) and the week's title. */
  async function teacherWeek(tenant: string): Promise<{ date: string; title: string }> {
    const page = await pageAtMoment();
    const origin = `http://${tenant}.localhost:${port}`;
    const watch = await watchPage(page, origin);
    await page.goto(`${origin}/teacher/#my-schedule`);
    await signIn(page, teachers[tenant]);
    await page.waitForFunction(() => document.querySelector('#page-title')?.textContent === 'Моё расписание');
    await weekSettled(page);
    const week = await page.evaluate(() => ({
      date: document.querySelector<HTMLInputElement>('.week-nav input[type=date]')?.value ?? '',
      title: document.querySelector('#week-title')?.textContent ?? '',
    }));
    expectQuietPage(watch);
    await page.close();
    return week;
  }

  it('shows Monday 1 September as today in Vladivostok, and the week of Sunday 31 August in Moscow', async () => {
    expect(await teacherWeek('vlad')).toEqual({ date: '2025-09-01', title: 'Неделя 1 сентября – 7 сентября 2025 г.' });
    expect(await teacherWeek('msk')).toEqual({ date: '2025-08-31', title: 'Неделя 25 августа – 31 августа 2025 г.' });
  });
});
