import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import adminRegistrationsFunction, { config as adminRegistrationsConfig } from '../../netlify/functions/admin-league-registrations';
import { routed } from '../support/function-context';
import checkoutSessionFunction, { config as checkoutSessionConfig } from '../../netlify/functions/checkout-session';
import register from '../../netlify/functions/league-registration-multi';
import leagueAvailability from '../../netlify/functions/league-availability';
import { FIXTURE_FALL_CLOSES } from '../support/league-fixture';
import stripeWebhook from '../../netlify/functions/stripe-webhook';
import { league } from '../../src/features/league/catalogue';
import { ADMIN_TEST_PASSWORD, adminCookie, apiRequest, clearStore, restoreStoreEnv, useCountingBridge, useDeadStore, withRedis } from './api-helpers';
import { checkoutEvent, signedWebhook, startPaymentsHarness, useDeadStripe, type PaymentsHarness } from './payments-harness';
import { sandTrappersEntry } from '../support/sample-requests';

const adminRegistrations = routed(adminRegistrationsFunction, adminRegistrationsConfig);

const checkoutSession = routed(checkoutSessionFunction, checkoutSessionConfig);

const entry = sandTrappersEntry;

const submit = (sessionRegistrations: unknown) => register(apiRequest('/api/league-registration-multi', { body: { sessionRegistrations } }));

let payments: PaymentsHarness;
let cookie = '';

async function listed() {
  const response = await adminRegistrations(apiRequest('/api/admin/league-registrations', { cookie }));
  return (await response.json()) as Record<string, unknown>[];
}

function sessionIdOf(checkoutUrl: string): string {
  return checkoutUrl.split('/').at(-1)!;
}

describe('POST /api/league-registration-multi', () => {
  beforeAll(async () => {
    payments = await startPaymentsHarness();
  });
  afterAll(async () => payments.close());
  beforeEach(async () => {
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    payments.useEnv();
    await clearStore();
    cookie = await adminCookie();
  });
  afterEach(() => {
    restoreStoreEnv();
    vi.restoreAllMocks();
  });

  it('stores one pending registration per session and answers the Checkout URL (payment mode, 700 per session)', async () => {
    const response = await submit([entry('winter', { teeTimeDay: 'tuesday', teeTimeSlot: '8pm' }), entry('fall')]);
    expect(response.status).toBe(200);
    const { checkoutUrl } = await response.json();
    expect(checkoutUrl).toMatch(new RegExp(`^${payments.emulator.url}/checkout/cs_`));

    const session = await payments.stripe.checkout.sessions.retrieve(sessionIdOf(checkoutUrl), { expand: ['line_items'] });
    expect(session.mode).toBe('payment');
    expect(session.amount_total).toBe(140000);
    expect(session.line_items?.data.map((line) => line.amount_total)).toEqual([70000, 70000]);
    expect(session.metadata).toMatchObject({ sessions: 'fall,winter', teeTime: 'monday-6pm,tuesday-8pm' });
    expect(session.success_url).toBe('http://localhost:8888/league-success?session_id={CHECKOUT_SESSION_ID}');
    expect(session.cancel_url).toBe('http://localhost:8888/league-registration');

    const stored = await listed();
    expect(stored).toHaveLength(2);
    const fall = stored.find((item) => (item['sessions'] as string[])[0] === 'fall')!;
    expect(fall).toMatchObject({
      teamName: 'Sand Trappers',
      player1: 'Ann Lee',
      player2: 'Bo Park',
      player1Contact: 'ann@example.com | 608-555-0001',
      player2Contact: 'bo@example.com | 608-555-0002',
      teeTime: 'monday-6pm',
      sessions: ['fall'],
      amount: '70000',
      paymentStatus: 'pending',
      checkoutSessionId: session.id,
    });
    expect(Date.parse(fall['registeredAt'] as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(session.metadata?.['registrationIds']?.split(',').sort()).toEqual(stored.map((item) => item['id']).sort());
  });

  it('moves the registrations to completed when the signed webhook arrives; the lookup answers what the success page reads', async () => {
    const { checkoutUrl } = await (await submit([entry('fall'), entry('spring')])).json();
    const id = sessionIdOf(checkoutUrl);
    const before = payments.webhookAnswers.length;
    await payments.emulator.completeCheckout(id, { email: 'ann@example.com', name: 'Ann Lee' });
    expect(payments.webhookAnswers.slice(before).every((status) => status === 200)).toBe(true);
    expect((await listed()).map((item) => item['paymentStatus'])).toEqual(['completed', 'completed']);

    const lookup = await checkoutSession(apiRequest(`/api/checkout-session/${id}`));
    expect(lookup.status).toBe(200);
    const body = await lookup.json();
    // Payment-mode Checkout creates no customer unless asked to (Stripe's default): null, as Stripe answers.
    expect(body).toEqual({
      customer: null,
      metadata: { sessions: 'fall,spring', teeTime: 'monday-6pm', membershipTier: null, billingTerm: null },
    });
  });

  it('answers every validation rule with the spec message, keyed per entry', async () => {
    const response = await submit([
      entry('fall'),
      entry('winter', {
        teeTimeDay: '',
        teeTimeSlot: '',
        player1FirstName: '',
        player1LastName: '',
        player1Email: 'x',
        player1Phone: '123',
        player2FirstName: '',
        player2LastName: '',
        player2Email: '',
        player2Phone: '',
      }),
    ]);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe('Please select a day');
    expect(body.fields).toEqual({
      'sessionRegistrations.1.teeTimeDay': 'Please select a day',
      'sessionRegistrations.1.teeTimeSlot': 'Please select a time',
      'sessionRegistrations.1.player1FirstName': 'First name is required',
      'sessionRegistrations.1.player1LastName': 'Last name is required',
      'sessionRegistrations.1.player1Email': 'Valid email is required',
      'sessionRegistrations.1.player1Phone': 'Valid phone number is required',
      'sessionRegistrations.1.player2FirstName': 'First name is required',
      'sessionRegistrations.1.player2LastName': 'Last name is required',
      'sessionRegistrations.1.player2Email': 'Valid email is required',
      'sessionRegistrations.1.player2Phone': 'Valid phone number is required',
    });
    const none = await submit([]);
    expect([none.status, await none.json()]).toEqual([
      400,
      { error: 'Please select at least one session.', fields: { sessionRegistrations: 'Please select at least one session.' } },
    ]);
    const unknown = await submit([entry('summer')]);
    expect([unknown.status, (await unknown.json()).error]).toEqual([400, 'Unknown league session']);
    const duplicate = await submit([entry('fall'), entry('fall')]);
    expect([duplicate.status, (await duplicate.json()).error]).toEqual([400, 'Each session can be registered once.']);
    const malformed = await register(apiRequest('/api/league-registration-multi', { rawBody: '{' }));
    expect(malformed.status).toBe(400);
    const huge = await submit([entry('fall', { teamName: 'x'.repeat(40_000) })]);
    expect(huge.status).toBe(413);
    expect((await register(apiRequest('/api/league-registration-multi'))).status).toBe(405);
    expect(await listed()).toEqual([]);
  });

  it('refuses a session switched off with 409', async () => {
    const winter = league.sessions.find((session) => session.id === 'winter')!;
    winter.open = false;
    try {
      const response = await submit([entry('fall'), entry('winter')]);
      expect([response.status, await response.json()]).toEqual([409, { error: 'Registration for the Winter Session is closed. Please choose another session.' }]);
    } finally {
      winter.open = true;
    }
    expect(await listed()).toEqual([]);
  });

  it('refuses a session after its closing time with 409 naming it, and takes it until then', async () => {
    const calendar = process.env['CALENDAR_NOW'];
    try {
      // The fall session's first round day, Monday, September 29, 2025, ends at midnight CDT.
      process.env['CALENDAR_NOW'] = FIXTURE_FALL_CLOSES.toISOString();
      const late = await submit([entry('winter'), entry('fall')]);
      expect([late.status, await late.json()]).toEqual([409, { error: 'Registration for the Fall Session is closed. Please choose another session.' }]);
      expect(await listed()).toEqual([]);
      // The availability answer reads the same clock and says the same.
      const availability = await (await leagueAvailability(apiRequest('/api/league-availability'))).json();
      expect(availability.sessions.map((session: { id: string; open: boolean }) => [session.id, session.open])).toEqual([
        ['fall', false],
        ['winter', true],
        ['spring', true],
      ]);

      process.env['CALENDAR_NOW'] = new Date(FIXTURE_FALL_CLOSES.getTime() - 1).toISOString();
      const inTime = await submit([entry('fall')]);
      expect(inTime.status).toBe(200);
      expect((await listed()).map((item) => item['sessions'])).toEqual([['fall']]);
    } finally {
      process.env['CALENDAR_NOW'] = calendar;
    }
  });

  it('refuses a tee time at capacity with 409; expired checkouts free their place', async () => {
    league.teeTimes.capacityPerTeeTime = 1;
    try {
      const first = await (await submit([entry('fall')])).json();
      const full = await submit([entry('fall', { teamName: 'Late Team' })]);
      expect([full.status, await full.json()]).toEqual([409, { error: 'The Monday 6:00 PM tee time of the Fall Session is full. Please choose another tee time.' }]);
      expect((await submit([entry('fall', { teeTimeSlot: '8pm' })])).status).toBe(200);
      await payments.emulator.expireCheckout(sessionIdOf(first.checkoutUrl));
      expect((await submit([entry('fall', { teamName: 'Now Fits' })])).status).toBe(200);
    } finally {
      delete league.teeTimes.capacityPerTeeTime;
    }
  });

  it('costs at most 2 store round trips', async () => {
    const bridge = await useCountingBridge();
    try {
      const before = bridge.requestCount;
      expect((await submit([entry('fall'), entry('winter'), entry('spring')])).status).toBe(200);
      expect(bridge.requestCount - before).toBeLessThanOrEqual(2);
    } finally {
      await bridge.close();
    }
  });

  it('answers 502 with an actionable message when Stripe is down, leaving nothing stored', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await useDeadStripe();
    const response = await submit([entry('fall')]);
    expect([response.status, await response.json()]).toEqual([502, { error: 'Payment service is unavailable. Please try again in a few minutes.' }]);
    payments.useEnv();
    payments.emulator.setOutage(true);
    try {
      expect((await submit([entry('fall'), entry('winter', { teeTimeSlot: '8pm' })])).status).toBe(502);
    } finally {
      payments.emulator.setOutage(false);
    }
    expect(await listed()).toEqual([]);
    // Not even in the capacity sets (league:slot:*): nothing of the attempt is left.
    expect(await withRedis((client) => client.keys('league:*'))).toEqual([]);
  });

  it('answers 503 when the store is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await useDeadStore();
    const response = await submit([entry('fall')]);
    expect([response.status, await response.json()]).toEqual([503, { error: 'The service is temporarily unavailable. Please try again in a few minutes.' }]);
  });
});

describe('POST /api/stripe-webhook for league payments', () => {
  beforeAll(async () => {
    payments = await startPaymentsHarness();
  });
  afterAll(async () => payments.close());
  beforeEach(async () => {
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    payments.useEnv();
    await clearStore();
    cookie = await adminCookie();
  });
  afterEach(() => {
    restoreStoreEnv();
    vi.restoreAllMocks();
  });

  const statuses = async () => (await listed()).map((item) => item['paymentStatus']);

  it('refuses a missing or wrong signature with 400 and changes nothing', async () => {
    const { checkoutUrl } = await (await submit([entry('fall')])).json();
    const event = checkoutEvent('checkout.session.completed', sessionIdOf(checkoutUrl));
    const unsigned = await stripeWebhook(new Request('http://localhost/api/stripe-webhook', { method: 'POST', body: JSON.stringify(event) }));
    expect([unsigned.status, await unsigned.json()]).toEqual([400, { error: 'Missing Stripe-Signature header.' }]);
    const forged = await stripeWebhook(signedWebhook(event, 'whsec_not_the_secret'));
    expect([forged.status, await forged.json()]).toEqual([400, { error: 'Invalid webhook signature.' }]);
    const request = signedWebhook(event, payments.emulator.webhookSecret);
    const tampered = new Request(request.url, { method: 'POST', headers: request.headers, body: (await request.text()).replace('completed', 'expired') });
    expect((await stripeWebhook(tampered)).status).toBe(400);
    expect(await statuses()).toEqual(['pending']);
    expect(await withRedis((client) => client.keys('stripe:event:*'))).toEqual([]);
  });

  it('acknowledges a signed checkout event naming a session Stripe does not know (nothing to retry), and refuses a signed non-event', async () => {
    await submit([entry('fall')]);
    for (const sessionId of ['cs_test_made_up_by_the_dashboard', '../not-a-session']) {
      const event = checkoutEvent('checkout.session.completed', sessionId);
      const response = await stripeWebhook(signedWebhook(event, payments.emulator.webhookSecret));
      expect([response.status, await response.json()]).toEqual([200, { received: true }]);
      expect(await withRedis((client) => client.get(`stripe:event:${event['id'] as string}`))).toBe('done');
    }
    const notAnEvent = await stripeWebhook(signedWebhook({ ...checkoutEvent('checkout.session.completed', 'cs_x'), data: { object: null } }, payments.emulator.webhookSecret));
    expect([notAnEvent.status, await notAnEvent.json()]).toEqual([400, { error: 'Invalid webhook event.' }]);
    expect(await statuses()).toEqual(['pending']);
  });

  it('processes each event once: a resent event answers duplicate', async () => {
    const { checkoutUrl } = await (await submit([entry('fall')])).json();
    const events = (await payments.emulator.completeCheckout(sessionIdOf(checkoutUrl), { email: 'ann@example.com' })).events;
    const completed = events.find((event) => event.type === 'checkout.session.completed')!;
    const direct = await stripeWebhook(signedWebhook(completed, payments.emulator.webhookSecret));
    expect([direct.status, await direct.json()]).toEqual([200, { received: true, duplicate: true }]);
    const resent = await payments.emulator.resendEvent(completed.id);
    expect(resent?.status).toBe(200);
    expect(await withRedis((client) => client.get(`stripe:event:${completed.id}`))).toBe('done');
    expect(await statuses()).toEqual(['completed']);
  });

  it('is correct whatever the order: a late expired or pending event never undoes completed', async () => {
    const { checkoutUrl } = await (await submit([entry('fall')])).json();
    const id = sessionIdOf(checkoutUrl);
    await payments.emulator.completeCheckout(id, { email: 'ann@example.com' });
    for (const type of ['checkout.session.expired', 'checkout.session.async_payment_failed', 'checkout.session.completed']) {
      const response = await stripeWebhook(signedWebhook(checkoutEvent(type, id), payments.emulator.webhookSecret));
      expect(response.status).toBe(200);
    }
    expect(await statuses()).toEqual(['completed']);
  });

  it('handles delayed payments: pending, then failed; a replayed completed event does not revive it', async () => {
    const { checkoutUrl } = await (await submit([entry('fall')])).json();
    const id = sessionIdOf(checkoutUrl);
    const { events } = await payments.emulator.completeCheckout(id, { email: 'ann@example.com', payment: 'delayed' });
    expect(await statuses()).toEqual(['pending']);
    await payments.emulator.settleAsyncPayment(id, 'failed');
    expect(await statuses()).toEqual(['failed']);
    const completed = events.find((event) => event.type === 'checkout.session.completed')!;
    const replay = await stripeWebhook(signedWebhook({ ...completed, id: `${completed.id}_replay` }, payments.emulator.webhookSecret));
    expect(replay.status).toBe(200);
    expect(await statuses()).toEqual(['failed']);
  });

  it('handles a delayed payment that succeeds, and an expired checkout', async () => {
    const paid = await (await submit([entry('fall')])).json();
    await payments.emulator.completeCheckout(sessionIdOf(paid.checkoutUrl), { email: 'ann@example.com', payment: 'delayed' });
    await payments.emulator.settleAsyncPayment(sessionIdOf(paid.checkoutUrl), 'succeeded');
    const abandoned = await (await submit([entry('winter')])).json();
    await payments.emulator.expireCheckout(sessionIdOf(abandoned.checkoutUrl));
    const byStatus = Object.fromEntries((await listed()).map((item) => [(item['sessions'] as string[])[0], item['paymentStatus']]));
    expect(byStatus).toEqual({ fall: 'completed', winter: 'expired' });
  });

  it('does not bring back a registration the admin deleted', async () => {
    const { checkoutUrl } = await (await submit([entry('fall')])).json();
    const [registration] = await listed();
    await adminRegistrations(apiRequest(`/api/admin/league-registrations/${registration!['id']}`, { method: 'DELETE', cookie }));
    await payments.emulator.completeCheckout(sessionIdOf(checkoutUrl), { email: 'ann@example.com' });
    expect(await listed()).toEqual([]);
    expect(await withRedis((client) => client.hGetAll('league:status'))).toEqual({});
  });

  it('records subscription events for audit and acknowledges unrelated events, in at most 2 round trips', async () => {
    const bridge = await useCountingBridge();
    try {
      const subscriptionEvent = {
        id: 'evt_sub_audit_1',
        object: 'event',
        type: 'customer.subscription.deleted',
        created: 1_700_000_000,
        data: { object: { id: 'sub_123', object: 'subscription', customer: 'cus_123', status: 'canceled' } },
      };
      const before = bridge.requestCount;
      const response = await stripeWebhook(signedWebhook(subscriptionEvent, payments.emulator.webhookSecret));
      expect([response.status, await response.json()]).toEqual([200, { received: true }]);
      expect(bridge.requestCount - before).toBeLessThanOrEqual(2);
      const audit = await withRedis((client) => client.lRange('stripe:audit', 0, -1));
      expect(JSON.parse(audit[0]!)).toMatchObject({ event: 'evt_sub_audit_1', type: 'customer.subscription.deleted', subscription: 'sub_123', status: 'canceled' });
      const other = await stripeWebhook(signedWebhook({ ...subscriptionEvent, id: 'evt_other_1', type: 'invoice.paid' }, payments.emulator.webhookSecret));
      expect(other.status).toBe(200);

      const { checkoutUrl } = await (await submit([entry('fall')])).json();
      const checkout = checkoutEvent('checkout.session.expired', sessionIdOf(checkoutUrl));
      await payments.emulator.expireCheckout(sessionIdOf(checkoutUrl));
      const beforeCheckout = bridge.requestCount;
      expect((await stripeWebhook(signedWebhook(checkout, payments.emulator.webhookSecret))).status).toBe(200);
      expect(bridge.requestCount - beforeCheckout).toBeLessThanOrEqual(2);
    } finally {
      await bridge.close();
    }
  });

  it('answers 502 when Stripe cannot be reached and lets Stripe retry the event', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { checkoutUrl } = await (await submit([entry('fall')])).json();
    await payments.emulator.completeCheckout(sessionIdOf(checkoutUrl), { email: 'ann@example.com' });
    const event = checkoutEvent('checkout.session.completed', sessionIdOf(checkoutUrl));
    await useDeadStripe();
    expect((await stripeWebhook(signedWebhook(event, payments.emulator.webhookSecret))).status).toBe(502);
    payments.useEnv();
    const retry = await stripeWebhook(signedWebhook(event, payments.emulator.webhookSecret));
    expect([retry.status, await retry.json()]).toEqual([200, { received: true }]);
  });

  it('answers 503 when the store is down (Stripe retries later)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await useDeadStore();
    const response = await stripeWebhook(signedWebhook(checkoutEvent('checkout.session.completed', 'cs_test_x'), payments.emulator.webhookSecret));
    expect(response.status).toBe(503);
  });
});
