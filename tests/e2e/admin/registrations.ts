// The league registrations list: payment badges, the session filter, counts, copy, CSV export and deleting.
import { readFile } from 'node:fs/promises';
import { league } from '../support/calendar';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, journey, RUN, toast } from '../support/admin-journey';

/** The registrations list: badges, filter, counts, copy, CSV and deleting one. */
export function registrationsList(): void {
  test('registrations: badges, session filter, counts, copy, CSV export and delete one', async () => {
    const { page, seeded } = journey;
    await page.goto('/admin/registrations');
    await expect(page.getByRole('heading', { level: 1, name: 'League Registrations' })).toBeVisible();
    const card = (team: string) => page.getByTestId('registration').filter({ has: page.getByRole('heading', { name: team }) });
    await expect(card(seeded.teams.completed).getByTestId('payment-status')).toHaveText('Completed');
    await expect(card(seeded.teams.pending).getByTestId('payment-status')).toHaveText('Pending');
    await expect(card(seeded.teams.expired).getByTestId('payment-status')).toHaveText('Failed');
    await expect(card(seeded.teams.completed)).toContainText('Fall Session');
    await expect(card(seeded.teams.completed)).toContainText('Monday 6:00 PM');
    await expect(card(seeded.teams.completed)).toContainText('$700.00');
    await expectNoAxeViolations(page, '/admin/registrations');

    const count = page.getByTestId('registration-count');
    const total = Number((await count.textContent())!.match(/Total: (\d+)/)![1]);
    expect(total).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId('registration')).toHaveCount(total);

    const filter = page.getByLabel('Session');
    await expect(filter.locator('option')).toHaveText(['All', ...league.sessions.map((session) => session.filterLabel)]);
    await filter.selectOption({ label: 'Winter (Dec-Feb)' });
    await expect(card(seeded.teams.pending)).toBeVisible();
    await expect(card(seeded.teams.completed)).toHaveCount(0);
    await expect(card(seeded.teams.expired)).toHaveCount(0);
    await expect(count).toContainText(`across all sessions`);
    await expect(count).toContainText(`(${total} across all sessions)`);
    await filter.selectOption({ label: 'Fall (Sep-Nov)' });
    await expect(card(seeded.teams.completed)).toBeVisible();
    await expect(card(seeded.teams.pending)).toHaveCount(0);

    // Copy Team Info puts the team on the clipboard.
    await card(seeded.teams.completed).getByRole('button', { name: /Copy Team Info/ }).click();
    await expect(toast(page)).toContainText('Team info copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`Team: ${seeded.teams.completed}`);
    expect(copied).toContain('Tee Time: Monday 6:00 PM');
    expect(copied).toContain(`ann.${RUN}@example.com, 608-555-0101`);

    // The CSV holds exactly the registrations shown (the Fall filter is on).
    const shownFall = await page.getByTestId('registration').count();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^league-registrations-fall-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Registered At,Team Name,Sessions,Tee Time,Player 1,Player 1 Email,Player 1 Phone,Player 2,Player 2 Email,Player 2 Phone,Amount,Payment Status,Registration ID');
    expect(lines).toHaveLength(shownFall + 1);
    expect(lines.some((line) => line.includes(seeded.teams.completed) && line.includes('Fall Session') && line.includes('$700.00') && line.includes('Completed'))).toBe(true);
    expect(csv).not.toContain(seeded.teams.pending);

    // Delete one: a failure is reported, then the real deletion.
    await filter.selectOption({ label: 'All' });
    await page.route('**/api/admin/league-registrations/*', (route) => route.fulfill({ status: 500, body: '{"error":"Store down"}', contentType: 'application/json' }), { times: 1 });
    await card(seeded.teams.expired).getByRole('button', { name: /^Delete/ }).click();
    await expect(toast(page)).toContainText('Failed to delete registration.');
    await expect(card(seeded.teams.expired)).toBeVisible();
    await card(seeded.teams.expired).getByRole('button', { name: /^Delete/ }).click();
    await expect(toast(page)).toContainText('Registration deleted');
    await expect(card(seeded.teams.expired)).toHaveCount(0);
    await expect(count).toHaveText(`Total: ${total - 1} registration${total - 1 === 1 ? '' : 's'}`);
  });
}

/** Deleting all registrations asks first. */
export function deleteAllRegistrations(): void {
  test('delete all asks first through the dialog, then empties the list', async () => {
    const { page } = journey;
    await page.goto('/admin/registrations');
    const count = page.getByTestId('registration-count');
    await expect(count).toBeVisible();
    const total = Number((await count.textContent())!.match(/Total: (\d+)/)![1]);
    expect(total).toBeGreaterThanOrEqual(2);
    const deleteAll = page.getByRole('button', { name: 'Delete All' });
    const dialog = page.getByRole('dialog');
    const message = `Are you sure you want to delete all ${total} league registrations? This action cannot be undone.`;

    // Escape closes it and focus returns to the button.
    await deleteAll.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(message);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoAxeViolations(page, '/admin/registrations (dialog)');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(deleteAll).toBeFocused();

    // Cancel closes it and nothing is deleted.
    await deleteAll.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('registration')).toHaveCount(total);

    // A failed deletion is reported.
    await page.route('**/api/admin/league-registrations', (route) => route.fulfill({ status: 503, body: '{"error":"Store down"}', contentType: 'application/json' }), { times: 1 });
    await deleteAll.click();
    await dialog.getByRole('button', { name: 'Delete All' }).click();
    await expect(toast(page)).toContainText('Failed to delete all registrations.');
    await expect(page.getByTestId('registration')).toHaveCount(total);

    await deleteAll.click();
    await dialog.getByRole('button', { name: 'Delete All' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page)).toContainText('All registrations deleted');
    await expect(page.getByTestId('registrations-empty')).toContainText('No registrations found');
    await expect(page.getByTestId('registrations-empty')).toContainText('No league registrations have been submitted yet.');
    await expect(deleteAll).toBeDisabled();
    await page.getByLabel('Session').selectOption({ label: 'Spring (Feb-Apr)' });
    await expect(page.getByTestId('registrations-empty')).toContainText('No registrations for the Spring (Feb-Apr) session yet.');
    await expect(count).toHaveText('Total: 0 registrations (0 across all sessions)');
    await expectNoAxeViolations(page, '/admin/registrations (empty)');
  });
}
