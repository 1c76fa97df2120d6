// The event requests inbox: staff set a request's status and notes, the counts follow, the filters by
// status and event date, the change history, the reply e-mail and the CSV export.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import site from '../../../src/content/site.json' with { type: 'json' };
import { expectNoAxeViolations, journey, RUN, toast } from '../support/admin-journey';

/** A second request, for next year: the seeded one (March 14, 2026) is past by now. */
const upcoming = {
  firstName: 'Uma',
  lastName: `Upcoming ${RUN}`,
  email: `uma.${RUN}@example.com`,
  phone: '608-555-0177',
  occasion: `Holiday party ${RUN}`,
  partySize: 40,
  eventDate: `${new Date().getFullYear() + 1}-12-11`,
  startTime: '6:00 PM',
  endTime: '10:00 PM',
};

export function eventRequestsInbox(): void {
  test('event requests: status and notes, counts, filters, history, reply by e-mail and CSV export', async () => {
    const { page, seeded } = journey;
    const stored = await page.request.post('/api/event-booking', { data: upcoming });
    expect(stored.status(), await stored.text()).toBe(201);
    await page.goto('/admin/event-requests');
    const card = (occasion: string) => page.getByTestId('event-request').filter({ has: page.getByRole('heading', { name: new RegExp(occasion) }) });
    const past = card(seeded.booking.occasion);
    const next = card(upcoming.occasion);
    await expect(past.getByTestId('request-status')).toHaveText('New');
    await expect(next.getByTestId('request-status')).toHaveText('New');
    const count = (status: string) => page.getByTestId(`status-count-${status}`).locator('dd');
    const newBefore = Number(await count('new').textContent());
    const contactedBefore = Number(await count('contacted').textContent());
    expect(newBefore).toBeGreaterThanOrEqual(2);

    // The reply link: to the customer, with the subject and a greeting.
    await expect(past.getByRole('link', { name: /Reply by e-mail/ })).toHaveAttribute(
      'href',
      `mailto:${seeded.booking.email}?subject=${encodeURIComponent(`Your event request at ${site.name} on Saturday, March 14, 2026`)}&body=${encodeURIComponent(`Hi ${seeded.booking.firstName},\r\n\r\n`)}`,
    );

    // A status change is stored, announced and counted.
    await past.getByLabel('Status', { exact: true }).selectOption({ label: 'Contacted' });
    await expect(toast(page)).toContainText('Status changed');
    await expect(past.getByTestId('request-status')).toHaveText('Contacted');
    await expect(count('new')).toHaveText(String(newBefore - 1));
    await expect(count('contacted')).toHaveText(String(contactedBefore + 1));

    // Notes, typed and saved from the keyboard.
    const notes = past.getByLabel('Staff notes');
    await notes.fill(`Called ${RUN}, left a voicemail.`);
    await past.getByRole('button', { name: /Save notes/ }).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page)).toContainText('Notes saved');
    await expect(past.getByRole('button', { name: /Save notes/ })).toBeDisabled();
    const history = past.getByTestId('request-history');
    await history.locator('summary').click();
    await expect(history).toContainText('Change history (2)');
    await expect(history.locator('li')).toHaveText([/Status: Contacted$/, /notes changed$/]);
    await expectNoAxeViolations(page, '/admin/event-requests (inbox)');

    // Both are stored: a reload shows them.
    await page.reload();
    await expect(past.getByTestId('request-status')).toHaveText('Contacted');
    await expect(past.getByLabel('Staff notes')).toHaveValue(`Called ${RUN}, left a voicemail.`);
    await expect(past.getByLabel('Status', { exact: true })).toHaveValue('contacted');

    // Filters by status and by event date, with the counts in the status filter.
    const statusFilter = page.getByLabel('Filter by status');
    const dateFilter = page.getByLabel('Filter by event date');
    await expect(statusFilter.locator('option').nth(1)).toHaveText(`New (${newBefore - 1})`);
    await statusFilter.selectOption('contacted');
    await expect(past).toBeVisible();
    await expect(next).toHaveCount(0);
    await expect(page.getByTestId('event-request-count')).toContainText('Showing');
    await statusFilter.selectOption('all');
    await dateFilter.selectOption({ label: 'Upcoming' });
    await expect(next).toBeVisible();
    await expect(past).toHaveCount(0);
    await dateFilter.selectOption({ label: 'Past' });
    await expect(past).toBeVisible();
    await expect(next).toHaveCount(0);

    // The CSV holds exactly the requests shown (contacted, past).
    await statusFilter.selectOption('contacted');
    const shown = await page.getByTestId('event-request').count();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^event-requests-contacted-past-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Received At,Status,First Name,Last Name,Email,Phone,Occasion,Party Size,Event Date,Start Time,End Time,Additional Requests,Staff Notes,Request ID');
    expect(lines).toHaveLength(shown + 1);
    const row = lines.find((line) => line.includes(seeded.booking.email));
    expect(row).toContain(',Contacted,');
    expect(row).toContain(`"Called ${RUN}, left a voicemail."`);
    expect(lines.some((line) => line.includes(upcoming.email))).toBe(false);

    // Nothing matches (no request of this run is declined): the list says so.
    await expect(count('declined')).toHaveText('0');
    await statusFilter.selectOption('declined');
    await dateFilter.selectOption({ label: 'Any date' });
    await expect(page.getByTestId('event-requests-filtered-empty')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });
}
