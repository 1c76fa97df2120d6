// The staff's bay bookings: a booking made and paid through the site and a member's included hour show in
// the day grid and the list, staff block a bay from the form (an overlapping entry is refused), cancel the
// paid booking with a refund, search and export; the dashboard lists the day's bookings.
import { expect, test, type Page } from '@playwright/test';
import { nextBookableDay } from '../../support/bay-dates';
import { expectNoAxeViolations, journey, RUN, toast } from '../support/admin-journey';
import { buyMembership, emailedSignInPath, signInFromLink } from '../support/members';

/** A Saturday: open 11:00-22:00. */
const bookingDate = () => nextBookableDay('Saturday');

async function paidBooking(page: Page, date: string, name: string): Promise<string> {
  const held = await page.request.post('/api/bay-hold', { data: { date, start: '14:00', lengthMinutes: 120, partySize: 4, bayType: 'standard', name, email: `guest.${RUN}@example.com`, phone: '608-555-0177' } });
  expect(held.status(), await held.text()).toBe(200);
  const { url, bookingId } = (await held.json()) as { url: string; bookingId: string };
  const checkout = new URL(url);
  const paid = await page.request.post(`${checkout.origin}/__emulator/sessions/${checkout.pathname.split('/').at(-1)}/complete`, { form: { email: `guest.${RUN}@example.com` } });
  expect(paid.ok()).toBe(true);
  return bookingId;
}

/** A member signs in from the e-mailed link and books an included hour: confirmed at once, nothing to pay. */
async function memberBooking(page: Page, date: string, name: string): Promise<void> {
  const email = `member.${RUN}@example.com`;
  await buyMembership(page.request, 'Bogey', email);
  expect((await page.request.post('/api/member/sign-in', { data: { email } })).ok()).toBe(true);
  await signInFromLink(page, await emailedSignInPath(page.request, email), email);
  const held = await page.request.post('/api/bay-hold', { data: { date, start: '11:00', lengthMinutes: 60, partySize: 2, bayType: 'standard', name, email, phone: '608-555-0178' } });
  expect(held.status(), await held.text()).toBe(200);
  expect(await held.json()).toMatchObject({ needsPayment: false });
}

export function bayBookingsPage(): void {
  test('bay bookings: the day grid and list, a block from the form, cancel with refund, search, CSV; the dashboard lists the day', async () => {
    const { page } = journey;
    const date = bookingDate();
    const guest = `Gail Guest ${RUN}`;
    const member = `Mia Member ${RUN}`;
    await paidBooking(page, date, guest);
    await memberBooking(page, date, member);

    await page.goto('/admin/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Bay Bookings' })).toBeVisible();
    await page.getByLabel('Day', { exact: true }).fill(date);
    const grid = page.getByTestId('day-grid');
    await expect(grid.getByTestId('grid-entry').filter({ hasText: guest })).toContainText('Online · 2:00 PM-4:00 PM');
    await expect(grid.getByTestId('grid-entry').filter({ hasText: member })).toContainText('Member · 11:00 AM-12:00 PM');
    await expect(page.getByRole('list', { name: `Bookings on ${date}` }).getByTestId('bay-booking').filter({ hasText: member })).toContainText('60 min membership time');

    await page.getByLabel('Kind').selectOption('block');
    // A retry blocks another bay: the first attempt's block still holds this one on the day.
    await page.getByLabel('Bay', { exact: true }).selectOption(`bay-${6 - test.info().retry}`);
    // Staff read the venue's 12-hour clock, in the grid and in the form, as on every other page.
    await expect(grid.getByRole('rowheader', { name: '1:00 PM', exact: true })).toBeVisible();
    await page.getByLabel('Start').selectOption({ label: '6:00 PM' });
    await page.getByLabel('Length').selectOption('120');
    await page.getByLabel('Reason').fill(`Projector repair ${RUN}`);
    await page.getByRole('button', { name: 'Block the bay' }).click();
    await expect(toast(page).filter({ hasText: 'Bay blocked' })).toBeVisible();
    await expect(grid.getByTestId('grid-entry').filter({ hasText: `Projector repair ${RUN}` })).toContainText('Blocked · 6:00 PM-8:00 PM');

    await page.getByRole('button', { name: 'Block the bay' }).click();
    await expect(page.getByTestId('entry-error')).toHaveText('Sorry, that time was just taken. Please choose another time.');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('admin-bookings-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.screenshot({ path: test.info().outputPath('admin-bookings-1440.png'), fullPage: true });
    await expectNoAxeViolations(page, '/admin/bookings');

    await page.getByLabel('Search by name, e-mail, phone, bay, date or id').fill(guest);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('booking-count')).toHaveText(`1 booking matching “${guest}”`);
    const listed = page.getByRole('list', { name: 'Bookings' }).getByTestId('bay-booking');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^bay-bookings-\d{4}-\d\d-\d\d\.csv$/);

    await page.goto('/admin');
    await expect(page.getByTestId('todays-bookings')).toBeVisible();

    await page.goto('/admin/bookings');
    await page.getByLabel('Day', { exact: true }).fill(date);
    const row = page.getByRole('list', { name: `Bookings on ${date}` }).getByTestId('bay-booking').filter({ hasText: guest });
    await row.getByRole('button', { name: 'Cancel and refund' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel and refund' }).click();
    await expect(toast(page).filter({ hasText: 'Booking cancelled' })).toContainText('$80.00 refunded.');
    await expect(grid.getByTestId('grid-entry').filter({ hasText: guest })).toHaveCount(0);
    await expect(listed.filter({ hasText: guest }).getByTestId('booking-status')).toHaveText('Cancelled');
  });
}
