// The league pages follow the calendar: at a fixed browser clock after every shipped session has
// closed, they say when registration opens next instead of offering registration, and a visitor can
// leave an e-mail to be told; at the open instant they offer registration and nothing else.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import leaguePage from '../../src/content/league-page.json' with { type: 'json' };
import { NOTIFY_TEXTS } from '../../src/features/league/contract/notify-texts';
import { noticeList } from './support/admin-api';
import { browserClockAt, CLOSED_AT, league, OPEN_AT } from './support/calendar';
import { hydrated } from './support/islands';
import { mailCatcherURL } from '../playwright.config';
import { SCHEDULED_FUNCTIONS_PATH } from '../../dev/runtime/control';
import type { CaughtMessage } from '../../dev/mail-catcher/index';

async function messagesTo(request: APIRequestContext, email: string): Promise<CaughtMessage[]> {
  const all = (await (await request.get(`${mailCatcherURL}/api/messages`)).json()) as CaughtMessage[];
  return all.filter((message) => message.to.includes(email));
}
import { site } from './support/public-pages';

const SOON = 'Registration for the next season opens soon.';

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('with no session open, the league page says registration opens soon, with the phone, and offers no registration', async ({ page }) => {
  await browserClockAt(page, CLOSED_AT);
  await page.goto('/league');
  const closed = page.locator('[data-registration-closed]');
  await expect(closed).toBeVisible();
  await expect(closed.getByRole('heading', { name: SOON })).toBeVisible();
  await expect(closed.getByRole('link', { name: site.phone })).toHaveAttribute('href', /^tel:\+1\d{10}$/);
  await expect(page.getByRole('link', { name: leaguePage.hero.registerLabel })).toBeHidden();
  await expect(page.getByRole('link', { name: leaguePage.cta.registerLabel })).toBeHidden();
  await expect(page.getByRole('link', { name: NOTIFY_TEXTS.heading })).toHaveAttribute('href', '#league-notify');
  for (const session of league.sessions) {
    await expect(page.locator(`[data-session="${session.id}"] [data-registration-line]:visible`)).toHaveText('Registration closed');
  }
  await expectNoViolations(page);
});

test('the notify-me form checks the address and keeps it; when a session is open the scheduled run sends it one e-mail', async ({ page, request, baseURL }) => {
  await browserClockAt(page, CLOSED_AT);
  await page.goto('/league');
  const form = page.getByRole('form', { name: NOTIFY_TEXTS.heading });
  const input = form.getByLabel(NOTIFY_TEXTS.label);
  await input.fill('not an address');
  await form.getByRole('button', { name: NOTIFY_TEXTS.button }).click();
  await expect(form.getByText(NOTIFY_TEXTS.email)).toBeVisible();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toBeFocused();

  const email = `notify.${test.info().project.name}.${Date.now()}@example.com`;
  await input.fill(email);
  await page.keyboard.press('Enter');
  await expect(form.getByRole('status')).toHaveText(NOTIFY_TEXTS.done.replace('{email}', email));
  await expect(form.getByText(NOTIFY_TEXTS.email)).toBeHidden();
  await expect(input).toHaveValue('');

  // The functions read the open instant (CALENDAR_NOW): the scheduled run, now or at its quarter
  // hour, takes the address off the list and e-mails it once.
  const run = await request.post(`${SCHEDULED_FUNCTIONS_PATH}/league-opening-notices`);
  expect(run.ok(), await run.text()).toBe(true);
  await expect.poll(async () => (await messagesTo(request, email)).map((message) => message.subject)).toEqual([expect.stringMatching(/^League registration is open – /)]);
  const [message] = await messagesTo(request, email);
  expect(message!.text).toContain(`${baseURL}/league-registration`);
  expect(await noticeList(request, baseURL!)).not.toContain(email);
  await request.post(`${SCHEDULED_FUNCTIONS_PATH}/league-opening-notices`);
  expect(await messagesTo(request, email)).toHaveLength(1);
});

test('with no session open, the registration page shows the same notice and form instead of the wizard', async ({ page }) => {
  await browserClockAt(page, CLOSED_AT);
  await page.goto('/league-registration');
  await expect(page.getByRole('heading', { level: 1, name: 'League Registration' })).toBeVisible();
  await expect(page.getByRole('heading', { name: SOON })).toBeVisible();
  await expect(page.getByRole('form', { name: NOTIFY_TEXTS.heading })).toBeVisible();
  await expect(page.locator('[data-registration-open]')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeHidden();
  await expectNoViolations(page);
});

test('at the open instant the pages offer registration and no notice', async ({ page }) => {
  await browserClockAt(page, OPEN_AT);
  await page.goto('/league');
  await expect(page.getByRole('link', { name: leaguePage.hero.registerLabel })).toBeVisible();
  await expect(page.locator('[data-registration-closed]')).toBeHidden();
  await page.goto('/league-registration');
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect(page.locator('[data-registration-closed]')).toBeHidden();
});
