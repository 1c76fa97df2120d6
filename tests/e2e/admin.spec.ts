/**
 * The staff area end to end (spec sections 2, 4, 6 and 8): the guard, the login (required field,
 * wrong password, lockout), every page with real data from the runtime — league registrations made
 * through the site and paid, left pending or expired in the local Stripe emulator; members with
 * active, past_due, canceled and soon-expiring subscriptions bought through the emulator's Checkout;
 * an event request — the filter, copy, CSV export, delete one, delete all through the dialog, the
 * members' search, sort and filter, logout, and axe on every page.
 *
 * The spec runs serially in one browser context (one admin session). It deletes every league
 * registration of the shared store, so it must run when no other spec relies on registrations
 * (see the report: a dedicated Playwright project that depends on the others).
 * Failed logins are throttled per client IP: every context here sends its own X-Forwarded-For, one
 * for the journey and another for the lockout, different per project, so nothing else is locked out.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type TestInfo } from '@playwright/test';

test.describe.configure({ mode: 'serial' });

const PASSWORD = process.env['E2E_ADMIN_PASSWORD'] ?? 'e2e-admin-password';
const DAY_MS = 86_400_000;
/** The browser's clock on the members page runs this far ahead, so a monthly plan is 'Expiring Soon'. */
const MEMBERS_CLOCK_SHIFT_DAYS = 10;
const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const ADMIN_PAGES = ['/admin', '/admin/registrations', '/admin/members', '/admin/database', '/admin/event-requests'] as const;

/** A client IP of this run for a purpose ('journey', 'lockout'), distinct per project. */
function clientIp(testInfo: TestInfo, purpose: 'journey' | 'lockout' | 'seed'): string {
  const project = [...testInfo.project.name].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 200, 7) + 20;
  const runPart = Number.parseInt(RUN.slice(-4), 36) % 250;
  return `10.${project}.${runPart}.${{ journey: 11, lockout: 22, seed: 33 }[purpose]}`;
}

async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((violation) => `${label}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)).toEqual([]);
}

const toast = (page: Page) => page.getByTestId('toast');

async function login(page: Page, password = PASSWORD) {
  await page.goto('/admin/login');
  // The button is enabled once the island runs (before that a submit would be the browser's own).
  const signIn = page.getByRole('button', { name: 'Sign In' });
  await expect(signIn).toBeEnabled();
  await page.getByLabel('Password').fill(password);
  await signIn.click();
}

// ---- Seeding through the site and the Stripe emulator ------------------------------------------

interface Seeded {
  teams: { completed: string; pending: string; expired: string };
  emailTag: string;
  members: { active: string; soon: string; pastDue: string; canceled: string };
  booking: { firstName: string; lastName: string; email: string; phone: string; occasion: string; additionalRequests: string };
}

async function postJson(api: APIRequestContext, url: string, data: unknown) {
  const response = await api.post(url, { data });
  expect(response.ok(), `${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

async function emulator(api: APIRequestContext, origin: string, path: string, form: Record<string, string> = {}) {
  const response = await api.post(`${origin}/__emulator/${path}`, { form });
  expect(response.ok(), `emulator ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ events?: Array<{ type: string; data: { object: { id: string; object: string } } }> }>;
}

function entry(sessionId: string, teamName: string, teeTimeDay: string, teeTimeSlot: string) {
  return {
    sessionId,
    teamName,
    teeTimeDay,
    teeTimeSlot,
    player1FirstName: 'Ann',
    player1LastName: `Able ${RUN}`,
    player1Email: `ann.${RUN}@example.com`,
    player1Phone: '608-555-0101',
    player2FirstName: 'Ben',
    player2LastName: 'Baker',
    player2Email: `ben.${RUN}@example.com`,
    player2Phone: '608-555-0102',
  };
}

/** One registration through the site; returns the emulator's origin and the Checkout session id. */
async function register(api: APIRequestContext, sessionId: string, teamName: string, day: string, slot: string) {
  const { checkoutUrl } = (await postJson(api, '/api/league-registration-multi', { sessionRegistrations: [entry(sessionId, teamName, day, slot)] })) as { checkoutUrl: string };
  const url = new URL(checkoutUrl);
  return { origin: url.origin, sessionId: url.pathname.split('/').filter(Boolean).at(-1)! };
}

/** A membership bought through the site and paid in the emulator; returns the subscription id. */
async function buyMembership(api: APIRequestContext, tier: string, term: string, name: string, email: string): Promise<{ origin: string; subscription: string }> {
  const { sessionId, url } = (await postJson(api, '/api/create-subscription', { membershipTier: tier, billingTerm: term })) as { sessionId: string; url: string };
  const origin = new URL(url).origin;
  const { events = [] } = await emulator(api, origin, `sessions/${sessionId}/complete`, { email, name });
  const created = events.find((event) => event.type === 'customer.subscription.created');
  expect(created, 'the completed Checkout created a subscription').toBeTruthy();
  return { origin, subscription: created!.data.object.id };
}

async function seed(api: APIRequestContext): Promise<Seeded> {
  const teams = { completed: `Paid Aces ${RUN}`, pending: `Pending Pars ${RUN}`, expired: `Lapsed Links ${RUN}` };
  const paid = await register(api, 'fall', teams.completed, 'monday', '6pm');
  await emulator(api, paid.origin, `sessions/${paid.sessionId}/complete`, { email: `ann.${RUN}@example.com` });
  await register(api, 'winter', teams.pending, 'tuesday', '8pm');
  const lapsed = await register(api, 'spring', teams.expired, 'wednesday', '6pm');
  await emulator(api, lapsed.origin, `sessions/${lapsed.sessionId}/expire`);

  const emailTag = `adm${RUN}`;
  const members = { active: `Alice Active ${RUN}`, soon: `Sam Soon ${RUN}`, pastDue: `Pat Pastdue ${RUN}`, canceled: `Carl Canceled ${RUN}` };
  await buyMembership(api, 'Bogey+', '12-month', members.active, `alice.${emailTag}@example.com`);
  await buyMembership(api, 'Practice', '1-month', members.soon, `sam.${emailTag}@example.com`);
  const pastDue = await buyMembership(api, 'Bogey', '3-month', members.pastDue, `pat.${emailTag}@example.com`);
  await emulator(api, pastDue.origin, `subscriptions/${pastDue.subscription}/status`, { status: 'past_due' });
  const canceled = await buyMembership(api, 'Bogey', '6-month', members.canceled, `carl.${emailTag}@example.com`);
  await emulator(api, canceled.origin, `subscriptions/${canceled.subscription}/status`, { status: 'canceled' });

  const booking = {
    firstName: 'Erin',
    lastName: `Events ${RUN}`,
    email: `erin.${RUN}@example.com`,
    phone: '(608) 555-0199',
    occasion: `Retirement party ${RUN}`,
    additionalRequests: 'Two bays side by side,\nand a cake table.',
  };
  const stored = await api.post('/api/event-booking', {
    data: { ...booking, partySize: 24, eventDate: '2026-03-14', startTime: '5:00 PM', endTime: '8:30 PM' },
  });
  expect(stored.status(), await stored.text()).toBe(201);
  return { teams, emailTag, members, booking };
}

// ---- The journey -------------------------------------------------------------------------------

let context: BrowserContext;
let page: Page;
let seeded: Seeded;

/** A browser context like the project's (viewport, touch…) with its own client IP. */
function newContextFor(browser: Browser, testInfo: TestInfo, purpose: 'journey' | 'lockout', extra: BrowserContextOptions = {}) {
  const { viewport, deviceScaleFactor, isMobile, hasTouch, baseURL } = testInfo.project.use;
  return browser.newContext({
    ...(viewport ? { viewport } : {}),
    ...(deviceScaleFactor ? { deviceScaleFactor } : {}),
    ...(isMobile ? { isMobile } : {}),
    ...(hasTouch ? { hasTouch } : {}),
    ...(baseURL ? { baseURL } : {}),
    extraHTTPHeaders: { 'X-Forwarded-For': clientIp(testInfo, purpose) },
    ...extra,
  });
}

test.beforeAll(async ({ browser, playwright }, testInfo) => {
  // Seeding makes about twenty calls through the site and the emulator (each function is bundled on
  // its first call), more than a single test's time on a busy machine.
  test.setTimeout(180_000);
  const api = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL!,
    extraHTTPHeaders: { 'X-Forwarded-For': clientIp(testInfo, 'seed') },
  });
  seeded = await seed(api);
  await api.dispose();
  context = await newContextFor(browser, testInfo, 'journey', { permissions: ['clipboard-read', 'clipboard-write'] });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
});

test('admin pages are never cached or indexed, and guarded pages send a visitor to the login page', async ({ request }) => {
  for (const path of [...ADMIN_PAGES, '/admin/login']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['cache-control'], path).toContain('no-store');
    expect(response.headers()['x-robots-tag'], path).toContain('noindex');
    const html = await response.text();
    expect(html, path).toContain('<meta name="robots" content="noindex, nofollow">');
    // Before the session check answers, a guarded page shows only the verifying state.
    if (path !== '/admin/login') expect(html, path).toContain('Verifying authentication...');
  }
  for (const path of ADMIN_PAGES) {
    // The page sends the visitor on as soon as the session check answers, possibly before its own load.
    await page.goto(path, { waitUntil: 'commit' });
    await page.waitForURL('**/admin/login');
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

test('the login requires the password and refuses a wrong one', async () => {
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

test('login opens the dashboard with its cards and real quick stats', async () => {
  await login(page);
  await page.waitForURL(/\/admin$/);
  await expect(toast(page)).toContainText('Access granted');
  expect(await page.evaluate(() => localStorage.getItem('adminAuthenticated'))).toBe('true');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  const main = page.locator('#main');
  for (const [name, href] of [
    ['League Registrations', '/admin/registrations'],
    ['Members', '/admin/members'],
    ['Database', '/admin/database'],
    ['Event Requests', '/admin/event-requests'],
  ] as const) {
    await expect(main.getByTestId('admin-cards').getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
  }
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  const stats = page.getByTestId('quick-stats');
  await expect(stats).toBeVisible();
  const stat = (label: string) => stats.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');
  expect(Number(await stat('League Registrations').textContent())).toBeGreaterThanOrEqual(3);
  expect(Number(await stat('Active Subscriptions').textContent())).toBeGreaterThanOrEqual(2);
  expect(Number(await stat('Customers').textContent())).toBeGreaterThanOrEqual(4);
  await expect(stat('League Revenue (paid)')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expectNoAxeViolations(page, '/admin');

  // Signed in, the login page goes straight back to the dashboard.
  await page.goto('/admin/login');
  await page.waitForURL(/\/admin$/);
});

test('registrations: badges, session filter, counts, copy, CSV export and delete one', async () => {
  await page.goto('/admin/registrations');
  await expect(page.getByRole('heading', { level: 1, name: 'League Registrations' })).toBeVisible();
  const card = (team: string) => page.getByTestId('registration').filter({ has: page.getByRole('heading', { name: team }) });
  await expect(card(seeded.teams.completed).getByTestId('payment-status')).toHaveText('Completed');
  await expect(card(seeded.teams.pending).getByTestId('payment-status')).toHaveText('Pending');
  await expect(card(seeded.teams.expired).getByTestId('payment-status')).toHaveText('Failed');
  await expect(card(seeded.teams.completed)).toContainText('Fall Session');
  await expect(card(seeded.teams.completed)).toContainText('Monday 6:00 PM');
  await expect(card(seeded.teams.completed)).toContainText('$700.00');
  await expectNoAxeViolations(page, '/admin/registrations');

  const count = page.getByTestId('registration-count');
  const total = Number((await count.textContent())!.match(/Total: (\d+)/)![1]);
  expect(total).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('registration')).toHaveCount(total);

  const filter = page.getByLabel('Session');
  await expect(filter.locator('option')).toHaveText(['All', 'Fall (Sep-Nov)', 'Winter (Dec-Feb)', 'Spring (Feb-Apr)']);
  await filter.selectOption({ label: 'Winter (Dec-Feb)' });
  await expect(card(seeded.teams.pending)).toBeVisible();
  await expect(card(seeded.teams.completed)).toHaveCount(0);
  await expect(card(seeded.teams.expired)).toHaveCount(0);
  await expect(count).toContainText(`across all sessions`);
  await expect(count).toContainText(`(${total} across all sessions)`);
  await filter.selectOption({ label: 'Fall (Sep-Nov)' });
  await expect(card(seeded.teams.completed)).toBeVisible();
  await expect(card(seeded.teams.pending)).toHaveCount(0);

  // Copy Team Info puts the team on the clipboard.
  await card(seeded.teams.completed).getByRole('button', { name: /Copy Team Info/ }).click();
  await expect(toast(page)).toContainText('Team info copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`Team: ${seeded.teams.completed}`);
  expect(copied).toContain('Tee Time: Monday 6:00 PM');
  expect(copied).toContain(`ann.${RUN}@example.com, 608-555-0101`);

  // The CSV holds exactly the registrations shown (the Fall filter is on).
  const shownFall = await page.getByTestId('registration').count();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^league-registrations-fall-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('Registered At,Team Name,Sessions,Tee Time,Player 1,Player 1 Email,Player 1 Phone,Player 2,Player 2 Email,Player 2 Phone,Amount,Payment Status,Registration ID');
  expect(lines).toHaveLength(shownFall + 1);
  expect(lines.some((line) => line.includes(seeded.teams.completed) && line.includes('Fall Session') && line.includes('$700.00') && line.includes('Completed'))).toBe(true);
  expect(csv).not.toContain(seeded.teams.pending);

  // Delete one: a failure is reported, then the real deletion.
  await filter.selectOption({ label: 'All' });
  await page.route('**/api/admin/league-registrations/*', (route) => route.fulfill({ status: 500, body: '{"error":"Store down"}', contentType: 'application/json' }), { times: 1 });
  await card(seeded.teams.expired).getByRole('button', { name: /^Delete/ }).click();
  await expect(toast(page)).toContainText('Failed to delete registration.');
  await expect(card(seeded.teams.expired)).toBeVisible();
  await card(seeded.teams.expired).getByRole('button', { name: /^Delete/ }).click();
  await expect(toast(page)).toContainText('Registration deleted');
  await expect(card(seeded.teams.expired)).toHaveCount(0);
  await expect(count).toHaveText(`Total: ${total - 1} registration${total - 1 === 1 ? '' : 's'}`);
});

test('members: search, sort, filter, summary, status colours and expiry labels', async () => {
  await page.clock.setFixedTime(new Date(Date.now() + MEMBERS_CLOCK_SHIFT_DAYS * DAY_MS));
  await page.goto('/admin/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  const summary = page.getByTestId('member-summary');
  await expect(summary).toBeVisible();
  const number = async (testId: string) => Number(await page.getByTestId(testId).locator('dd').textContent());
  const [total, active, inactive, expiring] = [await number('summary-total'), await number('summary-active'), await number('summary-inactive'), await number('summary-expiring')];
  expect(total).toBeGreaterThanOrEqual(4);
  expect(active + inactive).toBe(total);
  expect(active).toBeGreaterThanOrEqual(2);
  expect(inactive).toBeGreaterThanOrEqual(2);
  expect(expiring).toBeGreaterThanOrEqual(1);
  await expectNoAxeViolations(page, '/admin/members');

  const search = page.getByLabel('Search by email or name');
  const names = () => page.getByTestId('member').getByRole('heading').allTextContents();
  await search.fill(seeded.emailTag);
  await expect(page.getByTestId('member')).toHaveCount(4);
  await expect(page.getByTestId('member-count')).toHaveText(`Showing 4 of ${total} members`);

  const sort = page.getByLabel('Sort by');
  await expect(sort.locator('option')).toHaveText(['Name', 'Email', 'Join Date', 'Expiration']);
  await sort.selectOption({ label: 'Name' });
  expect(await names()).toEqual([seeded.members.active, seeded.members.canceled, seeded.members.pastDue, seeded.members.soon]);
  await sort.selectOption({ label: 'Email' });
  // alice., carl., pat., sam.
  expect(await names()).toEqual([seeded.members.active, seeded.members.canceled, seeded.members.pastDue, seeded.members.soon]);
  await sort.selectOption({ label: 'Join Date' });
  // Newest first: the customers' creation times (epoch seconds, several may share one) never increase.
  const created = await page.evaluate(async () => {
    const members = (await (await fetch('/api/admin/members', { credentials: 'include' })).json()) as Array<{ name: string; created: number }>;
    return Object.fromEntries(members.map((member) => [member.name, member.created]));
  });
  const joinedOrder = (await names()).map((name) => created[name]!);
  expect(joinedOrder).toHaveLength(4);
  expect(joinedOrder).toEqual([...joinedOrder].sort((a, b) => b - a));
  expect(created[seeded.members.canceled]).toBeGreaterThanOrEqual(created[seeded.members.active]!);
  await sort.selectOption({ label: 'Expiration' });
  // Soonest first: monthly (active), quarterly (past_due), semi-annual (canceled), annual.
  expect(await names()).toEqual([seeded.members.soon, seeded.members.pastDue, seeded.members.canceled, seeded.members.active]);

  const show = page.getByLabel('Show');
  await expect(show.locator('option')).toHaveText(['All', 'Active Only', 'Inactive Only', 'Expiring Soon']);
  await show.selectOption({ label: 'Active Only' });
  expect((await names()).sort()).toEqual([seeded.members.active, seeded.members.soon].sort());
  await show.selectOption({ label: 'Inactive Only' });
  expect((await names()).sort()).toEqual([seeded.members.canceled, seeded.members.pastDue].sort());
  await show.selectOption({ label: 'Expiring Soon' });
  expect(await names()).toEqual([seeded.members.soon]);
  await show.selectOption({ label: 'All' });

  const member = (name: string) => page.getByTestId('member').filter({ has: page.getByRole('heading', { name }) });
  const alice = member(seeded.members.active);
  await expect(alice.getByTestId('subscription-status')).toHaveText('Active');
  await expect(alice.getByTestId('subscription-status')).toHaveAttribute('data-tone', 'green');
  await expect(alice).toContainText('Bogey+ 12 Months');
  await expect(alice).toContainText('$2,388.00 / 12 months');
  await expect(alice).toContainText('Active (will renew)');
  await expect(alice.getByTestId('expiry')).toHaveAttribute('data-tone', 'green');
  await expect(alice.getByTestId('expiry')).toHaveText(/^Expires in \d{3} days$/);

  const sam = member(seeded.members.soon);
  await expect(sam.getByTestId('expiry')).toHaveText(/^Expires in (1[89]|2[01]) days$/);
  await expect(sam.getByTestId('expiry')).toHaveAttribute('data-tone', 'orange');
  await expect(sam).toContainText('$189.00 / month');

  const pat = member(seeded.members.pastDue);
  await expect(pat.getByTestId('subscription-status')).toHaveText('Past Due');
  await expect(pat.getByTestId('subscription-status')).toHaveAttribute('data-tone', 'yellow');
  await expect(pat.getByTestId('expiry')).toHaveText('Inactive');
  await expect(pat).not.toContainText('Active (will renew)');

  const carl = member(seeded.members.canceled);
  await expect(carl.getByTestId('subscription-status')).toHaveText('Canceled');
  await expect(carl.getByTestId('subscription-status')).toHaveAttribute('data-tone', 'red');
  await expect(carl.getByTestId('expiry')).toHaveText('Inactive');

  // Search by a name alone, then by an e-mail alone.
  await search.fill(`Pat Pastdue ${RUN}`);
  expect(await names()).toEqual([seeded.members.pastDue]);
  await search.fill(`carl.${seeded.emailTag}@example.com`);
  expect(await names()).toEqual([seeded.members.canceled]);
  await search.fill(`nobody-${RUN}`);
  await expect(page.getByTestId('members-empty')).toContainText('No members found');
  await page.clock.setFixedTime(new Date());
});

test('database: statistics, five recent registrations and members, system information', async () => {
  await page.goto('/admin/database');
  await expect(page.getByRole('heading', { level: 1, name: 'Database' })).toBeVisible();
  await expect(page.getByTestId('database-stats')).toBeVisible();
  expect(Number(await page.getByTestId('stat-registrations').locator('dd').textContent())).toBeGreaterThanOrEqual(2);
  expect(Number(await page.getByTestId('stat-customers').locator('dd').textContent())).toBeGreaterThanOrEqual(4);
  await expect(page.getByTestId('stat-revenue').locator('dd')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  const recentRegistrations = page.getByTestId('recent-registrations').locator('li');
  expect(await recentRegistrations.count()).toBeGreaterThanOrEqual(2);
  expect(await recentRegistrations.count()).toBeLessThanOrEqual(5);
  const recentMembers = page.getByTestId('recent-members').locator('li');
  expect(await recentMembers.count()).toBeGreaterThanOrEqual(4);
  expect(await recentMembers.count()).toBeLessThanOrEqual(5);
  await expect(page.getByTestId('system-info')).toContainText('Local Redis (Upstash REST bridge)');
  await expect(page.getByTestId('payment-mode')).toHaveText('Local emulator');
  await expect(page.getByTestId('system-info')).toContainText('Build version');
  await expect(page.getByTestId('system-info')).toContainText(/\d+\.\d+\.\d+ · .*built /);
  await expectNoAxeViolations(page, '/admin/database');
});

test('event requests: the stored request with every field', async () => {
  await page.goto('/admin/event-requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Event Requests' })).toBeVisible();
  const request = page.getByTestId('event-request').filter({ hasText: seeded.booking.occasion });
  await expect(request).toHaveCount(1);
  for (const text of [
    `${seeded.booking.firstName} ${seeded.booking.lastName}`,
    seeded.booking.email,
    seeded.booking.phone,
    seeded.booking.occasion,
    'Party of 24',
    'Saturday, March 14, 2026',
    '5:00 PM',
    '8:30 PM',
    'Two bays side by side,',
    'and a cake table.',
  ]) {
    await expect(request).toContainText(text);
  }
  await expect(request.getByRole('link', { name: seeded.booking.email })).toHaveAttribute('href', `mailto:${seeded.booking.email}`);
  await expect(request.getByRole('link', { name: seeded.booking.phone })).toHaveAttribute('href', 'tel:6085550199');
  await expectNoAxeViolations(page, '/admin/event-requests');
});

test('every admin page fits a phone screen without sideways scrolling', async () => {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ADMIN_PAGES) {
    await page.goto(path);
    await expect(page.getByTestId('admin-page')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  if (size) await page.setViewportSize(size);
});

test('delete all asks first through the dialog, then empties the list', async () => {
  await page.goto('/admin/registrations');
  const count = page.getByTestId('registration-count');
  await expect(count).toBeVisible();
  const total = Number((await count.textContent())!.match(/Total: (\d+)/)![1]);
  expect(total).toBeGreaterThanOrEqual(2);
  const deleteAll = page.getByRole('button', { name: 'Delete All' });
  const dialog = page.getByRole('dialog');
  const message = `Are you sure you want to delete all ${total} league registrations? This action cannot be undone.`;

  // Escape closes it and focus returns to the button.
  await deleteAll.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(message);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page, '/admin/registrations (dialog)');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(deleteAll).toBeFocused();

  // Cancel closes it and nothing is deleted.
  await deleteAll.click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('registration')).toHaveCount(total);

  // A failed deletion is reported.
  await page.route('**/api/admin/league-registrations', (route) => route.fulfill({ status: 503, body: '{"error":"Store down"}', contentType: 'application/json' }), { times: 1 });
  await deleteAll.click();
  await dialog.getByRole('button', { name: 'Delete All' }).click();
  await expect(toast(page)).toContainText('Failed to delete all registrations.');
  await expect(page.getByTestId('registration')).toHaveCount(total);

  await deleteAll.click();
  await dialog.getByRole('button', { name: 'Delete All' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page)).toContainText('All registrations deleted');
  await expect(page.getByTestId('registrations-empty')).toContainText('No registrations found');
  await expect(page.getByTestId('registrations-empty')).toContainText('No league registrations have been submitted yet.');
  await expect(deleteAll).toBeDisabled();
  await page.getByLabel('Session').selectOption({ label: 'Spring (Feb-Apr)' });
  await expect(page.getByTestId('registrations-empty')).toContainText('No registrations for the Spring (Feb-Apr) session yet.');
  await expect(count).toHaveText('Total: 0 registrations (0 across all sessions)');
  await expectNoAxeViolations(page, '/admin/registrations (empty)');
});

test('logout always ends the session locally, even when the call fails', async () => {
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
  await page.waitForURL('**/admin/login');
  expect(await page.evaluate(() => localStorage.getItem('adminAuthenticated'))).toBeNull();
  await page.goto('/admin', { waitUntil: 'commit' });
  await page.waitForURL('**/admin/login');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
});

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
