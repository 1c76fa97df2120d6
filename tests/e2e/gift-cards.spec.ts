// Gift cards in the browser against the built site, its functions, the Stripe emulator and the mail
// catcher, at 390 and 1440 px: a visitor buys a card for someone else (an amount the content does not
// offer is refused first), pays on the hosted page, reads on the success page to whom and when it goes,
// and gets a receipt without the code; staff find the card by the purchaser's e-mail, take a purchase
// at the venue and read the ledger; /gift-cards and the balance page keep their JavaScript budgets.
// Every state passes axe. A card for someone else whose date is the site's today (the calendar is the
// shipped one, CALENDAR_NOW) reaches its recipient with a card that prints on one page, is partly spent
// at the venue, pays part of a bay booking on /book with the rest through Checkout, and reads $0.00.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { localMoment } from '../../src/features/bay-booking/rules/local-time';
import { formatEventDate } from '../../src/domain/dates';
import { browserClockAt, OPEN_AT } from './support/calendar';
import { login } from './support/admin-journey';
import { expectNoAxeViolations, hydrated } from './support/islands';
import { messagesTo } from './support/members';
import { pageScripts } from './support/page-js';
import { BALANCE_PAGE_JS_GZIP_BYTES, GIFT_CARDS_PAGE_JS_GZIP_BYTES } from '../support/page-budgets';

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const TODAY = localMoment(OPEN_AT.getTime()).date;
const CODE = /[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/;

async function buyThroughApi(request: APIRequestContext, purchaserEmail: string, recipientEmail = `robin.${RUN}@example.com`): Promise<void> {
  const created = await request.post('/api/gift-card-checkout', {
    data: { amount: 100, purchaserName: 'Pat Buyer', purchaserEmail, toSelf: false, recipientName: 'Robin Green', recipientEmail, message: 'Enjoy!', deliverOn: TODAY },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { url } = (await created.json()) as { url: string };
  const completed = await request.post(`${new URL(url).origin}/__emulator/sessions/${url.split('/').at(-1)}/complete`, { form: { email: purchaserEmail } });
  expect(completed.ok()).toBe(true);
}

async function openOrderPage(page: Page) {
  await browserClockAt(page, OPEN_AT);
  await page.goto('/gift-cards');
  await hydrated(page);
}

test.describe('gift cards', () => {
  test('a visitor buys a card for someone else and reads when and to whom it goes; the receipt carries no code', async ({ page, request }, testInfo) => {
    const purchaser = `pat.${RUN}.${testInfo.project.name}@example.com`;
    await openOrderPage(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Gift Cards' })).toBeVisible();
    await expectNoAxeViolations(page, '/gift-cards');

    await page.getByText('Other', { exact: true }).click();
    await page.getByLabel(/Amount in dollars/).fill('600');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByText(/or a whole-dollar amount from \$10 to \$500/).first()).toBeVisible();
    await expect(page.getByText("Enter the recipient's name.")).toBeVisible();
    await expectNoAxeViolations(page, '/gift-cards with errors');

    await page.getByText('$100', { exact: true }).click();
    await page.getByLabel('Your name').fill('Pat Buyer');
    await page.getByLabel('Your e-mail').fill(purchaser);
    await page.getByLabel("Recipient's name").fill('Robin Green');
    await page.getByLabel("Recipient's e-mail").fill(`robin.${RUN}@example.com`);
    await page.getByLabel(/Message/).fill('Happy birthday! See you on the range.');
    await expect(page.getByLabel('Delivery date')).toHaveValue(TODAY);
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await page.getByLabel('Email').fill(purchaser);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/gift-cards\/success\?/);
    await expect(page.getByText(`We will e-mail it to Robin Green on ${formatEventDate(TODAY)}.`)).toBeVisible();
    await expectNoAxeViolations(page, '/gift-cards/success');

    await expect.poll(async () => (await messagesTo(request, purchaser)).length, { timeout: 20_000 }).toBe(1);
    const [receipt] = await messagesTo(request, purchaser);
    expect(receipt!.subject).toContain('$100.00 gift card receipt');
    expect(receipt!.text).toContain('Robin Green');
    expect(receipt!.text).not.toMatch(CODE);
  });

  test(`/gift-cards loads at most ${GIFT_CARDS_PAGE_JS_GZIP_BYTES / 1024} KB of gzipped JavaScript, React included`, async ({ page }) => {
    await browserClockAt(page, OPEN_AT);
    const scripts = await pageScripts(page, '/gift-cards', () => hydrated(page));
    expect(scripts.islands).toBe(1);
    expect(scripts.gzipBytes).toBeLessThanOrEqual(GIFT_CARDS_PAGE_JS_GZIP_BYTES);
  });

  test('the balance page loads no React, refuses a mistyped code before asking, and passes axe', async ({ page }) => {
    const scripts = await pageScripts(page, '/gift-cards/balance');
    expect(scripts).toMatchObject({ islands: 0, react: false });
    expect(scripts.gzipBytes).toBeGreaterThan(0);
    expect(scripts.gzipBytes).toBeLessThanOrEqual(BALANCE_PAGE_JS_GZIP_BYTES);
    await expectNoAxeViolations(page, '/gift-cards/balance');
    await page.getByLabel('Gift card code').fill('ABCD-EFGH-JKLM-NPQR');
    await page.getByRole('button', { name: 'Check balance' }).click();
    await expect(page.getByRole('alert')).toHaveText('This is not a gift card code: check it for typos.');
    await expectNoAxeViolations(page, '/gift-cards/balance with an error');
  });

  test('staff find a card by the purchaser’s e-mail, take a purchase at the venue with a note and read the ledger', async ({ page, request }, testInfo) => {
    const purchaser = `staff.${RUN}.${testInfo.project.name}@example.com`;
    await buyThroughApi(request, purchaser);
    await login(page);
    await page.waitForURL(/\/admin$/);
    await page.goto('/admin/gift-cards');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Gift Cards' })).toBeVisible();
    await page.getByLabel('Search e-mail, name or last 4').fill(purchaser);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expectNoAxeViolations(page, '/admin/gift-cards');

    await page.getByRole('button', { name: /^Open card ending/ }).click();
    const panel = page.getByTestId('gift-card-panel');
    await expect(panel.getByTestId('gift-card-balance')).toHaveText('$100.00');
    await panel.getByLabel('Amount ($)').fill('12.50');
    await panel.getByLabel('Note (what it paid for)').fill('Burger and a beer');
    await panel.getByRole('button', { name: 'Debit' }).click();
    await expect(panel.getByTestId('gift-card-balance')).toHaveText('$87.50');
    await expect(panel.getByRole('row').filter({ hasText: 'Burger and a beer' })).toContainText('−$12.50');
    await expectNoAxeViolations(page, '/admin/gift-cards with a card open');
  });

  test('the recipient gets the card on its day, staff take part at the venue, its code pays part of a bay on /book and Checkout the rest; the balance reads $0.00', async ({ page, request }, testInfo) => {
    const recipient = `robin.journey.${RUN}.${testInfo.project.name}@example.com`;
    await buyThroughApi(request, `pat.journey.${RUN}.${testInfo.project.name}@example.com`, recipient);

    // The card's date is the site's today: its mail goes at once, with the code, the amount and the message.
    await expect.poll(async () => (await messagesTo(request, recipient)).length, { timeout: 30_000 }).toBe(1);
    const [card] = await messagesTo(request, recipient);
    expect(card!.text).toContain('$100.00');
    expect(card!.text).toContain('Enjoy!');
    const code = CODE.exec(card!.text)![0];
    // The attached card prints on one page (US Letter), from a browser's print.
    const printable = card!.attachments.find((attachment) => attachment.filename === 'gift-card.html');
    expect(printable?.contentType).toMatch(/^text\/html/);
    const sheet = await page.context().newPage();
    await sheet.setContent(Buffer.from(printable!.content, 'base64').toString('utf8'));
    await expect(sheet.getByText(code)).toBeVisible();
    const pdf = (await sheet.pdf({ format: 'Letter', printBackground: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
    await sheet.close();

    // Staff take $50.00 at the venue.
    await login(page);
    await page.waitForURL(/\/admin$/);
    await page.goto('/admin/gift-cards');
    await hydrated(page);
    await page.getByLabel('Search e-mail, name or last 4').fill(recipient);
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: `Open card ending …${code.slice(-4)}` }).click();
    const panel = page.getByTestId('gift-card-panel');
    await panel.getByLabel('Amount ($)').fill('50');
    await panel.getByLabel('Note (what it paid for)').fill('Dinner for two');
    await panel.getByRole('button', { name: 'Debit' }).click();
    await expect(panel.getByTestId('gift-card-balance')).toHaveText('$50.00');

    // On /book the code pays $50.00 of a bay for two hours; Checkout charges the rest.
    await page.goto('/book');
    await hydrated(page);
    await page.getByLabel('Guests').selectOption('2');
    await page.getByLabel('How long').selectOption('120');
    // The two-hour times, not the one-hour list /book opened with, still shown while it asks.
    await expect(page.getByRole('region', { name: 'Free start times' })).toHaveAttribute('aria-busy', 'false');
    const times = page.getByRole('group', { name: /Simulator bay/ }).locator('label').filter({ hasText: /\$\d/ });
    await expect(times.first()).toBeVisible();
    const label = (await times.first().textContent()) ?? '';
    const priceCents = Math.round(Number(/\$([\d,]+\.\d\d)/.exec(label)![1]!.replace(/,/g, '')) * 100);
    expect(priceCents).toBeGreaterThan(5000);
    await times.first().click();
    await page.getByLabel('Name').fill('Robin Green');
    await page.getByLabel('E-mail', { exact: true }).fill(recipient);
    await page.getByLabel('Phone').fill('(608) 555-0142');
    await page.getByLabel(/Gift card code/).fill(code);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByTestId('checkout-total')).toHaveText(`$${((priceCents - 5000) / 100).toFixed(2)}`);
    await page.getByLabel('Email').fill(recipient);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/book\/success\?/);

    await page.goto('/gift-cards/balance');
    await page.getByLabel('Gift card code').fill(code);
    await page.getByRole('button', { name: 'Check balance' }).click();
    await expect(page.getByText('Balance: $0.00')).toBeVisible();
    await expectNoAxeViolations(page, '/gift-cards/balance with a spent card');
  });
});
