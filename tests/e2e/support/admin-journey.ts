// The staff journey's shared pieces: the run's client IPs, axe, the login, the data seeded through the
// site and the Stripe emulator, and the one browser context (one admin session) the journey runs in.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type PlaywrightWorkerArgs, type TestInfo } from '@playwright/test';
import { ADMIN_PAGES } from '../../../src/features/staff/rules/pages';

/** Every guarded staff page, in navigation order. */
export const ADMIN_PATHS = ADMIN_PAGES.map((page) => page.href);

export const PASSWORD = process.env['E2E_ADMIN_PASSWORD'] ?? 'e2e-admin-password';
export const DAY_MS = 86_400_000;
/** The browser's clock on the members page runs this far ahead, so a monthly plan is 'Expiring Soon'. */
export const MEMBERS_CLOCK_SHIFT_DAYS = 10;
export const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A client IP of this run for a purpose ('journey', 'lockout'), distinct per project. */
export function clientIp(testInfo: TestInfo, purpose: 'journey' | 'lockout' | 'seed'): string {
  const project = [...testInfo.project.name].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 200, 7) + 20;
  const runPart = Number.parseInt(RUN.slice(-4), 36) % 250;
  return `10.${project}.${runPart}.${{ journey: 11, lockout: 22, seed: 33 }[purpose]}`;
}

export async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((violation) => `${label}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)).toEqual([]);
}

export const toast = (page: Page) => page.getByTestId('toast');

export async function login(page: Page, password = PASSWORD) {
  await page.goto('/admin/login');
  // The button is enabled once the island runs (before that a submit would be the browser's own).
  const signIn = page.getByRole('button', { name: 'Sign In' });
  await expect(signIn).toBeEnabled();
  await page.getByLabel('Password').fill(password);
  await signIn.click();
}

// ---- Seeding through the site and the Stripe emulator ------------------------------------------

export interface Seeded {
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

/** A browser context like the project's (viewport, touch…) with its own client IP. */
export function newContextFor(browser: Browser, testInfo: TestInfo, purpose: 'journey' | 'lockout', extra: BrowserContextOptions = {}) {
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

/** The journey's browser page and seeded data, set before its first test. */
export const journey = {} as { context: BrowserContext; page: Page; seeded: Seeded };

/** Seeds the data and opens the journey's context (with clipboard access for 'Copy Team Info'). */
export async function startJourney({ browser, playwright }: Pick<PlaywrightWorkerArgs, 'browser' | 'playwright'>, testInfo: TestInfo): Promise<void> {
  // Seeding makes about twenty calls through the site and the emulator (each function is bundled on
  // its first call), more than a single test's time on a busy machine.
  test.setTimeout(180_000);
  const api = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL!,
    extraHTTPHeaders: { 'X-Forwarded-For': clientIp(testInfo, 'seed') },
  });
  journey.seeded = await seed(api);
  await api.dispose();
  journey.context = await newContextFor(browser, testInfo, 'journey', { permissions: ['clipboard-read', 'clipboard-write'] });
  journey.page = await journey.context.newPage();
}
