/// <reference lib="dom" />
import type { Page } from 'puppeteer-core';
import { clock } from '../../src/platform/http/dates';

/**
 * Stands the service (in this test process) at one moment, its "today" included: what it offers and
 * refuses by the hour (pairs already begun, past dates) is then the same on every day the suite runs. Undone by
 * `jest.restoreAllMocks()` or the returned spy's `mockRestore()`.
 */
export function standServiceAt(iso: string): jest.SpyInstance<Date, []> {
  return jest.spyOn(clock, 'now').mockImplementation(() => new Date(iso));
}

/**
 * Moves the page's clock to `iso` before its scripts run (the page's "today", its week and its
 * suggestions), keeping it ticking from there so timers behave. Call before `page.goto`.
 */
export async function standPageAt(page: Page, iso: string): Promise<void> {
  await page.evaluateOnNewDocument((target: number) => {
    const Real = Date;
    const shift = target - Real.now();
    class Shifted extends Real {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(Real.now() + shift);
        else super(...(args as [string | number]));
      }
      static override now(): number {
        return Real.now() + shift;
      }
    }
    (globalThis as unknown as { Date: DateConstructor }).Date = Shifted as unknown as DateConstructor;
  }, Date.parse(iso));
}

/**
 * 06:00 in Moscow on the first day of the autumn semester of 2026 every test university has: the
 * study year has begun (groups of 2026 study), and every lesson of the semester is still ahead.
 */
export const BEFORE_AUTUMN_2026 = '2026-09-01T03:00:00Z';
