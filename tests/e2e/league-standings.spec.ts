// The public standings page at both widths: read with JavaScript off it says where the standings are
// posted and states the handicap rule from the content; it opens on the session in play at the venue;
// it loads at most its budget of JavaScript and no framework.
import { expect, test } from '@playwright/test';
import { newContextFor } from './support/admin-journey';
import { browserClockAt, league } from './support/calendar';
import { pageScripts } from './support/page-js';
import { STANDINGS_PAGE_JS_GZIP_BYTES } from '../support/page-budgets';

test('with JavaScript off, the standings page says where the standings are', async ({ browser }, testInfo) => {
  const context = await newContextFor(browser, testInfo, 'journey', { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/league/standings');
  await expect(page.getByRole('heading', { level: 1, name: 'League standings' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('posted at the front desk');
  await expect(page.getByText(/80% of the average of its best 3 of its last 5 gross scores/)).toBeVisible();
  await context.close();
});

test('on the venue’s evening before a session starts (already the next day in UTC), the page opens on the session in play', async ({ page }) => {
  const [inPlay, next] = [...league.sessions].sort((a, b) => a.startDate.localeCompare(b.startDate));
  // 01:30 UTC on the next session's first day is 7:30 or 8:30 PM the evening before at the venue.
  await browserClockAt(page, new Date(`${next!.startDate}T01:30:00Z`));
  await page.goto('/league/standings');
  await expect(page.locator(`[data-session-link="${inPlay!.id}"]`)).toHaveAttribute('aria-current', 'page');
  await expect(page.locator(`[data-session-link="${next!.id}"]`)).not.toHaveAttribute('aria-current', 'page');
});

test(`/league/standings loads at most ${STANDINGS_PAGE_JS_GZIP_BYTES / 1024} KB of gzipped JavaScript and no framework`, async ({ page }) => {
  // The page's script ran once it marks the session it opened on.
  const scripts = await pageScripts(page, '/league/standings', () => expect(page.locator('[data-session-link][aria-current="page"]')).toHaveCount(1));
  expect(scripts.gzipBytes).toBeGreaterThan(0);
  expect(scripts.gzipBytes).toBeLessThanOrEqual(STANDINGS_PAGE_JS_GZIP_BYTES);
  expect(scripts).toMatchObject({ islands: 0, react: false });
});
