// The calendar the end-to-end tests see: the runtime's functions read the league's windows at the
// shipped content's open instant (playwright.config.ts sets CALENDAR_NOW), and a page whose text
// depends on the date gets the same instant as its browser clock, or the closed one.
import type { Page } from '@playwright/test';
import { shippedClosedInstant, shippedLeague, shippedOpenInstant } from '../../support/shipped-calendar';
import { isSessionOpen } from '../../../src/features/league/rules/league-rules';
import { sessionWindows } from '../../../src/features/league/rules/registration-window';

export const league = shippedLeague();
/** Every shipped session takes registrations: the instant the runtime's functions read. */
export const OPEN_AT = shippedOpenInstant(league);
/** Every shipped session has closed, and nothing opens later. */
export const CLOSED_AT = shippedClosedInstant(league);

/** The shipped sessions taking registrations at `at`, in league order. */
export function sessionsOpenAt(at: Date) {
  return sessionWindows(league).filter((session) => isSessionOpen(session, at));
}

/** Sets the page's clock before it loads (time then runs on from there). */
export async function browserClockAt(page: Page, at: Date): Promise<void> {
  await page.clock.install({ time: at });
}
