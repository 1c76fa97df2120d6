// Bay booking on the site (booking.mode onsite), in the browser against the built site, its functions,
// the Stripe emulator and the mail catcher: a visitor books and pays, sees the success page with the
// calendar file, receives the confirmation, cancels with its manage link and is refunded; a member signs in from the e-mailed
// link and books an included hour at $0; the pages pass axe and work by keyboard.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { SIGN_IN_BUTTON, SIGN_IN_LINK_SENT_MESSAGE, SIGN_IN_OUTCOMES } from '../../src/features/memberships/contract/member-sign-in-texts';
import { addDays } from '../../src/features/bay-booking/rules/local-time';
import { dateLabel, venueToday } from '../../src/features/bay-booking/islands/format';
import { hydrated } from './support/islands';
import { buyMembership, emailedSignInPath, messagesTo } from './support/members';

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * /book with guests and length chosen and the first day at least `daysAhead` days from today on which
 * the venue takes bookings (closed days and blackouts say so instead of listing times), once its free
 * times are listed.
 */
async function chooseVisit(page: Page, options: { daysAhead: number; guests?: string; length?: string }) {
  if (options.guests) await page.getByLabel('Guests').selectOption(options.guests);
  if (options.length) await page.getByLabel('How long').selectOption(options.length);
  const status = page.getByRole('region', { name: 'Free start times' }).getByRole('status');
  for (let offset = options.daysAhead; offset < options.daysAhead + 7; offset += 1) {
    const date = addDays(venueToday(), offset);
    await page.getByLabel('Date').fill(date);
    const open = `free on ${dateLabel(date)}`;
    await expect(status).toContainText(new RegExp(`${open}|closed`, 'i'));
    if (((await status.textContent()) ?? '').includes(open)) return date;
  }
  throw new Error(`no day open for booking within a week from ${options.daysAhead} days ahead`);
}

/** /book, hydrated (what is typed before is the server's markup, which hydration replaces). */
async function openBooking(page: Page) {
  await page.goto('/book');
  await hydrated(page);
}

/** The first free start time of the simulator bays whose price reads `price`: its label, which a visitor clicks. */
function startTime(page: Page, price: RegExp) {
  return page.getByRole('group', { name: /Simulator bay/ }).locator('label').filter({ hasText: price }).first();
}

async function fillContact(page: Page, name: string, email: string) {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Phone').fill('(608) 555-0142');
}

test.describe('bay booking', () => {
  test('the booking page, its guest pages and their states pass axe; times are picked by keyboard', async ({ page }) => {
    await openBooking(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Book a Bay' })).toBeVisible();
    await chooseVisit(page, { daysAhead: 3 });
    await axe(page);
    const first = page.getByRole('group', { name: /Simulator bay/ }).getByRole('radio').first();
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('group', { name: /Simulator bay/ }).getByRole('radio').nth(1)).toBeChecked();
    await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
    await axe(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByLabel('Name')).toBeFocused();
    await expect(page.getByText('Name is required')).toBeVisible();

    await page.goto('/book/manage?booking=unknown&token=nope');
    await expect(page.getByRole('heading', { name: 'Booking not found' })).toBeVisible();
    await axe(page);
  });

  test('a visitor books and pays, gets the calendar file and the confirmation with the manage link, then cancels and is refunded', async ({ page, request }) => {
    const email = `visitor.${RUN}@example.com`;
    await openBooking(page);
    await chooseVisit(page, { daysAhead: 4, guests: '4', length: '120' });
    const time = startTime(page, /\$\d/);
    const label = (await time.textContent()) ?? '';
    await time.click();
    await fillContact(page, 'Val Visitor', email);
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    // Stripe's hosted page (the emulator's), then back to the site.
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/book\/success\?/);
    await expect(page.getByRole('heading', { level: 1, name: 'You’re booked!' })).toBeVisible();
    const price = /\$[\d,]+\.\d\d/.exec(label)![0];
    await expect(page.getByText(price).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', /\/api\/bay-booking\/.+\/calendar\.ics$/);
    const calendar = await request.get((await page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href'))!);
    expect(calendar.headers()['content-type']).toMatch(/text\/calendar/);
    expect(await calendar.text()).toContain('BEGIN:VEVENT');
    await axe(page);

    await expect(page.getByRole('link', { name: 'Manage or cancel this booking' })).toHaveAttribute('href', /\/book\/manage\?booking=/);

    // The confirmation e-mail carries the calendar file and the manage link, which opens the booking.
    await expect.poll(async () => (await messagesTo(request, email)).length, { timeout: 20_000 }).toBe(1);
    const [confirmation] = await messagesTo(request, email);
    expect(confirmation!.attachments.map((attachment) => attachment.filename)).toContain('bay-booking.ics');
    const manageLink = /https?:\/\/[^\s"]+\/book\/manage\?booking=[^\s"]+/.exec(confirmation!.text)?.[0];
    expect(manageLink, 'the confirmation carries the manage link').toBeTruthy();
    await page.goto(new URL(manageLink!).pathname + new URL(manageLink!).search);
    await expect(page.getByRole('heading', { level: 1, name: 'Your booking' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel this booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your booking?' });
    await expect(dialog).toContainText(`We refund ${price}`);
    await axe(page);
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Booking cancelled' })).toBeVisible();
    await expect(page.getByText(`${price} is on its way back to your card`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel this booking' })).toHaveCount(0);
  });

  test('a member signs in from the e-mailed link and books an included hour at $0', async ({ page, request }) => {
    const email = `member.${RUN}@example.com`;
    await buyMembership(request, 'Bogey', email);
    await openBooking(page);
    await page.getByRole('button', { name: 'Member sign-in' }).click();
    await expect(page.getByLabel('Membership e-mail')).toBeFocused();
    await page.getByLabel('Membership e-mail').fill(email);
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await expect(page.getByText(SIGN_IN_LINK_SENT_MESSAGE)).toBeVisible();

    const link = await emailedSignInPath(request, email);
    // A mail scanner fetching the link gets the static page; its GET of the token uses nothing up.
    expect((await request.get(link)).ok()).toBe(true);
    expect((await request.get(`/api/member/sign-in/${link.split('#sign-in=')[1]}`)).status()).toBe(200);
    await page.goto(link);
    await expect(page.getByText(`Sign in as ${email}?`)).toBeVisible();
    await expect(page).toHaveURL(/\/book$/);
    await axe(page);
    await page.getByRole('button', { name: SIGN_IN_BUTTON, exact: true }).click();
    await expect(page.getByText(SIGN_IN_OUTCOMES['signed-in'])).toBeVisible();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await axe(page);

    await chooseVisit(page, { daysAhead: 5 });
    await expect(page.getByText(/Bogey: 1 hour of included time left on this day/)).toBeVisible();
    await startTime(page, /Included/).click();
    await fillContact(page, 'Mia Member', email);
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page).toHaveURL(/\/book\/success\?/);
    await expect(page.getByRole('heading', { level: 1, name: 'You’re booked!' })).toBeVisible();
    await expect(page.getByText('Included in your membership')).toBeVisible();

    // The link worked once; signing out ends the session.
    await page.goto(link);
    await expect(page.getByText(SIGN_IN_OUTCOMES['link-invalid'])).toBeVisible();
    await hydrated(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Member sign-in' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Member sign-in' })).toBeVisible();
  });
});
