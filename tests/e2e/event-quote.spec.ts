// An event quote on the customer's side, in the browser against the built site, its functions, the
// Stripe emulator and the mail catcher: staff quote a request (through the admin API), the customer
// opens the link from the e-mail, sees the quote, pays the deposit on Stripe's hosted page and comes
// back to the confirmed event; the page passes axe at the project's width (390 and 1440 px) and loads
// at most its budget of JavaScript. Staff quoting in the browser: event-quote-journey.spec.ts.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addDays, localMoment, weekdayOf } from '../../src/features/bay-booking/rules/local-time';
import { adminPassword } from './support/admin-api';
import { messagesTo } from './support/members';
import { QUOTE_PAGE_JS_GZIP_BYTES } from '../support/page-budgets';
import { pageScripts } from './support/page-js';

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A Thursday three to four weeks ahead: inside the headcount and refund terms, clear of league nights and the other tests' bookings. */
function eventDate(): string {
  let date = addDays(localMoment(Date.now()).date, 21);
  while (weekdayOf(date) !== 'Thursday') date = addDays(date, 1);
  return date;
}

test('the customer opens the quote from the e-mail, pays the deposit in Stripe and sees the event confirmed', async ({ page, request, baseURL }, testInfo) => {
  const email = `quote-${RUN}-${testInfo.project.name}@example.com`;
  const sent = await request.post('/api/event-booking', {
    data: { firstName: 'Quinn', lastName: 'Party', phone: '608-555-0199', email, occasion: 'Company party', partySize: 18, eventDate: eventDate(), startTime: '6:00 PM', endTime: '9:00 PM', additionalRequests: '' },
    headers: { 'X-Forwarded-For': `203.0.113.${testInfo.project.name === 'phone' ? 91 : 92}` },
  });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };

  const headers = { Origin: baseURL!, 'X-Forwarded-For': '203.0.113.78' };
  expect((await request.post('/api/admin/auth/login', { data: { password: adminPassword }, headers })).ok()).toBe(true);
  const space = testInfo.project.name === 'phone' ? 'bunker' : 'back-9-lounge';
  const quoted = await request.post(`/api/admin/event-quotes/${id}`, { data: { date: eventDate(), start: '18:00', end: '21:00', spaces: [space], guests: 18, packages: [{ id: 'front-nine', guests: 18 }], extras: [] }, headers });
  expect(quoted.status()).toBe(200);

  await expect.poll(async () => (await messagesTo(request, email)).filter((message) => message.subject.startsWith('Your event quote')).length, { timeout: 20_000 }).toBe(1);
  const message = (await messagesTo(request, email)).find((each) => each.subject.startsWith('Your event quote'))!;
  const link = new URL(/https?:\/\/\S+\/events\/quote\?quote=[^\s"&]+&(?:amp;)?token=[A-Za-z0-9_-]+/.exec(message.text)![0].replace('&amp;', '&'));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your event quote' })).toBeVisible();
  await expect(page.getByText('Waiting for your deposit')).toBeVisible();
  await expect(page.getByText(/refunded in full/)).toBeVisible();
  await axe(page);

  await page.getByRole('button', { name: 'Pay deposit' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/events\/quote\?.*paid=deposit/);
  await expect(page.getByRole('status')).toHaveText('Your event is confirmed.');
  await expect(page.getByRole('button', { name: 'Pay balance' })).toBeVisible();
  await axe(page);
});

test('each rental card names the event rate and /book names the rate each bay type charges, from content', async ({ page }) => {
  const { rateNames } = (await import('../../src/content/event-quotes.json', { with: { type: 'json' } })).default;
  await page.goto('/events');
  await expect(page.getByTestId('rental-rate-name')).toHaveText([rateNames.event, rateNames.event]);
  await page.goto('/book');
  await expect(page.getByTestId('book-rate-names').getByRole('listitem')).toHaveText([`Simulator bay: ${rateNames.simulator}`, `Large bay: ${rateNames.event}`]);
});

test(`/events/quote loads at most ${QUOTE_PAGE_JS_GZIP_BYTES / 1024} KB of gzipped JavaScript and no framework`, async ({ page }) => {
  const scripts = await pageScripts(page, '/events/quote?quote=x&token=y', () =>
    expect(page.getByRole('status')).toHaveText('We could not find this quote. Please use the link in your e-mail.'),
  );
  // The page's script ran (it answered the link), so it is counted, whether bundled or inline.
  expect(scripts.gzipBytes).toBeGreaterThan(0);
  expect(scripts.gzipBytes).toBeLessThanOrEqual(QUOTE_PAGE_JS_GZIP_BYTES);
  // No island, and no React: the page builds its few nodes with the DOM itself.
  expect(scripts).toMatchObject({ islands: 0, react: false });
});
