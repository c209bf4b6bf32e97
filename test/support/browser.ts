/// <reference lib="dom" />
import chromium from '@sparticuz/chromium';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo, Server } from 'node:net';
import puppeteer, { Browser, BrowserContext, HTTPRequest, Page } from 'puppeteer-core';

/**
 * A real headless Chromium for the page tests: the binary shipped inside the `@sparticuz/chromium` npm
 * package (a fresh machine needs only `npm install`), or a system one named by `CHROMIUM_PATH`. The
 * flags keep it off the network (no updates, sync or background calls) with a throw-away profile.
 */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface TestBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Unpacks the packaged Chromium to its temporary path once, before the test workers start: two
 * workers unpacking it at the same moment on a fresh machine made one of them start a binary still
 * being written (spawn ETXTBSY).
 */
export async function unpackChromium(): Promise<void> {
  if (!process.env.CHROMIUM_PATH) await chromium.executablePath();
}

/** Starts a Chromium of its own with a throw-away profile. */
async function startChromium(): Promise<TestBrowser> {
  const executablePath = process.env.CHROMIUM_PATH || (await chromium.executablePath());
  const userDataDir = mkdtempSync(join(tmpdir(), 'timetable-chromium-'));
  const browser = await puppeteer.launch({ executablePath, headless: true, userDataDir, args: [...FLAGS, `--user-data-dir=${userDataDir}`] });
  return {
    browser,
    close: async () => {
      await browser.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Where the run's shared Chromium listens (set by the global setup for the test workers). */
const SHARED_BROWSER = 'TIMETABLE_TEST_BROWSER';

/**
 * The run's one Chromium, started by the global setup before the workers: every page test connects
 * to it instead of starting its own, and keeps its pages apart in browser contexts of its own (each
 * test already opens one), so nothing a test leaves behind reaches another.
 */
export async function startSharedBrowser(): Promise<TestBrowser> {
  const shared = await startChromium();
  process.env[SHARED_BROWSER] = shared.browser.wsEndpoint();
  return shared;
}

/** The run's shared Chromium when there is one (the test run), else one of its own. */
export async function launchBrowser(): Promise<TestBrowser> {
  const endpoint = process.env[SHARED_BROWSER];
  if (!endpoint) return startChromium();
  const browser = await puppeteer.connect({ browserWSEndpoint: endpoint });
  // The contexts this file opens are closed with it, as its own browser's were (not those of other files).
  const opened: BrowserContext[] = [];
  const createBrowserContext = browser.createBrowserContext.bind(browser);
  browser.createBrowserContext = async (...options) => {
    const context = await createBrowserContext(...options);
    opened.push(context);
    return context;
  };
  return {
    browser,
    close: async () => {
      await Promise.all(opened.map((context) => context.close().catch(() => undefined)));
      await browser.disconnect();
    },
  };
}

/** What a page did that a test checks afterwards: requests to other origins and console errors. */
export interface PageWatch {
  foreignRequests: string[];
  consoleErrors: string[];
  /** Changes one outgoing request before it is sent (return true when applied, to apply it once). */
  tamper?: (request: HTTPRequest) => Record<string, string> | undefined;
}

/**
 * Every request of the page is intercepted: one to another origin is aborted and recorded (the pages
 * must never leave their own), the rest go on unchanged (or with the headers `tamper` returns).
 */
export async function watchPage(page: Page, origin: string): Promise<PageWatch> {
  const watch: PageWatch = { foreignRequests: [], consoleErrors: [] };
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:')) return void request.continue();
    if (new URL(url).origin !== origin) {
      watch.foreignRequests.push(url);
      return void request.abort();
    }
    const headers = watch.tamper?.(request);
    return void request.continue(headers ? { headers: { ...request.headers(), ...headers } } : undefined);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') watch.consoleErrors.push(`${message.text()} ${message.location()?.url ?? ''}`.trim());
  });
  page.on('pageerror', (error) => watch.consoleErrors.push(`pageerror: ${String(error)}`));
  // Every question is asked in the page (issue 55): a browser's own confirm(), alert() or prompt() is answered no and recorded as an error.
  page.on('dialog', (dialog) => {
    watch.consoleErrors.push(`native ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return watch;
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's serious and critical violations on the current page (rule id and the first target).
 * axe is put into a page once and stays until it navigates: a test checking section after section of
 * one page paid 0.3–0.7 s each time for sending and compiling its 550 KB again.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, target: violation.nodes[0]?.target.join(' ') }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id} at ${violation.target}`);
}

/** A full-page screenshot into `WEB_SCREENSHOTS` (when set), to look at what a test saw. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.WEB_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** Serves the test application on a loopback port and answers the origin of `tenant` on it. */
export async function serveOnLoopback(server: Server, tenant = 'alpha'): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://${tenant}.localhost:${(server.address() as AddressInfo).port}`;
}

/** Opens an administration section by its address and waits for its title, with nothing left loading. */
export async function openSection(page: Page, section: string, title: string): Promise<void> {
  await page.evaluate((id) => (location.hash = `#${id}`), section);
  await page.waitForFunction((text) => document.querySelector('#page-title')?.textContent === text, {}, title);
  await page.waitForFunction(() => !document.querySelector('main .status'));
}

/**
 * After each test: the page asked no other origin, and the console shows no error but the refusals a
 * test provokes on purpose (the browser logs each refused request; the page shows the refusal itself).
 */
export function expectQuietPage(watch: PageWatch, provoked = /status of (400|409)/): void {
  expect(watch.foreignRequests).toEqual([]);
  expect(watch.consoleErrors.filter((line) => !provoked.test(line))).toEqual([]);
}
