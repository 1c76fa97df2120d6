// The staff reports: the week's revenue from the league fees paid in this run, each chart's table and
// CSV, the range form's refusals, and axe.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, journey } from '../support/admin-journey';

/** /admin/reports after the seeded league payments: this week's bar and table carry them. */
export function reportsPage(): void {
  test('reports: revenue by week from the paid league fees, a table and CSV per chart, range refusals', async () => {
    const { page } = journey;
    await page.goto('/admin/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    const revenue = page.getByTestId('revenue-table');
    await expect(revenue).toBeVisible();
    // Eight weeks by default, the newest last, with league fees paid in this run.
    await expect(revenue.locator('tbody tr')).toHaveCount(8);
    const thisWeek = revenue.locator('tbody tr').last();
    const columns = await revenue.locator('thead th').allTextContents();
    const league = await thisWeek.locator('td').nth(columns.indexOf('League fees') - 1).textContent();
    expect(Number(String(league).replace(/[$,]/g, ''))).toBeGreaterThan(0);
    for (const chart of ['revenue', 'bay-use', 'members', 'league']) {
      await expect(page.getByTestId(`report-${chart}`).locator('canvas')).toHaveAttribute('role', 'img');
    }
    // The chart library drew on the canvas (it loads only on this page).
    await expect.poll(() => page.evaluate(() => (document.querySelector('[data-testid="report-revenue"] canvas') as HTMLCanvasElement).width)).toBeGreaterThan(0);
    await expect(page.getByTestId('use-table').locator('tbody tr')).toHaveCount(7);
    await expect(page.getByTestId('league-table').locator('tbody tr').first()).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV of revenue by week' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^report-revenue-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv).toHaveLength(9);
    expect(csv[0]).toContain('League fees');
    await expectNoAxeViolations(page, '/admin/reports');

    await page.getByLabel('Range', { exact: true }).selectOption({ label: 'Custom dates' });
    await page.getByLabel('From', { exact: true }).fill('2026-11-30');
    await page.getByLabel('To', { exact: true }).fill('2026-11-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByText('The range ends before it starts')).toBeVisible();
    await expect(page.getByLabel('To', { exact: true })).toBeFocused();
    await page.getByLabel('From', { exact: true }).fill('2026-11-01');
    await page.getByLabel('To', { exact: true }).fill('2026-11-30');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByTestId('report-range')).toContainText('2026-11-01 to 2026-11-30');
    await expect(revenue.locator('tbody tr')).toHaveCount(6);
  });
}

const money = (text: string | null) => Number(String(text).replace(/[$,]/g, ''));

/**
 * After the bay bookings step (a paid booking cancelled with its $80.00 refunded, a member's included
 * hour at 11:00 and a block at 6:00 PM on the same Saturday): the heatmap's cells for those half hours
 * and this week's bay revenue and refunds carry them.
 */
export function reportsShowBookings(date: string): void {
  test('reports: the bookings just made show in the heatmap’s cells and this week’s bay revenue and refunds', async () => {
    const { page } = journey;
    await page.goto('/admin/reports');
    await page.getByLabel('Range', { exact: true }).selectOption({ label: 'Custom dates' });
    await page.getByLabel('From', { exact: true }).fill(date);
    await page.getByLabel('To', { exact: true }).fill(date);
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByTestId('report-range')).toContainText(`${date} to ${date}`);
    const use = page.getByTestId('use-table');
    // Other runs' bookings may share the day: the kinds these made are there, whatever else is.
    await expect(use.locator('[data-cell="Saturday 660"]')).toHaveAttribute('title', /included [1-9]\d* min/);
    await expect(use.locator('[data-cell="Saturday 690"]')).toHaveAttribute('title', /included [1-9]\d* min/);
    await expect(use.locator('[data-cell="Saturday 1080"]')).toHaveAttribute('title', /block [1-9]\d* min/);
    await expect(use.locator('[data-cell="Saturday 1170"]')).toHaveAttribute('title', /block [1-9]\d* min/);
    expect(await use.locator('[data-cell="Saturday 660"]').textContent()).not.toBe('0%');

    await page.getByLabel('Range', { exact: true }).selectOption({ label: 'This week' });
    await page.getByRole('button', { name: 'Show' }).click();
    const revenue = page.getByTestId('revenue-table');
    await expect(revenue.locator('tbody tr')).toHaveCount(1);
    const columns = await revenue.locator('thead th').allTextContents();
    const cell = (label: string) => revenue.locator('tbody tr td').nth(columns.indexOf(label) - 1).textContent();
    expect(money(await cell('Bay time'))).toBeGreaterThanOrEqual(80);
    expect(money(await cell('Refunds'))).toBeLessThanOrEqual(-80);
  });
}
