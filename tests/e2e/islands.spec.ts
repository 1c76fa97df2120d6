import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { listRegistrations } from './support/admin-api';

const booking = { title: 'Booking Request Submitted!', description: "We'll contact you soon to confirm your event details." };

async function expectNoAxeViolations(page: Page, state: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((violation) => `${state}: ${violation.id} (${violation.nodes.length})`)).toEqual([]);
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => [...document.querySelectorAll('astro-island')].every((island) => !island.hasAttribute('ssr')));
}

/** The events page with its booking dialog hydrated: a visitor reaching for a 'Book Your Event' button. */
async function eventsPageReady(page: Page) {
  await page.goto('/events');
  await page.locator('[data-booking-trigger]').first().hover();
  await hydrated(page);
}

test.describe('event booking dialog', () => {
  test('the events page loads the dialog and its toasts only when a visitor reaches for a booking button', async ({ page }) => {
    const islandScripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && new URL(request.url()).pathname.startsWith('/_astro/')) islandScripts.push(request.url());
    });
    await page.goto('/events', { waitUntil: 'networkidle' });
    const islands = page.locator('astro-island');
    await expect(islands).toHaveCount(2);
    for (const island of await islands.all()) {
      await expect(island).toHaveAttribute('client', 'interaction');
      await expect(island).toHaveAttribute('ssr', '');
    }
    expect(islandScripts).toEqual([]);
    await page.locator('[data-booking-trigger]').first().hover();
    await hydrated(page);
    expect(islandScripts.length).toBeGreaterThan(0);
  });

  test('a click before the dialog has loaded still opens it', async ({ page }) => {
    await page.goto('/events', { waitUntil: 'networkidle' });
    await page.locator('[data-booking-trigger]').last().click();
    const dialog = page.getByRole('dialog', { name: 'Book Your Event' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('First Name')).toBeFocused();
  });

  test('opens from both buttons, validates every field with the spec messages, and keeps focus inside', async ({ page }) => {
    await eventsPageReady(page);
    const triggers = page.locator('[data-booking-trigger]');
    expect(await triggers.count()).toBeGreaterThanOrEqual(2);

    const first = triggers.first();
    await first.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Book Your Event' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('First Name')).toBeFocused();
    await expect(dialog.getByLabel('Party Size')).toHaveValue('1');
    await expect(dialog.getByLabel('Start Time').locator('option')).toHaveCount(25);
    await expect(dialog.getByLabel('Start Time').locator('option').nth(1)).toHaveText('11:00 AM');
    await expect(dialog.getByLabel('End Time').locator('option').last()).toHaveText('10:30 PM');
    await expectNoAxeViolations(page, 'dialog open');

    await dialog.getByLabel('Party Size').fill('0');
    await dialog.getByRole('button', { name: 'Submit Booking Request' }).click();
    for (const message of [
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Phone number must be at least 10 digits',
      'Please enter a valid email address',
      'Please specify the occasion',
      'Party size must be at least 1 person',
      'Please select an event date',
      'Please select a start time',
      'Please select an end time',
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByLabel('First Name')).toBeFocused();
    await expectNoAxeViolations(page, 'dialog with errors');

    // Tab never leaves the dialog.
    for (let index = 0; index < 20; index += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(first).toBeFocused();

    await triggers.last().click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(triggers.last()).toBeFocused();
  });

  test('submits a request, shows the success toast, closes and resets', async ({ page }) => {
    await eventsPageReady(page);
    await page.locator('[data-booking-trigger]').first().click();
    const dialog = page.getByRole('dialog', { name: 'Book Your Event' });
    await dialog.getByLabel('First Name').fill('Jordan');
    await dialog.getByLabel('Last Name').fill('Miller');
    await dialog.getByLabel('Phone').fill('608-555-0142');
    await dialog.getByLabel('Email').fill('jordan@example.com');
    await dialog.getByLabel('Occasion').fill('Company outing');
    await dialog.getByLabel('Party Size').fill('24');
    await dialog.getByLabel('Event Date').fill('2026-12-18');
    await dialog.getByLabel('Start Time').selectOption('6:00 PM');
    await dialog.getByLabel('End Time').selectOption('9:00 PM');
    await dialog.getByLabel('Additional Requests').fill('Two bays and appetizers, please.');

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/event-booking', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Submit Booking Request' }).click();
    await expect(dialog.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();

    const toast = page.getByTestId('toast');
    await expect(toast).toContainText(booking.title);
    await expect(toast).toContainText(booking.description);
    await expect(dialog).toBeHidden();
    await page.locator('[data-booking-trigger]').first().click();
    await expect(dialog.getByLabel('First Name')).toHaveValue('');
    await expect(dialog.getByLabel('Party Size')).toHaveValue('1');
  });

  test('shows Submission Failed when the API fails', async ({ page }) => {
    await page.route('**/api/event-booking', (route) => route.fulfill({ status: 500, body: '' }));
    await eventsPageReady(page);
    await page.locator('[data-booking-trigger]').first().click();
    const dialog = page.getByRole('dialog', { name: 'Book Your Event' });
    await dialog.getByLabel('First Name').fill('Jordan');
    await dialog.getByLabel('Last Name').fill('Miller');
    await dialog.getByLabel('Phone').fill('6085550142');
    await dialog.getByLabel('Email').fill('jordan@example.com');
    await dialog.getByLabel('Occasion').fill('Birthday');
    await dialog.getByLabel('Event Date').fill('2026-12-18');
    await dialog.getByLabel('Start Time').selectOption('11:00 AM');
    await dialog.getByLabel('End Time').selectOption('1:00 PM');
    await dialog.getByRole('button', { name: 'Submit Booking Request' }).click();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Submission Failed');
    await expect(toast).toContainText('500: Internal Server Error');
    await expect(dialog).toBeVisible();
  });
});

test.describe('league registration', () => {
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

    await page.getByRole('checkbox', { name: /Fall Session/ }).check();
    await page.getByRole('checkbox', { name: /Winter Session/ }).check();
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
    await expect(page.getByText('Fall Session, Winter Session')).toBeVisible();
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
    await expect(page.getByRole('checkbox', { name: /Fall Session/ })).not.toBeChecked();
  });

  test('the wizard works from the keyboard alone', async ({ page }) => {
    await page.goto('/league-registration');
    await hydrated(page);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await hydrated(page);
    const fall = page.getByRole('checkbox', { name: /Fall Session/ });
    await fall.focus();
    await page.keyboard.press('Space');
    await expect(fall).toBeChecked();
    await page.getByRole('button', { name: 'Continue' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: /Session 1: Fall Session/ })).toBeFocused();
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
            { id: 'fall', open: true, full: false, fullTeeTimes: ['monday-6pm'] },
            { id: 'winter', open: true, full: true, fullTeeTimes: ['monday-6pm', 'monday-8pm', 'tuesday-6pm', 'tuesday-8pm', 'wednesday-6pm', 'wednesday-8pm'] },
            { id: 'spring', open: true, full: false, fullTeeTimes: [] },
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
    await expect(page.getByRole('checkbox', { name: /Winter Session/ })).toBeDisabled();
    await expect(page.getByText('Session full')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Fall Session/ })).toBeEnabled();
    await page.getByRole('checkbox', { name: /Fall Session/ }).check();
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
    await page.route('**/api/league-registration-multi', (route) => route.fulfill({ status: 409, contentType: 'application/json', body: '{"error":"Monday 6:00 PM is full for Fall Session."}' }));
    await page.goto('/league-registration');
    await hydrated(page);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await hydrated(page);
    await page.getByRole('checkbox', { name: /Fall Session/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillSession(page, { first: 'Cy', last: 'Diaz', email: 'cy@example.com', phone: '6085550103' }, { first: 'Di', last: 'Ek', email: 'di@example.com', phone: '6085550104' });
    await page.getByRole('button', { name: /Complete Registration/ }).click();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Registration Failed');
    await expect(toast).toContainText('409: {"error":"Monday 6:00 PM is full for Fall Session."}');
    await expect(page.getByRole('button', { name: /Complete Registration/ })).toBeEnabled();
  });
});

test.describe('membership', () => {
  test('checkout with the 12-month default, payment, success page, portal and member login', async ({ page }) => {
    test.setTimeout(300_000); // a dozen function calls and two hosted Stripe pages on a loaded 2-core machine
    const email = `member${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
    await page.goto('/membership-checkout?tier=Bogey%2B');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bogey+ Membership');
    await expect(page.getByText('10% OFF applied automatically at checkout').first()).toBeVisible();
    await expect(page.getByRole('radio', { name: /12 Months/ })).toBeChecked();
    const summary = page.getByTestId('checkout-summary');
    await expect(summary).toContainText('$199/mo');
    await expect(summary).toContainText('$2,400 (50%)');
    await page.getByRole('radio', { name: /3 Months/ }).check({ force: true });
    await expect(summary).toContainText('$339/mo');
    await expect(summary).toContainText('$180 (15%)');
    await page.getByRole('radio', { name: /12 Months/ }).check({ force: true });
    await expect(page.getByRole('link', { name: /Back to Memberships/ })).toHaveAttribute('href', '/memberships');
    await expectNoAxeViolations(page, 'membership checkout');

    await page.getByRole('button', { name: 'Subscribe to Bogey+' }).click();
    await page.waitForURL(/\/checkout\//);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();

    await page.waitForURL(/\/membership-success\?session_id=/);
    await expect(page.getByRole('heading', { name: 'Membership Activated' })).toBeVisible();
    await expect(page.getByText('Bogey+', { exact: true })).toBeVisible();
    await expect(page.getByText('12 Months', { exact: true })).toBeVisible();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'membership success');
    await page.getByRole('button', { name: 'Manage Account & Billing' }).click();
    await page.waitForURL(/\/portal\//);
    await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();

    // Member login: a known e-mail goes to the verified portal login with the address prefilled.
    await page.goto('/member-login');
    await hydrated(page);
    await page.getByLabel('Email Address').fill(email);
    await page.getByRole('button', { name: 'Access My Account' }).click();
    await page.waitForURL(/\/portal-login\?prefilled_email=/);
    await expect(page.getByLabel('Email')).toHaveValue(email);
  });

  test('member login checks the address and reports an unknown e-mail', async ({ page }) => {
    await page.goto('/member-login');
    await hydrated(page);
    await expect(page.getByRole('link', { name: 'Back to Memberships' })).toHaveAttribute('href', '/memberships');
    await page.getByLabel('Email Address').fill('not-an-email');
    await page.getByRole('button', { name: 'Access My Account' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expectNoAxeViolations(page, 'member login with error');

    await page.getByLabel('Email Address').fill(`nobody${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Access My Account' }).click();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Account Access Error');
    await expect(toast).toContainText('Unable to find an active membership with this email address. Please check your email or contact support.');
  });

  test('a membership success page without a valid session shows the error view', async ({ page }) => {
    await page.goto('/membership-success');
    await expect(page.getByRole('heading', { name: 'Payment Error' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Memberships' })).toHaveAttribute('href', '/memberships');
  });

  test('a checkout failure shows the Checkout Error toast', async ({ page }) => {
    await page.route('**/api/create-subscription', (route) => route.fulfill({ status: 502, contentType: 'application/json', body: '{"error":"Payment service is unavailable."}' }));
    await page.goto('/membership-checkout');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Practice Membership');
    await page.getByRole('button', { name: 'Subscribe to Practice' }).click();
    await expect(page.getByTestId('toast')).toContainText('Checkout Error');
    await expect(page.getByTestId('toast')).toContainText('502: {"error":"Payment service is unavailable."}');
  });
});

test('island pages log no hydration warnings or errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await eventsPageReady(page);
  for (const path of ['/league-registration', '/membership-checkout?tier=Bogey', '/member-login']) {
    await page.goto(path);
    await hydrated(page);
  }
  expect(problems).toEqual([]);
});
