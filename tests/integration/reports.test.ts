import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import adminReports from '../../netlify/functions/admin-reports';
import register from '../../netlify/functions/league-registration-multi';
import membershipCheckout from '../../netlify/functions/membership-checkout';
import stripeWebhook from '../../netlify/functions/stripe-webhook';
import { venueDate } from '../../src/domain/venue-calendar';
import { RANGE_MESSAGES, weekStart } from '../../src/features/reports/rules/range';
import type { Report } from '../../src/features/reports/rules/report';
import { changeBalance } from '../../src/features/gift-cards/server/balance-script';
import { cardFor, issueCard } from '../../src/features/gift-cards/server/issue';
import { rebuildReports } from '../../src/features/reports/server/rebuild';
import { ADMIN_TEST_PASSWORD, adminCookie, apiRequest, clearStore, restoreStoreEnv, withRedis } from './api-helpers';
import { checkoutEvent, signedWebhook, startPaymentsHarness, type PaymentsHarness } from './payments-harness';
import { sampleLeagueEntry } from '../support/sample-requests';
import { clearReports, reportKeys } from './report-helpers';

let payments: PaymentsHarness;
let cookie: string;

const report = async (path: string, withCookie = true) => {
  const [, , , , ...rest] = path.split('/');
  const params = rest[0] === 'dates' ? { from: rest[1]!, to: rest[2]! } : rest[0] === 'range' ? { preset: rest[1]! } : {};
  return adminReports(apiRequest(path, withCookie ? { cookie } : {}), { params });
};

async function payLeague(tag: string, sessions: string[]): Promise<Array<{ id: string }>> {
  const response = await register(apiRequest('/api/league-registration-multi', { body: { sessionRegistrations: sessions.map((session) => sampleLeagueEntry(session, tag)) } }));
  const { checkoutUrl } = (await response.json()) as { checkoutUrl: string };
  const { events } = await payments.emulator.completeCheckout(String(checkoutUrl).split('/').at(-1)!, { email: `ann.${tag}@example.com` });
  return events;
}

async function membershipEvent(type: string, subscription: string): Promise<number> {
  const event = { ...checkoutEvent(type, 'unused'), data: { object: { id: subscription, object: 'subscription', customer: 'cus_unknown', status: 'active', metadata: {} } } };
  return (await stripeWebhook(signedWebhook(event, payments.emulator.webhookSecret))).status;
}

describe('staff reports', () => {
  beforeAll(async () => {
    payments = await startPaymentsHarness();
  });
  afterAll(async () => payments.close());
  beforeEach(async () => {
    payments.useEnv();
    restoreStoreEnv();
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    await clearStore();
    cookie = await adminCookie();
  });

  it('counts a paid league fee on its day in the payment’s own step, once however often the webhook comes', async () => {
    const events = await payLeague('reports-one', ['fall', 'winter']);
    for (const event of events) await payments.emulator.resendEvent(event.id);
    const today = venueDate(new Date());
    const kept = await reportKeys();
    expect(kept[`report:day:${today}`]).toEqual({ 'rev:league': '140000' });

    const answer = await report(`/api/admin/reports/dates/${today}/${today}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toContain('no-store');
    const body = (await answer.json()) as Report;
    // Every registered paid product has its row; only the league took money.
    const none = Object.fromEntries(body.products.map((product) => [product.kind, 0]));
    expect(body.revenue).toEqual([{ week: weekStart(today), captured: { ...none, league: 140000 }, refunded: none, totalCents: 140000 }]);
    expect(body.products.map((product) => product.label)).toEqual(['League fees', 'Bay time', 'Memberships', 'Gift cards sold', 'Event deposits']);
    expect(body.league.find((fill) => fill.sessionId === 'fall')!.teams).toBe(1);
    expect(body.league.find((fill) => fill.sessionId === 'spring')!.teams).toBe(0);
  });

  it('counts memberships started and cancelled by week and active now, in the audit entry’s transaction', async () => {
    expect(await membershipEvent('customer.subscription.created', 'sub_r1')).toBe(200);
    expect(await membershipEvent('customer.subscription.created', 'sub_r2')).toBe(200);
    expect(await membershipEvent('customer.subscription.deleted', 'sub_r1')).toBe(200);
    expect(await membershipEvent('customer.subscription.updated', 'sub_r2')).toBe(200);
    const today = venueDate(new Date());
    const body = (await (await report(`/api/admin/reports/dates/${today}/${today}`)).json()) as Report;
    expect(body.members).toEqual([{ week: weekStart(today), started: 2, cancelled: 1, active: 1 }]);
  });

  it('counts a membership’s first payment, what its Checkout took, as revenue once however often the webhook comes, and rebuilds it', async () => {
    const { sessionId } = await (await membershipCheckout(apiRequest('/api/create-subscription', { body: { membershipTier: 'Bogey', billingTerm: '1-month' } }))).json();
    const { events } = await payments.emulator.completeCheckout(sessionId, { email: 'pat.reports@example.com', name: 'Pat Member' });
    for (const event of events) await payments.emulator.resendEvent(event.id);
    const paid = (await payments.stripe.checkout.sessions.retrieve(sessionId)).amount_total!;
    expect(paid).toBeGreaterThan(0);
    const today = venueDate(new Date());
    const kept = await reportKeys();
    expect(kept[`report:day:${today}`]).toMatchObject({ 'rev:membership': String(paid), 'mem:started': '1' });
    const body = (await (await report(`/api/admin/reports/dates/${today}/${today}`)).json()) as Report;
    expect(body.revenue[0]!.captured['membership']).toBe(paid);

    await clearReports();
    await rebuildReports();
    expect(await reportKeys()).toEqual(kept);
  });

  it('rebuilds from the records exactly the aggregates the writes kept', async () => {
    await payLeague('reports-a', ['fall']);
    await payLeague('reports-b', ['winter', 'spring']);
    // One left unpaid: no revenue for it, now or rebuilt.
    await register(apiRequest('/api/league-registration-multi', { body: { sessionRegistrations: [sampleLeagueEntry('spring', 'reports-unpaid')] } }));
    await membershipEvent('customer.subscription.created', 'sub_k1');
    await membershipEvent('customer.subscription.created', 'sub_k2');
    await membershipEvent('customer.subscription.deleted', 'sub_k2');
    const kept = await reportKeys();
    expect(Object.keys(kept).length).toBeGreaterThan(1);
    await withRedis(async (redis) => {
      for (const key of await redis.keys('report:*')) await redis.del(key);
      // A stray day the records do not explain is dropped by the rebuild.
      await redis.hSet('report:day:2020-01-01', 'rev:bay', '999');
    });
    expect(await rebuildReports()).toEqual({ days: 1, activeMembers: 1 });
    expect(await reportKeys()).toEqual(kept);
  });

  it('keeps gift card sales as revenue and what is owed on them by month of issue, in the balance step, and rebuilds the same', async () => {
    const october = Date.parse('2026-10-30T18:00:00Z');
    const november = Date.parse('2026-11-10T18:00:00Z');
    const card = (id: string, cents: number, at: number) =>
      cardFor({ id, mode: 'payment', status: 'complete', payment_status: 'paid', amount_total: cents, payment_intent: `pi_${id}`, metadata: { kind: 'gift-card', amountCents: String(cents), purchaserName: 'Pat', purchaserEmail: 'pat@example.com', toSelf: '1', recipientName: 'Pat', recipientEmail: 'pat@example.com', message: '', deliverOn: '2026-12-01' } }, at)!;
    const first = card('cs_report_1', 10000, october);
    const second = card('cs_report_2', 5000, november);
    expect((await issueCard(first.card, first.code, null, october)).issued).toBe(true);
    expect((await issueCard(second.card, second.code, null, november)).issued).toBe(true);
    // A replayed session issues and counts nothing.
    expect((await issueCard(first.card, first.code, null, october)).issued).toBe(false);
    // Half of October's card is spent at the venue in November; November's is spent and given back in part.
    expect((await changeBalance({ id: first.card.id, amountCents: -5000, kind: 'debit', note: 'Dinner', reference: '', at: new Date('2026-11-12T18:00:00Z') })).ok).toBe(true);
    expect((await changeBalance({ id: second.card.id, amountCents: -5000, kind: 'debit', note: 'Bay', reference: '', at: new Date('2026-11-13T18:00:00Z') })).ok).toBe(true);
    expect((await changeBalance({ id: second.card.id, amountCents: 2000, kind: 'refund', note: 'Cancelled booking', reference: '', at: new Date('2026-11-14T18:00:00Z') })).ok).toBe(true);

    const body = (await (await report('/api/admin/reports/dates/2026-10-01/2026-11-30')).json()) as Report;
    expect(body.giftCards).toEqual([
      { month: '2026-10', issuedCents: 10000, redeemedCents: 5000, outstandingCents: 5000 },
      { month: '2026-11', issuedCents: 5000, redeemedCents: 3000, outstandingCents: 2000 },
    ]);
    // As of the end of October, nothing was spent yet and November's card did not exist.
    const october31 = (await (await report('/api/admin/reports/dates/2026-10-01/2026-10-31')).json()) as Report;
    expect(october31.giftCards).toEqual([{ month: '2026-10', issuedCents: 10000, redeemedCents: 0, outstandingCents: 10000 }]);
    expect(body.revenue.reduce((sum, week) => sum + (week.captured['gift-card'] ?? 0), 0)).toBe(15000);

    const kept = await reportKeys();
    await clearReports();
    await rebuildReports();
    expect(await reportKeys()).toEqual(kept);
  });

  it('refuses a range that ends before it starts, spans over three years or is not a date, and anyone without a session', async () => {
    for (const [path, field, error] of [
      ['/api/admin/reports/dates/2026-11-02/2026-11-01', 'to', 'The range ends before it starts'],
      ['/api/admin/reports/dates/2020-01-01/2026-01-01', 'to', 'The range spans more than 3 years'],
      ['/api/admin/reports/dates/2026-13-01/2026-12-01', 'from', 'Choose a valid date'],
      ['/api/admin/reports/range/next-year', 'preset', RANGE_MESSAGES.preset],
    ] as const) {
      const answer = await report(path);
      expect(answer.status, path).toBe(400);
      expect(await answer.json()).toEqual({ error, fields: { [field]: error } });
    }
    expect((await report('/api/admin/reports', false)).status).toBe(401);
    const preset = (await (await report('/api/admin/reports/range/this-year')).json()) as Report;
    expect(preset.range.from.endsWith('-01-01')).toBe(true);
    const eight = (await (await report('/api/admin/reports')).json()) as Report;
    expect(eight.revenue).toHaveLength(8);
  });
});
