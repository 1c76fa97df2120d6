// The events page's booking dialog: loaded on interaction, opened from any trigger, validated, sent.
import { expect, test } from '@playwright/test';
import { eventsPageReady, expectNoAxeViolations, hydrated } from './support/islands';

const booking = { title: 'Booking Request Submitted!', description: "We'll contact you soon to confirm your event details." };

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
