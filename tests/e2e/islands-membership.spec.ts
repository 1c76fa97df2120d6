// Membership checkout, its success page and the billing portal, and member login.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, hydrated } from './support/islands';

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
