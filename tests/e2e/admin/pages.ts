// The database page, the event requests inbox, and every staff page at phone width.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADMIN_PATHS, expectNoAxeViolations, journey } from '../support/admin-journey';
import type { BayDay, StaffBooking } from '../../../src/features/bay-booking/contract/admin-bay-bookings';

/** The database page: statistics, recent items and system information. */
export function databasePage(): void {
  test('database: statistics, five recent registrations and members, system information', async () => {
    const { page } = journey;
    await page.goto('/admin/database');
    await expect(page.getByRole('heading', { level: 1, name: 'Database' })).toBeVisible();
    await expect(page.getByTestId('database-stats')).toBeVisible();
    expect(Number(await page.getByTestId('stat-registrations').locator('dd').textContent())).toBeGreaterThanOrEqual(2);
    expect(Number(await page.getByTestId('stat-customers').locator('dd').textContent())).toBeGreaterThanOrEqual(4);
    await expect(page.getByTestId('stat-revenue').locator('dd')).toHaveText(/^\$[\d,]+\.\d{2}$/);
    const recentRegistrations = page.getByTestId('recent-registrations').locator('li');
    expect(await recentRegistrations.count()).toBeGreaterThanOrEqual(2);
    expect(await recentRegistrations.count()).toBeLessThanOrEqual(5);
    const recentMembers = page.getByTestId('recent-members').locator('li');
    expect(await recentMembers.count()).toBeGreaterThanOrEqual(4);
    expect(await recentMembers.count()).toBeLessThanOrEqual(5);
    await expect(page.getByTestId('system-info')).toContainText('Local Redis (Upstash REST bridge)');
    await expect(page.getByTestId('payment-mode')).toHaveText('Local emulator');
    await expect(page.getByTestId('system-info')).toContainText('Build version');
    await expect(page.getByTestId('system-info')).toContainText(/\d+\.\d+\.\d+ · .*built /);
    await expectNoAxeViolations(page, '/admin/database');
  });

  test('database: configuration checks from /api/health, and the data download', async () => {
    const { page } = journey;
    await page.goto('/admin/database');
    await expect(page.getByTestId('check-stripe')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByTestId('check-stripe')).toContainText('Answers with the configured key (local emulator).');
    await expect(page.getByTestId('check-webhook')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByTestId('check-mail')).toContainText('Mail (SMTP)');

    const link = page.getByRole('link', { name: 'Download all data (JSON)' });
    await expect(link).toHaveAttribute('href', '/api/admin/data-export');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^venue-data-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.json$/);
    const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { format: string; version: number; records: { leagueRegistrations: unknown[]; eventRequests: unknown[] } };
    expect(file).toMatchObject({ format: 'venue-data', version: 1 });
    expect(file.records.leagueRegistrations.length).toBeGreaterThanOrEqual(2);
    expect(file.records.eventRequests.length).toBeGreaterThanOrEqual(1);
  });
}

/** The event requests inbox with every field of a stored request. */
export function eventRequestsPage(): void {
  test('event requests: the stored request with every field', async () => {
    const { page, seeded } = journey;
    await page.goto('/admin/event-requests');
    await expect(page.getByRole('heading', { level: 1, name: 'Event Requests' })).toBeVisible();
    const request = page.getByTestId('event-request').filter({ hasText: seeded.booking.occasion });
    await expect(request).toHaveCount(1);
    for (const text of [
      `${seeded.booking.firstName} ${seeded.booking.lastName}`,
      seeded.booking.email,
      seeded.booking.phone,
      seeded.booking.occasion,
      'Party of 24',
      'Saturday, March 14, 2026',
      '5:00 PM',
      '8:30 PM',
      'Two bays side by side,',
      'and a cake table.',
    ]) {
      await expect(request).toContainText(text);
    }
    await expect(request.getByRole('link', { name: seeded.booking.email })).toHaveAttribute('href', `mailto:${seeded.booking.email}`);
    await expect(request.getByRole('link', { name: seeded.booking.phone })).toHaveAttribute('href', 'tel:6085550199');
    await expectNoAxeViolations(page, '/admin/event-requests');
  });
}

/** A desk booking with the longest name and address a guest may give (no space to break at). */
const LONG_ENTRY: StaffBooking = {
  id: 'phone-layout-long-entry',
  kind: 'desk',
  status: 'confirmed',
  bayId: 'bay-1',
  bayName: 'Bay 1',
  date: '2026-12-05',
  start: '18:00',
  end: '19:00',
  startsAt: '2026-12-06T00:00:00.000Z',
  endsAt: '2026-12-06T01:00:00.000Z',
  lengthMinutes: 60,
  partySize: 4,
  name: 'Bartholomew-Maximilian Featherstonehaugh-Worthingtonshire',
  email: 'bartholomew.maximilian.featherstonehaugh@worthingtonshire-holdings.example.com',
  phone: '608-555-0100',
  amountCents: 0,
  includedMinutes: 0,
  refundedCents: 0,
  createdAt: '2026-11-28T12:00:00.000Z',
  revision: '',
  history: [],
  moveWaiting: false,
};

/** Every staff page fits a phone screen, whatever the data; an overflow names the elements that stick out. */
export function phoneLayout(): void {
  test('every admin page fits a phone screen without sideways scrolling', async () => {
    const { page } = journey;
    const size = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    // Today's bookings (the dashboard's list) always include one with an address that cannot break at a space.
    await page.route('**/api/admin/bay-bookings/day/*', async (route) => {
      const response = await route.fetch();
      const day = (await response.json()) as BayDay;
      await route.fulfill({ response, json: { ...day, bookings: [...day.bookings, { ...LONG_ENTRY, date: day.date }] } });
    });
    try {
      for (const path of ADMIN_PATHS) {
        await page.goto(path);
        await expect(page.getByTestId('admin-page')).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
        if (path === '/admin') await expect(page.getByTestId('todays-bookings')).toContainText(LONG_ENTRY.email);
        const overflow = await page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          const wide = [...document.querySelectorAll<HTMLElement>('body *')]
            .filter((element) => element.getBoundingClientRect().right > width + 0.5 && !element.closest('[class*="overflow-x-auto"], [class*="overflow-hidden"]'))
            .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120));
          return { by: document.documentElement.scrollWidth - width, wide: wide.slice(0, 5) };
        });
        expect(overflow.by, `${path} sticks out: ${overflow.wide.join(' | ')}`).toBeLessThanOrEqual(0);
      }
    } finally {
      await page.unroute('**/api/admin/bay-bookings/day/*');
      if (size) await page.setViewportSize(size);
    }
  });
}
