// The public standings page read with JavaScript off, at both widths: it says where the standings
// are posted and states the handicap rule from the content.
import { expect, test } from '@playwright/test';
import { newContextFor } from './support/admin-journey';

test('with JavaScript off, the standings page says where the standings are', async ({ browser }, testInfo) => {
  const context = await newContextFor(browser, testInfo, 'journey', { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/league/standings');
  await expect(page.getByRole('heading', { level: 1, name: 'League standings' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('posted at the front desk');
  await expect(page.getByText(/80% of the average of its best 3 of its last 5 gross scores/)).toBeVisible();
  await context.close();
});
