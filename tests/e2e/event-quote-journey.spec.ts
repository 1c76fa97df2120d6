// From a party request to a confirmed event, in the browser against the built site, its functions, the
// Stripe emulator and the mail catcher: staff quote the request in /admin/event-requests (bays 1-6 on
// a Friday evening, a package for every guest, an extra line), the customer opens the link from the
// e-mail, pays the deposit on Stripe's hosted page and sees the event confirmed (axe at 390 and
// 1440 px), /book offers no start on any bay for that evening, and staff see the event on the
// dashboard with its headcount deadline and on the day view. Desktop project only: the quote takes
// every bay that evening once per run; it checks 390 px itself.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { formatEventDate } from '../../src/domain/dates';
import { dateLabel } from '../../src/features/bay-booking/islands/format';
import { addDays } from '../../src/features/bay-booking/rules/local-time';
import { nextBookableDay } from '../support/bay-dates';
import { login, newContextFor } from './support/admin-journey';
import { hydrated } from './support/islands';
import { messagesTo } from './support/members';

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const BAYS = ['Bay 1', 'Bay 2', 'Bay 3', 'Bay 4', 'Bay 5', 'Bay 6'];
/** The evening quoted, in minutes of the day: 6:00 PM to 9:00 PM. */
const EVENING = { from: 18 * 60, until: 21 * 60 };
/** Read as the file is (Playwright's loader imports no JSON modules). */
const { headcountDaysBefore } = JSON.parse(readFileSync(new URL('../../src/content/event-quotes.json', import.meta.url), 'utf8')) as { headcountDaysBefore: number };

async function axe(page: Page, state: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${state}: ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** '6:30 PM' → minutes of the day. */
function minutesOf(clock: string): number {
  const [, hours, minutes, half] = /^(\d{1,2}):(\d{2})\s*(AM|PM)$/.exec(clock.trim())!;
  return (Number(hours) % 12) * 60 + Number(minutes) + (half === 'PM' ? 12 * 60 : 0);
}

/** /book on `date` for `guests`, one hour: every start time offered on every bay type, as minute ranges. */
async function offeredOn(page: Page, date: string, guests: string): Promise<Array<{ from: number; until: number }>> {
  await page.goto('/book');
  await hydrated(page);
  await page.getByLabel('Guests').selectOption(guests);
  await page.getByLabel('How long').selectOption('60');
  await page.getByLabel('Date').fill(date);
  await expect(page.getByRole('region', { name: 'Free start times' }).getByRole('status')).toContainText(`free on ${dateLabel(date)}`);
  const ranges = await page.getByRole('region', { name: 'Free start times' }).getByRole('radio').evaluateAll((radios) => radios.map((radio) => radio.closest('label')?.querySelector('span')?.textContent ?? ''));
  return ranges.map((range) => {
    const [from, until] = range.split('–');
    return { from: minutesOf(from!), until: minutesOf(until!) };
  });
}

const overlapsEvening = (range: { from: number; until: number }) => range.from < EVENING.until && range.until > EVENING.from;

test('staff quote a request in the browser, the customer pays the deposit from the e-mailed link, and /book offers no bay that evening', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  // Its own client IP (the request and the sign-in are limited per connection).
  const context = await newContextFor(browser, testInfo, 'journey', { extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.93' } });
  const page = await context.newPage();
  const friday = nextBookableDay('Friday');
  const email = `party.${RUN}@example.com`;
  const occasion = `Company party ${RUN}`;
  const name = `Quinn Planner${RUN}`;

  // Before the quote the bays take bookings that evening.
  expect((await offeredOn(page, friday, '4')).filter(overlapsEvening).length).toBeGreaterThan(0);

  const sent = await page.request.post('/api/event-booking', {
    data: { firstName: 'Quinn', lastName: `Planner${RUN}`, phone: '608-555-0199', email, occasion, partySize: 40, eventDate: friday, startTime: '6:00 PM', endTime: '9:00 PM', additionalRequests: '' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  // Staff build the quote from the request's card.
  await login(page);
  await page.waitForURL(/\/admin$/);
  await page.goto('/admin/event-requests');
  const card = page.getByTestId('event-request').filter({ has: page.getByRole('heading', { name: new RegExp(occasion) }) });
  const panel = card.getByTestId('quote-panel');
  await expect(panel.getByLabel('Date')).toHaveValue(friday);
  await panel.getByLabel('From').fill('18:00');
  await panel.getByLabel('Until').fill('21:00');
  await panel.getByLabel('Guests').fill('40');
  for (const bay of BAYS) await panel.getByRole('checkbox', { name: new RegExp(`^${bay} `) }).check();
  await panel.getByLabel(/^Front Nine \(/).fill('40');
  await panel.getByRole('button', { name: 'Add a line' }).click();
  await panel.getByLabel('Description').fill('DJ for the evening');
  await panel.getByLabel('Amount ($)').fill('250');
  await panel.getByRole('button', { name: 'Price it' }).click();
  const preview = panel.getByTestId('quote-preview');
  await expect(preview).toContainText('Front Nine package');
  await expect(preview).toContainText('× 40 guests');
  await expect(preview).toContainText('DJ for the evening');
  const total = (await preview.getByTestId('quote-total').textContent())!;
  const deposit = (await preview.getByTestId('quote-deposit').textContent())!;
  await panel.getByRole('button', { name: 'Save and send to customer' }).click();
  await expect(panel.getByTestId('quote-status')).toHaveText('Quote sent, deposit not paid');
  // What the panel shows is the server's answer, as the preview was.
  await expect(panel.getByTestId('quote-current').getByTestId('quote-total')).toHaveText(total);
  await expect(panel.getByTestId('quote-current').getByTestId('quote-deposit')).toHaveText(deposit);

  // The customer opens the link from the e-mail, pays the deposit on Stripe's page and comes back confirmed.
  await expect.poll(async () => (await messagesTo(page.request, email)).filter((message) => message.subject.startsWith('Your event quote')).length, { timeout: 20_000 }).toBe(1);
  const message = (await messagesTo(page.request, email)).find((each) => each.subject.startsWith('Your event quote'))!;
  const link = new URL(/https?:\/\/\S+\/events\/quote\?quote=[^\s"&]+&(?:amp;)?token=[A-Za-z0-9_-]+/.exec(message.text)![0].replace('&amp;', '&'));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your event quote' })).toBeVisible();
  await expect(page.getByText(BAYS.join(', '))).toBeVisible();
  await expect(page.getByText(total).first()).toBeVisible();
  await page.getByRole('button', { name: 'Pay deposit' }).click();
  await expect(page.getByTestId('checkout-total')).toHaveText(deposit);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/events\/quote\?.*paid=deposit/);
  await expect(page.getByRole('status')).toHaveText('Your event is confirmed.');
  await axe(page, '/events/quote confirmed at 1440 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('status')).toHaveText('Your event is confirmed.');
  await axe(page, '/events/quote confirmed at 390 px');
  await expect.poll(async () => (await messagesTo(page.request, email)).some((each) => each.subject.startsWith('Your event is confirmed')), { timeout: 20_000 }).toBe(true);

  // The event is a booking on the calendar: no bay starts that evening on /book, for any party size.
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const guests of ['4', '12']) expect((await offeredOn(page, friday, guests)).filter(overlapsEvening)).toEqual([]);

  // Staff see it among the upcoming events with the day its final headcount is due, and across bays 1-6 in the day view.
  await page.goto('/admin');
  const upcoming = page.getByTestId('upcoming-event').filter({ hasText: name });
  await expect(upcoming).toContainText('Confirmed');
  await expect(upcoming).toContainText(`40 guests · ${BAYS.join(', ')} · final headcount due ${formatEventDate(addDays(friday, -headcountDaysBefore))}`);
  await page.goto('/admin/bookings');
  await page.getByLabel('Day', { exact: true }).fill(friday);
  await expect(page.getByTestId('day-grid').getByRole('cell', { name: `Event: ${name}, 40 guests` })).toHaveCount(BAYS.length);
  await context.close();
});
