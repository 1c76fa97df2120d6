import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import databaseStats from '../../netlify/functions/admin-database-stats';
import members from '../../netlify/functions/admin-members';
import { routed } from '../support/function-context';
import checkoutSessionFunction, { config as checkoutSessionConfig } from '../../netlify/functions/checkout-session';
import portalLoginLink from '../../netlify/functions/portal-login-link';
import portalSession from '../../netlify/functions/create-portal-session';
import membershipCheckout from '../../netlify/functions/membership-checkout';
import register from '../../netlify/functions/league-registration-multi';
import { membershipCatalog } from '../../src/features/memberships/catalogue';
import { ADMIN_TEST_PASSWORD, adminCookie, apiRequest, clearStore, restoreStoreEnv, useCountingBridge, useDeadStore } from './api-helpers';
import { startPaymentsHarness, useDeadStripe, type PaymentsHarness } from './payments-harness';

const checkoutSession = routed(checkoutSessionFunction, checkoutSessionConfig);

let payments: PaymentsHarness;

const subscribe = (body: unknown) => membershipCheckout(apiRequest('/api/create-subscription', { body }));
const lookup = (id: string) => checkoutSession(apiRequest(`/api/checkout-session/${encodeURIComponent(id)}`));
const byEmail = (email: unknown, ip = '198.51.100.60') => portalLoginLink(apiRequest('/api/create-portal-session-by-email', { body: { email } }), { ip });

async function priceId(lookupKey: string): Promise<string> {
  const prices = await payments.stripe.prices.list({ lookup_keys: [lookupKey] });
  return prices.data[0]!.id;
}

/** Buys a membership through the API and the emulator's hosted page; returns the session and customer ids. */
async function buyMembership(email: string, membershipTier = 'Bogey', billingTerm = '3-month'): Promise<{ sessionId: string; customerId: string }> {
  const { sessionId } = await (await subscribe({ membershipTier, billingTerm })).json();
  await payments.emulator.completeCheckout(sessionId, { email, name: `Member ${email}` });
  const session = await payments.stripe.checkout.sessions.retrieve(sessionId);
  return { sessionId, customerId: session.customer as string };
}

describe('membership checkout, lookup and billing portal', () => {
  beforeAll(async () => {
    payments = await startPaymentsHarness();
  });
  afterAll(async () => payments.close());
  beforeEach(async () => {
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    payments.useEnv();
    await clearStore();
  });
  afterEach(() => {
    restoreStoreEnv();
    vi.restoreAllMocks();
  });

  it('creates a subscription Checkout for the catalogue price with the promotion applied by the server', async () => {
    const response = await subscribe({ priceId: null, membershipTier: 'Bogey+', billingTerm: '12-month' });
    expect(response.status).toBe(200);
    const { sessionId, url } = await response.json();
    expect(sessionId).toMatch(/^cs_/);
    expect(url).toBe(`${payments.emulator.url}/checkout/${sessionId}`);
    const session = await payments.stripe.checkout.sessions.retrieve(sessionId, { expand: ['line_items'] });
    expect(session.mode).toBe('subscription');
    expect(session.line_items?.data[0]?.price?.id).toBe(await priceId('membership_bogey-plus_12-month'));
    expect(JSON.stringify(session.discounts)).toContain(membershipCatalog.promotion.couponId);
    expect(session.metadata).toEqual({ kind: 'membership', membershipTier: 'Bogey+', billingTerm: '12-month' });
    expect(session.success_url).toBe('http://localhost:8888/membership-success?session_id={CHECKOUT_SESSION_ID}');
    expect(session.cancel_url).toBe('http://localhost:8888/membership-checkout?tier=Bogey%2B');
  });

  it('accepts a client price id only when it is the catalogue price', async () => {
    const right = await priceId('membership_practice_6-month');
    expect((await subscribe({ priceId: right, membershipTier: 'Practice', billingTerm: '6-month' })).status).toBe(200);
    const wrong = await subscribe({ priceId: await priceId('membership_practice_1-month'), membershipTier: 'Practice', billingTerm: '6-month' });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error).toBe('The selected price does not match the Practice 6-month membership. Please reload the page and try again.');
  });

  it("answers 'Price ID not found for {tier} {term}' when the catalogue has no price", async () => {
    const id = await priceId('membership_bogey_1-month');
    await payments.stripe.prices.update(id, { active: false });
    try {
      const response = await subscribe({ membershipTier: 'Bogey', billingTerm: '1-month' });
      expect([response.status, await response.json()]).toEqual([400, { error: 'Price ID not found for Bogey 1-month' }]);
    } finally {
      await payments.stripe.prices.update(id, { active: true });
    }
  });

  it('uses STRIPE_PRICE_{SLUG}_{TERM} over the lookup key, and no discount when the promotion is off', async () => {
    const override = await priceId('membership_practice_1-month');
    process.env['STRIPE_PRICE_BOGEY_PLUS_3_MONTH'] = override;
    membershipCatalog.promotion.active = false;
    try {
      const { sessionId } = await (await subscribe({ membershipTier: 'Bogey+', billingTerm: '3-month' })).json();
      const session = await payments.stripe.checkout.sessions.retrieve(sessionId, { expand: ['line_items'] });
      expect(session.line_items?.data[0]?.price?.id).toBe(override);
      expect(JSON.stringify(session.discounts ?? [])).not.toContain(membershipCatalog.promotion.couponId);
    } finally {
      delete process.env['STRIPE_PRICE_BOGEY_PLUS_3_MONTH'];
      membershipCatalog.promotion.active = true;
    }
  });

  it('applies a dated promotion only inside its days, decided by the clock when the Checkout session is created', async () => {
    const discounted = async (instant: string) => {
      process.env['CALENDAR_NOW'] = instant;
      const response = await subscribe({ membershipTier: 'Bogey', billingTerm: '12-month' });
      expect(response.status).toBe(200);
      const session = await payments.stripe.checkout.sessions.retrieve((await response.json()).sessionId);
      return JSON.stringify(session.discounts ?? []).includes(membershipCatalog.promotion.couponId);
    };
    const calendar = process.env['CALENDAR_NOW'];
    Object.assign(membershipCatalog.promotion, { startsAt: '2026-10-01', endsAt: '2026-10-31' });
    try {
      // October 1 starts at midnight CDT (05:00 UTC); October 31 ends at the next midnight, still CDT.
      expect(await discounted('2026-10-01T04:59:59.999Z')).toBe(false);
      expect(await discounted('2026-10-01T05:00:00.000Z')).toBe(true);
      expect(await discounted('2026-11-01T04:59:59.999Z')).toBe(true);
      expect(await discounted('2026-11-01T05:00:00.000Z')).toBe(false);
    } finally {
      delete membershipCatalog.promotion.startsAt;
      delete membershipCatalog.promotion.endsAt;
      process.env['CALENDAR_NOW'] = calendar;
    }
  });

  it('validates tier and term, and answers 502 when Stripe fails', async () => {
    const bad = await subscribe({ membershipTier: 'Eagle', billingTerm: '2-month' });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).fields)).toEqual(['membershipTier', 'billingTerm']);
    expect((await membershipCheckout(apiRequest('/api/create-subscription'))).status).toBe(405);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await useDeadStripe();
    const down = await subscribe({ membershipTier: 'Bogey', billingTerm: '1-month' });
    expect([down.status, await down.json()]).toEqual([502, { error: 'Payment service is unavailable. Please try again in a few minutes.' }]);
  });

  it('looks up a paid membership session: customer and metadata only; 400 for a malformed id, 404 for an unknown one', async () => {
    const { sessionId, customerId } = await buyMembership('lookup@example.com', 'Practice', '12-month');
    const response = await lookup(sessionId);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      customer: customerId,
      metadata: { sessions: null, teeTime: null, membershipTier: 'Practice', billingTerm: '12-month' },
    });
    expect((await lookup('not-a-session')).status).toBe(400);
    const unknown = await lookup('cs_test_doesnotexist123');
    expect([unknown.status, await unknown.json()]).toEqual([404, { error: 'Checkout session not found.' }]);
    expect((await checkoutSession(apiRequest(`/api/checkout-session/${sessionId}`, { method: 'POST', body: {} }))).status).toBe(405);
  });

  it('opens the billing portal only for the customer its checkout session created', async () => {
    const mine = await buyMembership('portal@example.com');
    const other = await buyMembership('other@example.com');
    const ok = await portalSession(apiRequest('/api/create-portal-session', { body: mine }));
    expect(ok.status).toBe(200);
    const { url } = await ok.json();
    expect(url).toMatch(new RegExp(`^${payments.emulator.url}/portal/`));
    const portalId = url.split('/').at(-1);
    expect(payments.emulator.state.portalSessions.get(portalId)?.return_url).toBe('http://localhost:8888/memberships');

    const stolen = await portalSession(apiRequest('/api/create-portal-session', { body: { customerId: other.customerId, sessionId: mine.sessionId } }));
    expect([stolen.status, (await stolen.json()).error]).toEqual([
      403,
      'We could not confirm this account. Please use Member Login with the email address of your membership.',
    ]);
    const noSession = await portalSession(apiRequest('/api/create-portal-session', { body: { customerId: mine.customerId, sessionId: 'cs_test_unknown000' } }));
    expect(noSession.status).toBe(403);
    const noCustomer = await portalSession(apiRequest('/api/create-portal-session', { body: { sessionId: mine.sessionId } }));
    expect([noCustomer.status, (await noCustomer.json()).error]).toEqual([400, 'No customer data available']);
  });

  it('answers the verified portal login link for an e-mail with an active membership, never a portal session', async () => {
    await buyMembership('Member.Login@example.com');
    const response = await byEmail('Member.Login@example.com');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: `${payments.emulator.portalLoginUrl}?prefilled_email=Member.Login%40example.com` });

    const unknown = await byEmail('nobody@example.com');
    expect([unknown.status, await unknown.json()]).toEqual([
      404,
      { error: 'Unable to find an active membership with this email address. Please check your email or contact support.' },
    ]);
    const invalid = await byEmail('nobody@');
    expect([invalid.status, (await invalid.json()).error]).toEqual([400, 'Please enter a valid email address']);
  });

  it('does not count a canceled membership', async () => {
    const { customerId } = await buyMembership('gone@example.com');
    const subscriptions = await payments.stripe.subscriptions.list({ customer: customerId });
    await payments.emulator.setSubscriptionStatus(subscriptions.data[0]!.id, 'canceled');
    expect((await byEmail('gone@example.com')).status).toBe(404);
  });

  it('limits member login to 5 attempts per minute per IP', async () => {
    for (let i = 0; i < 5; i += 1) expect((await byEmail(`try${i}@example.com`, '203.0.113.70')).status).toBe(404);
    const limited = await byEmail('try5@example.com', '203.0.113.70');
    expect([limited.status, (await limited.json()).error]).toEqual([429, 'Too many attempts. Please wait a minute and try again.']);
    expect((await byEmail('try5@example.com', '203.0.113.71')).status).toBe(404);
  });

  it('answers 503 for member login when the store is down and 502 when Stripe is', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await useDeadStripe();
    expect((await byEmail('someone@example.com', '203.0.113.80')).status).toBe(502);
    payments.useEnv();
    await useDeadStore();
    expect((await byEmail('someone@example.com', '203.0.113.81')).status).toBe(503);
  });
});

describe('admin members and database stats', () => {
  // A fresh Stripe account per test: the totals depend on everything in it.
  beforeEach(async () => {
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    payments = await startPaymentsHarness();
    await clearStore();
  });
  afterEach(async () => {
    restoreStoreEnv();
    vi.restoreAllMocks();
    await payments.close();
  });

  it('lists every customer with subscriptions in the member shape, across result pages', async () => {
    const cookie = await adminCookie();
    for (let i = 0; i < 3; i += 1) await buyMembership(`pages${i}@example.com`, 'Bogey+', '6-month');
    // More members than one page of 100 subscriptions (webhooks off while arranging them).
    const price = await priceId('membership_practice_1-month');
    const webhookUrl = payments.emulator.webhookUrl;
    payments.emulator.webhookUrl = undefined;
    try {
      for (let i = 0; i < 101; i += 1) {
        const session = await payments.stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price, quantity: 1 }],
          success_url: 'http://localhost:8888/membership-success',
        });
        await payments.emulator.completeCheckout(session.id, { email: `bulk${i}@example.com`, name: `Bulk ${i}` });
      }
    } finally {
      payments.emulator.webhookUrl = webhookUrl;
    }
    const response = await members(apiRequest('/api/admin/members', { cookie }));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const list = await response.json();
    expect(list).toHaveLength(104);
    const member = list.find((item: { email: string }) => item.email === 'pages1@example.com');
    expect(member).toEqual({
      id: expect.stringMatching(/^cus_/),
      name: 'Member pages1@example.com',
      email: 'pages1@example.com',
      created: expect.any(Number),
      subscriptions: [
        {
          id: expect.stringMatching(/^sub_/),
          status: 'active',
          current_period_start: expect.any(Number),
          current_period_end: expect.any(Number),
          items: {
            data: [
              {
                price: {
                  id: await priceId('membership_bogey-plus_6-month'),
                  nickname: expect.toSatisfy((value: unknown) => value === null || typeof value === 'string'),
                  unit_amount: 309 * 6 * 100,
                  recurring: { interval: 'month', interval_count: 6 },
                },
              },
            ],
          },
        },
      ],
    });
    expect(member.subscriptions[0].current_period_end).toBeGreaterThan(member.subscriptions[0].current_period_start);
  });

  it('reports totals, revenue from completed league payments and the 5 most recent items', async () => {
    const cookie = await adminCookie();
    await buyMembership('stats1@example.com');
    const { customerId } = await buyMembership('stats2@example.com');
    const subscriptions = await payments.stripe.subscriptions.list({ customer: customerId });
    await payments.emulator.setSubscriptionStatus(subscriptions.data[0]!.id, 'canceled');

    const entry = {
      sessionId: 'fall',
      teamName: 'Stats Team',
      teeTimeDay: 'wednesday',
      teeTimeSlot: '8pm',
      player1FirstName: 'Cy',
      player1LastName: 'Dee',
      player1Email: 'cy@example.com',
      player1Phone: '6085550003',
      player2FirstName: 'Ed',
      player2LastName: 'Fox',
      player2Email: 'ed@example.com',
      player2Phone: '6085550004',
    };
    const paid = await (await register(apiRequest('/api/league-registration-multi', { body: { sessionRegistrations: [entry, { ...entry, sessionId: 'winter' }] } }))).json();
    await payments.emulator.completeCheckout(paid.checkoutUrl.split('/').at(-1), { email: 'cy@example.com' });
    await register(apiRequest('/api/league-registration-multi', { body: { sessionRegistrations: [{ ...entry, sessionId: 'spring', teamName: 'Unpaid' }] } }));

    const bridge = await useCountingBridge();
    let stats;
    try {
      const before = bridge.requestCount;
      const response = await databaseStats(apiRequest('/api/admin/database-stats', { cookie }));
      expect(response.status).toBe(200);
      stats = await response.json();
      expect(bridge.requestCount - before).toBeLessThanOrEqual(2);
    } finally {
      await bridge.close();
    }
    expect(stats).toMatchObject({ totalRegistrations: 3, totalCustomers: 2, activeSubscriptions: 1, totalRevenue: 1400 });
    expect(stats.recentRegistrations).toHaveLength(3);
    expect(stats.recentRegistrations[0]).toEqual({
      teamName: 'Unpaid',
      player1: 'Cy Dee',
      player2: 'Ed Fox',
      teeTime: 'wednesday-8pm',
      sessions: ['spring'],
      registeredAt: expect.any(String),
      sessionId: 'spring',
    });
    expect(stats.recentCustomers).toEqual([
      { name: 'Member stats2@example.com', email: 'stats2@example.com', subscriptions: 1, created: expect.any(Number) },
      { name: 'Member stats1@example.com', email: 'stats1@example.com', subscriptions: 1, created: expect.any(Number) },
    ]);
  });

  it('answers 502 when Stripe fails and 503 when the store is down', async () => {
    const cookie = await adminCookie();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    payments.emulator.setOutage(true);
    try {
      expect((await members(apiRequest('/api/admin/members', { cookie }))).status).toBe(502);
      expect((await databaseStats(apiRequest('/api/admin/database-stats', { cookie }))).status).toBe(502);
    } finally {
      payments.emulator.setOutage(false);
    }
    await useDeadStore();
    expect((await databaseStats(apiRequest('/api/admin/database-stats', { cookie }))).status).toBe(503);
  });
});
