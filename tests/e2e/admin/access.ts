// The staff area's door: guarded pages, the login and its refusals, the dashboard, logout and the lockout.
import { expect, test } from '@playwright/test';
import { ADMIN_PATHS, expectNoAxeViolations, journey, login, newContextFor, PASSWORD, toast } from '../support/admin-journey';

/** Guarded pages are never cached or indexed and send a visitor to the login page. */
export function guardedPages(): void {
  test('admin pages are never cached or indexed, and guarded pages send a visitor to the login page', async ({ request }) => {
    const { page } = journey;
    for (const path of [...ADMIN_PATHS, '/admin/login']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['cache-control'], path).toContain('no-store');
      expect(response.headers()['x-robots-tag'], path).toContain('noindex');
      const html = await response.text();
      expect(html, path).toContain('<meta name="robots" content="noindex, nofollow">');
      // Before the session check answers, a guarded page shows only the verifying state.
      if (path !== '/admin/login') expect(html, path).toContain('Verifying authentication...');
    }
    for (const path of ADMIN_PATHS) {
      // The page sends the visitor on as soon as the session check answers, possibly before its own load.
      await page.goto(path, { waitUntil: 'commit' });
      // Polls the address: the page may leave before its own load, which a navigation wait reports as aborted.
      await expect(page).toHaveURL(/\/admin\/login\/?$/);
      await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    }
    // While the check runs the spinner and text are shown.
    await page.route('**/api/admin/auth/verify', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto('/admin/registrations');
    await expect(page.getByText('Verifying authentication...')).toBeVisible();
    await page.waitForURL('**/admin/login');
    await page.unroute('**/api/admin/auth/verify');
    await expectNoAxeViolations(page, '/admin/login');
  });
}

/** The login requires the password and refuses a wrong one. */
export function loginRefusals(): void {
  test('the login requires the password and refuses a wrong one', async () => {
    const { page } = journey;
    await page.goto('/admin/login');
    // Before the island runs the form cannot be sent (that would put the password in the URL).
    const html = await (await page.request.get('/admin/login')).text();
    expect(html).toMatch(/<button type="submit"[^>]* disabled=""/);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Password')).toBeFocused();

    await login(page, 'not-the-password');
    await expect(page.locator('#main').getByText('Invalid credentials')).toBeVisible();
    await expect(toast(page)).toContainText('Access denied');
    await expect(toast(page)).toContainText('Invalid credentials');
    expect(await page.evaluate(() => localStorage.getItem('adminAuthenticated'))).toBeNull();
    await expect(page).toHaveURL(/\/admin\/login$/);

    // A connection failure reads as such.
    await page.route('**/api/admin/auth/login', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.locator('#main').getByText('Connection error. Please try again.')).toBeVisible();
    await page.unroute('**/api/admin/auth/login');
  });
}

/** Signing in opens the dashboard with its cards and real figures. */
export function loginOpensDashboard(): void {
  test('login opens the dashboard with its cards and real quick stats', async () => {
    const { page } = journey;
    await login(page);
    await page.waitForURL(/\/admin$/);
    await expect(toast(page)).toContainText('Access granted');
    expect(await page.evaluate(() => localStorage.getItem('adminAuthenticated'))).toBe('true');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    const main = page.locator('#main');
    for (const [name, href] of [
      ['League Registrations', '/admin/registrations'],
      ['Reports', '/admin/reports'],
      ['Members', '/admin/members'],
      ['Database', '/admin/database'],
      ['Event Requests', '/admin/event-requests'],
      ['Website Content', '/admin/content'],
    ] as const) {
      await expect(main.getByTestId('admin-cards').getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
    }
    await expect(page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Website Content' })).toHaveAttribute('href', '/admin/content');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    const stats = page.getByTestId('quick-stats');
    await expect(stats).toBeVisible();
    const stat = (label: string) => stats.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');
    expect(Number(await stat('League Registrations').textContent())).toBeGreaterThanOrEqual(3);
    expect(Number(await stat('Active Subscriptions').textContent())).toBeGreaterThanOrEqual(2);
    expect(Number(await stat('Customers').textContent())).toBeGreaterThanOrEqual(4);
    await expect(stat('League Revenue (paid)')).toHaveText(/^\$[\d,]+\.\d{2}$/);
    // The seeded event request is new until the inbox test answers it.
    expect(Number(await stat('New Event Requests').textContent())).toBeGreaterThanOrEqual(1);
    await expectNoAxeViolations(page, '/admin');

    // Signed in, the login page goes straight back to the dashboard.
    await page.goto('/admin/login');
    await page.waitForURL(/\/admin$/);
  });
}

/** Logging out always ends the session in the browser. */
export function logoutEndsSession(): void {
  test('logout always ends the session locally, even when the call fails', async () => {
    const { page } = journey;
    // The call fails: the browser still signs out (the failure is only logged) and shows the login page.
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto('/admin');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.route('**/api/admin/auth/logout', (route) => route.abort('connectionrefused'), { times: 1 });
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => visited.includes('/admin/login')).toBe(true);
    expect(errors.some((text) => text.includes('Admin logout failed'))).toBe(true);
    // The session cookie was not cleared by the server, so the login page goes back to the dashboard;
    // the local flag is gone, so the members and database pages refuse without even asking.
    await page.waitForURL(/\/admin$/);
    expect(await page.evaluate(() => localStorage.getItem('adminAuthenticated'))).toBeNull();
    visited.length = 0;
    await page.goto('/admin/members', { waitUntil: 'commit' });
    // The members page sends the browser to the login page, which finds the still-valid cookie and
    // goes on to the dashboard. (Only the answer is awaited: a 'load' would race these redirects.)
    await expect.poll(() => visited.at(-1)).toBe('/admin');
    expect(visited.indexOf('/admin/login')).toBeGreaterThan(visited.indexOf('/admin/members'));

    // A real logout ends the server session too.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('adminAuthenticated'))).toBeNull();
    // The guard replaces /admin before its load: the address is polled, not a navigation awaited.
    await page.goto('/admin', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  });
}

/** Repeated wrong passwords lock the login out. */
export function loginLockout(): void {
  test('repeated wrong passwords lock the login out for a while', async ({ browser }, testInfo) => {
    const lockoutContext = await newContextFor(browser, testInfo, 'lockout');
    const lockoutPage = await lockoutContext.newPage();
    const field = lockoutPage.locator('#main');
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await login(lockoutPage, `wrong-${attempt}`);
      await expect(field.getByText('Invalid credentials')).toBeVisible();
    }
    await lockoutPage.getByLabel('Password').fill('wrong-5');
    await lockoutPage.getByRole('button', { name: 'Sign In' }).click();
    await expect(field.getByText(/^Too many failed attempts\. Try again in \d+ minutes?\.$/)).toBeVisible();
    await expect(lockoutPage.getByTestId('toast')).toContainText('Access denied');
    await expect(lockoutPage.getByTestId('toast')).toContainText(/Account locked\. Try again in \d+ minutes?\./);
    // Even the right password waits for the lockout to end.
    await lockoutPage.getByLabel('Password').fill(PASSWORD);
    await lockoutPage.getByRole('button', { name: 'Sign In' }).click();
    await expect(field.getByText(/^Too many failed attempts\. Try again in \d+ minutes?\.$/)).toBeVisible();
    await expect(lockoutPage).toHaveURL(/\/admin\/login$/);
    expect(await lockoutPage.evaluate(() => localStorage.getItem('adminAuthenticated'))).toBeNull();
    await lockoutContext.close();
  });
}
