/// <reference lib="dom" />
import 'reflect-metadata';
import { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { Client } from 'pg';
import type { HTTPResponse, Page } from 'puppeteer-core';
import { loadConfig } from '../src/config/app-config';
import { createApp } from '../src/create-app';
import chromium from '@sparticuz/chromium';
import puppeteer from 'puppeteer-core';
import { chosenScale } from './bench/settings';
import { buildWeb } from './build-web';
import { startScratchPostgres } from './scratch-postgres';
import { seedUniversity } from './seed/university-seeder';

/**
 * `npm run bench:web`: what the web client costs a user, in a real Chromium against the real service
 * on a seeded university (BENCH_SCALE=large for issue 16's 600 groups; default otherwise):
 *  - the JavaScript and CSS each page loads (its HTML, entry, chunks, styles and the section it
 *    opens), gzip-compressed as a server or proxy would send them;
 *  - the time from navigation to a rendered week of a group (the student page with the group
 *    remembered), cold (empty cache) and warm (scripts cached), median of BENCH_WEB_RUNS (7).
 * Not part of `npm test`: timings belong here (see docs/performance.md).
 */
const TENANT = 'bench';
const PASSWORD = 'admin12345';
const RUNS = Number(process.env.BENCH_WEB_RUNS) || 7;

/** The Chromium the browser tests use (the `@sparticuz/chromium` package, or CHROMIUM_PATH). */
async function launchBrowser() {
  const executablePath = process.env.CHROMIUM_PATH || (await chromium.executablePath());
  const browser = await puppeteer.launch({ executablePath, headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'] });
  return { browser, close: () => browser.close() };
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.waitForSelector('#login-form');
  await page.type('#username', username);
  await page.type('#password', password);
  await page.click('#login-form button[type=submit]');
}

const log = (line: string) => process.stdout.write(`${line}\n`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Bytes of JS and CSS the page fetched, raw and gzip-compressed (level 6, the usual default). */
async function loadedAssets(page: Page, open: () => Promise<void>): Promise<{ files: number; raw: number; gzip: number }> {
  const bodies: Promise<Uint8Array>[] = [];
  const collect = (response: HTTPResponse) => {
    const type = response.headers()['content-type'] ?? '';
    if (/javascript|text\/css|text\/html/.test(type) && response.status() === 200) bodies.push(response.content());
  };
  page.on('response', collect);
  await open();
  page.off('response', collect);
  const all = await Promise.all(bodies);
  return { files: all.length, raw: all.reduce((sum, body) => sum + body.length, 0), gzip: all.reduce((sum, body) => sum + gzipSync(body).length, 0) };
}

async function main(): Promise<void> {
  const server = await startScratchPostgres();
  let app: INestApplication | undefined;
  const chrome = await launchBrowser();
  try {
    await buildWeb({ ifStale: true });
    const database = await server.createDatabase(`tenant_${TENANT}_web`);
    const config = loadConfig({ DATABASE_URL: 'jdbc:postgresql://127.0.0.1:1/unused', JWT_SECRET: randomBytes(48).toString('base64url'), BOOTSTRAP_ADMIN_PASSWORD: PASSWORD });
    app = await createApp(config, [{ name: TENANT, domain: TENANT, url: `jdbc:postgresql://${server.host}:${server.port}/${database}`, username: server.user, password: server.password }], {
      logger: false,
    });
    await app.init();
    const client = new Client({ host: server.host, port: server.port, user: server.user, password: server.password, database });
    await client.connect();
    const scale = chosenScale();
    const seeded = await seedUniversity(client, { scale: scale.scale, password: PASSWORD });
    await client.query('ANALYZE');
    await client.end();
    await app.listen(0, '127.0.0.1');
    const listening = app.getHttpServer() as { address(): AddressInfo };
    const origin = `http://${TENANT}.localhost:${listening.address().port}`;
    const group = seeded.groups[0];
    const week = seeded.semesters.autumn.startDate;
    const byRole = (role: string) => seeded.logins.find((login) => login.role === role)?.username ?? 'admin';
    log(`Seeded the ${scale.name} university: ${seeded.counts.groups} groups, ${seeded.counts.rules} rules; week of ${week}, group ${group.name}`);

    // Bytes: each page as its role first opens it (signed in, its default section drawn).
    log('\nPage (section)                     files   raw KB  gzip KB');
    for (const [path, role, ready] of [
      ['/student/', 'STUDENT', '#week-placeholder'],
      ['/teacher/', 'TEACHER', '#week'],
      ['/admin/#schedule-view', 'EDUCATION_OFFICE', '#kind-group'],
      ['/admin/#department-workspace', 'DEPARTMENT', '#kind-group'],
    ] as const) {
      const context = await chrome.browser.createBrowserContext();
      const page = await context.newPage();
      const bytes = await loadedAssets(page, async () => {
        await page.goto(`${origin}${path}`);
        await signIn(page, byRole(role), PASSWORD);
        await page.waitForSelector(ready);
      });
      log(`${path.padEnd(34)} ${String(bytes.files).padStart(5)} ${(bytes.raw / 1024).toFixed(1).padStart(8)} ${(bytes.gzip / 1024).toFixed(1).padStart(8)}`);
      await context.close();
    }

    // Time to a rendered week: the student's page with the group remembered, a session to restore.
    const context = await chrome.browser.createBrowserContext();
    const page = await context.newPage();
    await page.goto(`${origin}/student/`);
    await signIn(page, byRole('STUDENT'), PASSWORD);
    await page.waitForSelector('#week-placeholder');
    await page.evaluate((chosen) => localStorage.setItem('timetable.student.group', JSON.stringify(chosen)), { id: group.id, label: group.name });
    const timings: Record<'cold' | 'warm', number[]> = { cold: [], warm: [] };
    const cdp = await page.createCDPSession();
    for (const mode of ['cold', 'warm'] as const) {
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: mode === 'cold' });
      for (let run = 0; run < RUNS; run++) {
        await page.goto(`${origin}/student/?date=${week}`);
        await page.waitForSelector('#week .week-grid');
        // The week view marks the moment its lessons are on screen; marks count from the navigation's start.
        timings[mode].push(await page.evaluate(() => performance.getEntriesByName('timetable:week-rendered')[0]?.startTime ?? Number.NaN));
      }
    }
    const lessons = await page.$$eval('#week .lesson', (items) => items.length);
    log(`\nNavigation to a rendered week (${lessons} lessons), median of ${RUNS}: cold ${median(timings.cold).toFixed(0)} ms, warm ${median(timings.warm).toFixed(0)} ms`);
    log(`  target < 1000 ms: ${median(timings.cold) < 1000 ? 'PASS' : 'FAIL'}`);
  } finally {
    await chrome.close();
    await app?.close();
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(`Benchmark failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
