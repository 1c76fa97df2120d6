// The league registration wizard and its success page: validation, navigation, copying, drafts, payment, capacity.
// The browser's clock and the functions' calendar are at the shipped content's open instant
// (support/calendar.ts), so the sessions the tests pick take registrations in any month.
import { expect, test, type Page } from '@playwright/test';
import { listRegistrations } from './support/admin-api';
import { browserClockAt, OPEN_AT, sessionsOpenAt } from './support/calendar';
import { expectNoAxeViolations, hydrated } from './support/islands';

const [first, second] = sessionsOpenAt(OPEN_AT);
const pattern = (name: string) => new RegExp(name);

test.describe('league registration', () => {
  test.beforeAll(() => {
    expect(second, 'two shipped sessions take registrations at the open instant').toBeDefined();
  });
  test.beforeEach(async ({ page }) => browserClockAt(page, OPEN_AT));

  async function fillSession(page: Page, player: { first: string; last: string; email: string; phone: string }, second: { first: string; last: string; email: string; phone: string }) {
    await page.getByLabel('Team Name').fill('Birdie Kings');
    await page.getByLabel('Tee Time Day').selectOption('monday');
    await page.getByLabel('Tee Time', { exact: true }).selectOption('6pm');
    const [p1, p2] = [page.getByRole('group', { name: 'Player 1' }), page.getByRole('group', { name: 'Player 2' })];
    await p1.getByLabel('First Name').fill(player.first);
    await p1.getByLabel('Last Name').fill(player.last);
    await p1.getByLabel('Email').fill(player.email);
    await p1.getByLabel('Phone').fill(player.phone);
    await p2.getByLabel('First Name').fill(second.first);
    await p2.getByLabel('Last Name').fill(second.last);
    await p2.getByLabel('Email').fill(second.email);
    await p2.getByLabel('Phone').fill(second.phone);
  }

  test('the wizard validates, navigates, copies, survives a reload, and pays two sessions', async ({ page, request, baseURL }) => {
    test.setTimeout(300_000); // a dozen function calls and two hosted Stripe pages on a loaded 2-core machine
    const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    await page.goto('/league-registration');
    await hydrated(page);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('link', { name: /Back to League/ })).toHaveAttribute('href', '/league');
    await expectNoAxeViolations(page, 'step 0');

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('toast')).toContainText('Sessions Required');
    await expect(page.getByTestId('toast')).toContainText('Please select at least one session.');

    await page.getByRole('checkbox', { name: pattern(first!.name) }).check();
    await page.getByRole('checkbox', { name: pattern(second!.name) }).check();
    await expect(page.getByText('Total $1,400')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();

    const progress = page.getByTestId('wizard-progress');
    await expect(progress.getByRole('listitem')).toHaveText(['Select Sessions (completed)', 'Session 1', 'Session 2']);
    await expect(progress.locator('[aria-current="step"]')).toHaveText('Session 1');

    await page.getByRole('button', { name: 'Next Session' }).click();
    for (const message of ['Please select a day', 'Please select a time', 'First name is required', 'Last name is required', 'Valid email is required', 'Valid phone number is required']) {
      await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
    }
    await expectNoAxeViolations(page, 'session step with errors');

    await fillSession(
      page,
      { first: 'Ann', last: `Lee${unique}`, email: `ann${unique}@example.com`, phone: '608-555-0101' },
      { first: 'Bo', last: 'Park', email: `bo${unique}@example.com`, phone: '608-555-0102' },
    );
    await page.getByRole('button', { name: 'Next Session' }).click();
    await expect(progress.locator('[aria-current="step"]')).toHaveText('Session 2');
    await expect(page.getByRole('group', { name: 'Player 1' }).getByLabel('First Name')).toHaveValue('');

    await page.getByRole('button', { name: 'Copy Team Name' }).click();
    await expect(page.getByLabel('Team Name')).toHaveValue('Birdie Kings');
    await page.getByRole('button', { name: 'Copy Both Players + Team Name' }).click();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Player 2' }).getByLabel('Email')).toHaveValue(`bo${unique}@example.com`);
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeHidden({ timeout: 4000 });
    await expect(page.getByRole('button', { name: 'Copy Both Players + Team Name' })).toBeVisible();

    // Previous keeps what was typed without validating; a reload keeps everything.
    await page.getByLabel('Tee Time Day').selectOption('tuesday');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByRole('group', { name: 'Player 1' }).getByLabel('Last Name')).toHaveValue(`Lee${unique}`);
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('group', { name: 'Player 1' }).getByLabel('Last Name')).toHaveValue(`Lee${unique}`);
    await page.getByRole('button', { name: 'Next Session' }).click();
    await expect(page.getByLabel('Tee Time Day')).toHaveValue('tuesday');
    await page.getByLabel('Tee Time', { exact: true }).selectOption('8pm');

    await page.getByRole('button', { name: /Complete Registration/ }).click();
    await page.waitForURL(/\/checkout\//);
    await expect(page.getByText('$1,400.00').first()).toBeVisible();
    await page.getByLabel('Email').fill(`ann${unique}@example.com`);
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL(/\/league-success\?session_id=/);
    await expect(page.getByRole('heading', { name: 'Registration Complete!' })).toBeVisible();
    await expect(page.getByText(`${first!.name}, ${second!.name}`)).toBeVisible();
    await expect(page.getByText('Monday 6:00 PM, Tuesday 8:00 PM')).toBeVisible();
    await expect(page.getByText('2-Person Team')).toBeVisible();
    await expect(page.getByRole('link', { name: 'League Details' })).toHaveAttribute('href', '/league');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page, 'league success');

    const mine = (await listRegistrations(request, baseURL!)).filter((registration) => registration.player1.includes(`Lee${unique}`));
    expect(mine).toHaveLength(2);
    expect(mine.every((registration) => registration.paymentStatus === 'completed')).toBe(true);

    await page.goto('/league-registration');
    await hydrated(page);
    await expect(page.getByRole('checkbox', { name: pattern(first!.name) })).not.toBeChecked();
  });

  test('the wizard works from the keyboard alone', async ({ page }) => {
    await page.goto('/league-registration');
    await hydrated(page);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await hydrated(page);
    const session = page.getByRole('checkbox', { name: pattern(first!.name) });
    await session.focus();
    await page.keyboard.press('Space');
    await expect(session).toBeChecked();
    await page.getByRole('button', { name: 'Continue' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: pattern(`Session 1: ${first!.name}`) })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Team Name')).toBeFocused();
    await page.keyboard.press('Enter'); // submits the step, as Next Session does
    await expect(page.getByText('Please select a day')).toBeVisible();
    await page.getByRole('button', { name: 'Previous' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Select Sessions' })).toBeFocused();
  });

  test('full sessions are shown but not selectable, and a full tee time is refused', async ({ page }) => {
    await page.route('**/api/league-availability', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          capacityPerTeeTime: 1,
          sessions: [
            { id: first!.id, open: true, full: false, fullTeeTimes: ['monday-6pm'] },
            { id: second!.id, open: true, full: true, fullTeeTimes: ['monday-6pm', 'monday-8pm', 'tuesday-6pm', 'tuesday-8pm', 'wednesday-6pm', 'wednesday-8pm'] },
          ],
        }),
      }),
    );
    await page.goto('/league-registration');
    await hydrated(page);
    await page.evaluate(() => localStorage.clear());
    const availabilityLoaded = page.waitForResponse('**/api/league-availability');
    await page.reload();
    await hydrated(page);
    await availabilityLoaded;
    await expect(page.getByRole('checkbox', { name: pattern(second!.name) })).toBeDisabled();
    await expect(page.getByText('Session full')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: pattern(first!.name) })).toBeEnabled();
    await page.getByRole('checkbox', { name: pattern(first!.name) }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillSession(page, { first: 'Ed', last: 'Fox', email: 'ed@example.com', phone: '6085550105' }, { first: 'Flo', last: 'Gray', email: 'flo@example.com', phone: '6085550106' });
    await page.getByRole('button', { name: /Complete Registration/ }).click();
    await expect(page.getByText('This tee time is full. Please choose another.')).toBeVisible();
    await expect(page).toHaveURL(/\/league-registration$/);
  });

  test('a failed lookup shows the payment error view', async ({ page }) => {
    await page.goto('/league-success?session_id=cs_test_does_not_exist');
    await expect(page.getByRole('heading', { name: 'Payment Error' })).toBeVisible();
    await expect(page.getByText("We couldn't retrieve your payment information. Please contact support if you completed a payment.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to League Registration' })).toHaveAttribute('href', '/league-registration');
  });

  test('a failed submission shows Registration Failed', async ({ page }) => {
    await page.route('**/api/league-registration-multi', (route) => route.fulfill({ status: 409, contentType: 'application/json', body: '{"error":"Monday 6:00 PM is full for the session."}' }));
    await page.goto('/league-registration');
    await hydrated(page);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await hydrated(page);
    await page.getByRole('checkbox', { name: pattern(first!.name) }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillSession(page, { first: 'Cy', last: 'Diaz', email: 'cy@example.com', phone: '6085550103' }, { first: 'Di', last: 'Ek', email: 'di@example.com', phone: '6085550104' });
    await page.getByRole('button', { name: /Complete Registration/ }).click();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Registration Failed');
    await expect(toast).toContainText('409: {"error":"Monday 6:00 PM is full for the session."}');
    await expect(page.getByRole('button', { name: /Complete Registration/ })).toBeEnabled();
  });
});
