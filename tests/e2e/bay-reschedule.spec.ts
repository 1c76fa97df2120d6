// A guest moves a bay booking, in the browser against the built site, its functions, the Stripe
// emulator and the mail catcher: books and pays on /book, opens the manage link from the confirmation,
// moves the booking to another start the same day at the same price, sees the new time, and receives
// the update with the calendar file (the same UID, SEQUENCE 1). Desktop only: the flow does not depend
// on the width.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addDays } from '../../src/features/bay-booking/rules/local-time';
import { dateLabel, venueToday } from '../../src/features/bay-booking/islands/format';
import { hydrated } from './support/islands';
import { messagesTo } from './support/members';

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

const calendarOf = (attachment: { content: string } | undefined) => Buffer.from(attachment?.content ?? '', 'base64').toString('utf8').replace(/\r\n /g, '');

test('a guest moves the booking from the e-mailed manage link, sees the new time and receives the update with the calendar file', async ({ page, request }) => {
  const email = `mover.${RUN}@example.com`;
  await page.goto('/book');
  await hydrated(page);
  await page.getByLabel('How long').selectOption('60');
  const status = page.getByRole('region', { name: 'Free start times' }).getByRole('status');
  let date = '';
  for (let offset = 5; offset < 12 && !date; offset += 1) {
    const candidate = addDays(venueToday(), offset);
    await page.getByLabel('Date').fill(candidate);
    await expect(status).toContainText(new RegExp(`free on ${dateLabel(candidate)}|closed`, 'i'));
    if (((await status.textContent()) ?? '').includes(`free on ${dateLabel(candidate)}`)) date = candidate;
  }
  expect(date, 'a bookable day within a week').not.toBe('');
  await page.getByRole('group', { name: /Simulator bay/ }).locator('label').first().click();
  await page.getByLabel('Name').fill('Morgan Mover');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Phone').fill('(608) 555-0142');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You’re booked!' })).toBeVisible();

  // The confirmation's manage link opens the booking.
  await expect.poll(async () => (await messagesTo(request, email)).length, { timeout: 20_000 }).toBe(1);
  const [confirmation] = await messagesTo(request, email);
  const manageLink = new URL(/https?:\/\/[^\s"]+\/book\/manage\?booking=[^\s"]+/.exec(confirmation!.text)![0]);
  await page.goto(`${manageLink.pathname}${manageLink.search}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your booking' })).toBeVisible();
  const before = (await page.getByText(/\d+:\d\d [AP]M – \d+:\d\d [AP]M/).first().textContent()) ?? '';

  // Move: the form opens with the booking's day and length, its free starts each say what the move costs.
  await page.getByRole('button', { name: 'Move this booking' }).click();
  await expect(page.getByLabel('New date')).toBeFocused();
  await expect(page.getByLabel('New date')).toHaveValue(date);
  await expect(page.getByText(new RegExp(`start times? free on ${dateLabel(date)}`))).toBeVisible();
  const same = page.getByRole('group', { name: 'New start time' }).locator('label').filter({ hasText: 'no change in price' }).last();
  const label = (await same.textContent()) ?? '';
  const newRange = label.split(' · ')[0]!;
  await axe(page);
  await same.click();
  await page.getByRole('button', { name: 'Move my booking' }).click();

  await expect(page.getByText(`Your booking is moved to ${dateLabel(date)}, ${newRange}. The update with the calendar file is on its way to ${email}.`)).toBeVisible();
  await expect(page.getByText(`${dateLabel(date)}, ${newRange}`).first()).toBeVisible();
  await expect(page.getByText('Moved from')).toBeVisible();
  expect(newRange).not.toBe(before);
  await axe(page);

  // The update arrives with the calendar file: the booking's UID, a higher SEQUENCE, the new start.
  await expect.poll(async () => (await messagesTo(request, email)).length, { timeout: 20_000 }).toBe(2);
  const update = (await messagesTo(request, email)).find((message) => message.subject.startsWith('Your bay booking is moved'));
  expect(update, 'the update mail').toBeTruthy();
  expect(update!.text).toContain('Moved from');
  expect(update!.text).toContain('Price: No change');
  expect(update!.text).toContain('View, move or cancel your booking');
  const first = calendarOf(confirmation!.attachments.find((attachment) => attachment.filename === 'bay-booking.ics'));
  const moved = calendarOf(update!.attachments.find((attachment) => attachment.filename === 'bay-booking.ics'));
  const uid = /UID:(\S+)/.exec(first)?.[1];
  expect(uid).toBeTruthy();
  expect(moved).toContain(`UID:${uid}`);
  expect(first).not.toContain('SEQUENCE');
  expect(moved).toContain('SEQUENCE:1');
  expect(moved).not.toBe(first);
});
