/// <reference lib="dom" />
import type { Page } from 'puppeteer-core';
import { PASSWORD } from './factories';

/**
 * Driving the web client in a browser test (see web/README.md). Controls are found by their label or
 * role where a user would find them; ids only where the page gives a stable one (`#page-title`, `#week`).
 */

/** Fills the login form that any page shows to a signed-out visitor, and submits it. */
export async function signIn(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.waitForSelector('#login-form');
  await page.type('#username', username);
  await page.type('#password', password);
  await page.click('#login-form button[type=submit]');
}

/**
 * Signs in on `/<area>/` as `username` and opens the section `/<area>/#<section>`; resolves once the
 * section has drawn its heading. `origin` is the tenant's `http://<tenant>.localhost:<port>`.
 */
export async function openSection(page: Page, origin: string, area: 'student' | 'teacher' | 'admin', section: string, username: string, password = PASSWORD): Promise<void> {
  await page.goto(`${origin}/${area}/#${section}`);
  await signIn(page, username, password);
  await page.waitForFunction((id) => location.hash === `#${id}` && document.querySelector('#page-title') !== null, {}, section);
}

/** Waits until the week view has finished loading (lessons, an empty week, a placeholder or an error). */
export async function weekSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const week = document.querySelector('#week');
    return Boolean(week && !week.hasAttribute('aria-busy') && week.firstElementChild && !week.querySelector('.status'));
  });
}

/** The form control whose visible label is `label` (its `<label for>`), e.g. to type into it. */
export async function controlByLabel(page: Page, label: string): Promise<string> {
  const id = await page.evaluate((text) => {
    const found = Array.from(document.querySelectorAll('label')).find((item) => item.textContent?.trim() === text);
    return found?.htmlFor || found?.querySelector('input, select, textarea')?.id || null;
  }, label);
  if (!id) throw new Error(`no control labelled «${label}»`);
  return `[id="${id.replace(/"/g, '\\"')}"]`;
}

/**
 * Replaces the text of the control `selector` as a person does: select all, delete, type, so the page
 * sees every change. Setting `value` from the test left the page's own state holding the old text,
 * and a render in between put it back before what was typed (a CI flake: '999999', then a group's
 * id, answered «Группа не найдена»).
 */
export async function replaceText(page: Page, selector: string, text: string): Promise<void> {
  await page.focus(selector);
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyA');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  await page.type(selector, text);
}

/** The Russian message shown next to the control labelled `label` (its field's error line), if any. */
export function errorNextTo(page: Page, label: string): Promise<string | null> {
  return page.evaluate((text) => {
    const found = Array.from(document.querySelectorAll('label')).find((item) => item.textContent?.trim() === text);
    return found?.closest('.field')?.querySelector('[role=alert]')?.textContent ?? null;
  }, label);
}

/**
 * Rewrites the `message` of every refusal the page gets from `/api` (a JSON answer with status 400,
 * 403, 404 or 409) to `text`, keeping every other field, until the returned function is called. A
 * test shows with it that the page places a refusal by its data, not by reading the message.
 */
export async function rewordRefusals(page: Page, text: string): Promise<() => Promise<void>> {
  const cdp = await page.createCDPSession();
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*/api/*', requestStage: 'Response' }] });
  cdp.on('Fetch.requestPaused', (event) => {
    const { requestId, responseStatusCode = 0, responseHeaders = [] } = event;
    const reworded = async () => {
      if (![400, 403, 404, 409].includes(responseStatusCode)) return cdp.send('Fetch.continueRequest', { requestId });
      const answer = await cdp.send('Fetch.getResponseBody', { requestId });
      const body = JSON.parse(answer.base64Encoded ? Buffer.from(answer.body, 'base64').toString('utf8') : answer.body) as Record<string, unknown>;
      const headers = responseHeaders.filter((header) => !/^content-(length|encoding)$/i.test(header.name));
      await cdp.send('Fetch.fulfillRequest', {
        requestId,
        responseCode: responseStatusCode,
        responseHeaders: headers,
        body: Buffer.from(JSON.stringify({ ...body, message: text })).toString('base64'),
      });
    };
    reworded().catch(() => undefined);
  });
  return async () => {
    await cdp.send('Fetch.disable');
    await cdp.detach();
  };
}

/**
 * Answers the page's in-page question (the shared dialog of `web/src/shared/confirm.tsx`): waits for
 * it, returns its title and lines one per line, then presses its confirming button or Escape.
 */
export async function answerQuestion(page: Page, yes: boolean): Promise<string> {
  await page.waitForSelector('dialog[open] .confirm-body');
  const text = await page.$eval('dialog[open]', (dialog) => Array.from(dialog.querySelectorAll('h2, p'), (node) => node.textContent).join('\n'));
  if (yes) await page.click('dialog[open] .confirm-body button.primary');
  else await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('dialog[open] .confirm-body'));
  return text;
}
