// League play end to end: twelve teams register and pay through the site and the Stripe emulator,
// staff enter week 1 for them at /admin/league in the browser (a summary first), /league/standings
// shows the ranks, a player's result mail arrives in the catcher, the closest-to-pin winner is given a
// gift-card prize whose mail reaches both players; both pages pass axe at 390 and 1440 px.
// One run saves the week, so only the desktop project runs it (playwright.config.ts); it checks the
// phone width itself.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { CaughtMessage } from '../../dev/mail-catcher/index';
import { mailCatcherURL } from '../playwright.config';
import { expectNoAxeViolations, login, newContextFor, RUN, toast } from './support/admin-journey';

const SESSION = 'spring';
const TEAMS = 12;
const teamName = (index: number) => `Play ${RUN} ${String(index + 1).padStart(2, '0')}`;
const playerEmail = (index: number) => `play.${RUN}.${index + 1}@example.com`;

/** How far the page scrolls sideways: the tables scroll inside their own regions, never the page. */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function registerAndPay(api: APIRequestContext, index: number): Promise<void> {
  const entry = {
    sessionId: SESSION,
    teamName: teamName(index),
    teeTimeDay: 'tuesday',
    teeTimeSlot: '6pm',
    player1FirstName: 'Pat',
    player1LastName: `Player ${index + 1}`,
    player1Email: playerEmail(index),
    player1Phone: '608-555-0111',
    player2FirstName: 'Sam',
    player2LastName: `Partner ${index + 1}`,
    player2Email: `partner.${RUN}.${index + 1}@example.com`,
    player2Phone: '608-555-0112',
  };
  const response = await api.post('/api/league-registration-multi', { data: { sessionRegistrations: [entry] } });
  expect(response.ok(), await response.text()).toBe(true);
  const checkout = new URL(((await response.json()) as { checkoutUrl: string }).checkoutUrl);
  const paid = await api.post(`${checkout.origin}/__emulator/sessions/${checkout.pathname.split('/').filter(Boolean).at(-1)}/complete`, { form: { email: playerEmail(index) } });
  expect(paid.ok(), await paid.text()).toBe(true);
}

test('staff enter week 1 for twelve teams; the standings show the ranks and each player gets the result', async ({ browser, playwright }, testInfo) => {
  test.setTimeout(240_000);
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL!, extraHTTPHeaders: { 'X-Forwarded-For': '10.77.1.33' } });
  for (let index = 0; index < TEAMS; index += 1) await registerAndPay(api, index);
  await api.dispose();

  const context = await newContextFor(browser, testInfo, 'journey');
  const page = await context.newPage();
  await login(page);
  await expect(page).toHaveURL(/\/admin\/?$/);
  await page.goto('/admin/league');
  await page.getByLabel('Session').selectOption({ label: 'Spring Session' });
  const row = (index: number) => page.getByTestId('entry-row').filter({ has: page.getByRole('rowheader', { name: teamName(index), exact: true }) });
  await expect(row(TEAMS - 1)).toBeVisible();
  await expectNoAxeViolations(page, '/admin/league at 1440 px');

  await page.getByLabel('Course played').fill('Royal Birkdale');
  // Team 1 is the best: starting handicap 0, gross 70. The others 2..12 off 1..11, gross 80 and up.
  for (let index = 0; index < TEAMS; index += 1) {
    await row(index).getByLabel(/^Starting handicap/).fill(String(index));
    await row(index).getByLabel(/^Gross score/).fill(String(index === 0 ? 70 : 80 + index));
  }
  // Enter in a gross score moves to the next team's.
  await row(0).getByLabel(/^Gross score/).press('Enter');
  await expect(row(1).getByLabel(/^Gross score/)).toBeFocused();
  await page.getByRole('group', { name: 'Closest to Pin' }).getByLabel('Team').selectOption({ label: teamName(3) });
  await page.getByRole('group', { name: 'Closest to Pin' }).getByLabel('Value').fill('4 ft 2 in');
  await page.getByRole('button', { name: 'Review week 1' }).click();
  const summary = page.getByTestId('week-summary');
  await expect(summary).toContainText('Save week 1 of the Spring Session');
  await expect(summary).toContainText(`Closest to Pin: ${teamName(3)}, 4 ft 2 in.`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, '/admin/league at 390 px');
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await summary.getByRole('button', { name: 'Save week 1' }).click();
  await expect(toast(page)).toContainText('Week 1 saved');

  // The saved winner's prize: a $25 gift card in one click, then "Prize sent: $25".
  await page.getByLabel('Week', { exact: true }).selectOption({ label: 'Week 1 (entered)' });
  const prize = page.getByTestId('prize-row').filter({ hasText: `Closest to Pin: ${teamName(3)}, 4 ft 2 in` });
  await expect(prize.getByLabel('Prize, in dollars')).toHaveValue('25');
  await expectNoAxeViolations(page, '/admin/league prizes at 1440 px');
  await prize.getByRole('button', { name: `Give prize to ${teamName(3)} for Closest to Pin` }).click();
  await expect(prize).toContainText('Prize sent: $25');

  await page.goto(`/league/standings?session=${SESSION}`);
  await expect(page.getByRole('status')).toContainText('Spring Session: standings after week 1');
  const flightA = page.getByRole('table', { name: 'A Flight standings' });
  await expect(flightA.getByRole('row').filter({ hasText: teamName(0) }).getByRole('cell').first()).toHaveText('1');
  await expect(flightA.getByRole('row').filter({ hasText: teamName(0) }).getByRole('cell').nth(2)).toHaveText('3');
  // Sorting by a column: team names A to Z.
  await flightA.getByRole('button', { name: 'Team' }).click();
  await expect(flightA.getByRole('columnheader', { name: 'Team' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByText(`Closest to Pin: ${teamName(3)}, 4 ft 2 in`)).toBeVisible();
  // Team names only: no player's address or phone.
  await expect(page.locator('body')).not.toContainText(`.${RUN}.`);
  await expect(page.locator('body')).not.toContainText('608-555-011');
  await expectNoAxeViolations(page, '/league/standings at 1440 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, '/league/standings at 390 px');
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

  const mine = async () => ((await (await page.request.get(`${mailCatcherURL}/api/messages`)).json()) as CaughtMessage[]).filter((message) => message.to.includes(playerEmail(0)));
  await expect.poll(async () => (await mine()).filter((message) => message.subject.includes('week 1')).length, { timeout: 30_000 }).toBe(1);
  const [result] = (await mine()).filter((message) => message.subject.includes('week 1'));
  expect(result!.subject).toContain(`Spring Session, week 1: ${teamName(0)}`);
  expect(result!.text).toContain('Points: 3');
  expect(result!.text).toMatch(/Rank in A Flight: 1 of \d+/);

  // The prize's one mail goes to both players of the winning team, with the code.
  const prizeMails = async () => ((await (await page.request.get(`${mailCatcherURL}/api/messages`)).json()) as CaughtMessage[]).filter((message) => message.to.includes(playerEmail(3)) && message.subject.includes('You won'));
  await expect.poll(async () => (await prizeMails()).length, { timeout: 30_000 }).toBe(1);
  const [won] = await prizeMails();
  expect(won!.to).toEqual([playerEmail(3), `partner.${RUN}.4@example.com`]);
  expect(won!.text).toMatch(/[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/);
  await context.close();
});
