// /book's first screen is the server's markup, painted before React: with the island's JavaScript held
// back it already shows the members' sign-in, today's date at the venue and the booking window; once
// React has taken over and the free times are listed, every part of it is where it was (and where it is
// with JavaScript off), and nothing on the screen has moved (no layout shift), at both widths.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { venueToday } from '../../src/features/bay-booking/islands/format';
import { newContextFor } from './support/admin-journey';
import { hydrated } from './support/islands';

declare global {
  interface Window {
    /** The layout shifts the page reported, with the elements that moved. */
    layoutShifts: Array<{ value: number; moved: string[] }>;
  }
}

/**
 * Where each part of the first screen is: its top and height in CSS pixels, before any scrolling. The
 * status keeps a line from the start; on a phone its answer may take two (below the first screen there).
 */
async function firstScreen(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  const box = async (locator: Locator) => {
    const found = await locator.boundingBox();
    return found && { top: Math.round(found.y), height: Math.round(found.height) };
  };
  const times = page.getByRole('region', { name: 'Free start times' });
  return {
    members: await box(page.getByRole('region', { name: 'Members' })),
    signIn: await box(page.getByRole('button', { name: 'Member sign-in' })),
    date: await box(page.getByLabel('Date')),
    window: await box(page.getByText(/^Book up to \d+ days? ahead\.$/)),
    guests: await box(page.getByLabel('Guests')),
    length: await box(page.getByLabel('How long')),
    timesHeading: await box(times.getByRole('heading')),
    timesStatus: (await box(times.getByRole('status')))?.top,
  };
}

test('the booking form paints before React, and nothing on it moves when React and the free times arrive', async ({ page, browser }, testInfo) => {
  await page.addInitScript(() => {
    window.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node | null }> }>) {
        if (!entry.hadRecentInput) window.layoutShifts.push({ value: entry.value, moved: entry.sources.map((source) => source.node?.nodeName ?? '?') });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The site's own JavaScript files (the island's and React's) wait until the first screen is checked.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/*.js', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/book');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Member sign-in' })).toBeVisible();
  await expect(page.getByLabel('Date')).toHaveValue(venueToday());
  const beforeReact = await firstScreen(page);

  release();
  await hydrated(page);
  await expect(page.getByRole('region', { name: 'Free start times' }).getByRole('status')).toContainText(/ free on |closed/i);
  expect(await firstScreen(page)).toEqual(beforeReact);
  expect(await page.evaluate(() => window.layoutShifts)).toEqual([]);

  // With JavaScript off the same form takes the same room (its date is left for the visitor to pick).
  const noScript = await newContextFor(browser, testInfo, 'journey', { javaScriptEnabled: false });
  const staticPage = await noScript.newPage();
  await staticPage.goto('/book');
  await expect(staticPage.getByLabel('Date')).toHaveValue('');
  expect(await firstScreen(staticPage)).toEqual(beforeReact);
  await noScript.close();
});
