// The customer's side of an event quote against the real store and the Stripe emulator: the signed
// link's page, the deposit paid through Checkout and confirmed by the verified webhook (the hold
// becomes a booking, the request confirmed, the confirmation with its .ics and staff's notice
// queued), quotes that cannot be paid, a payment after the spaces were taken refunded in full,
// Stripe down changing nothing, and expiry by the reconciler.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import quoteFunction, { config as quoteFunctionConfig } from '../../netlify/functions/event-quote';
import adminQuotesFunction, { config as adminQuotesConfig } from '../../netlify/functions/admin-event-quotes';
import type { StoredQuote } from '../../src/features/event-requests/quote-record';
import { cancelEvent, changeConfirmed } from '../../src/features/event-requests/server/quote-changes';
import { addDays, localInstant } from '../../src/features/bay-booking/rules/local-time';
import { bayBooking } from '../../src/features/bay-booking/catalogue';
import sendEventRequest from '../../netlify/functions/event-request';
import type { CustomerQuote } from '../../src/features/event-requests/contract/event-quote';
import { quoteConfig } from '../../src/features/event-requests/quote-catalogue';
import { eventPayments, QUOTE_GRACE_MS } from '../../src/features/event-requests/server/paid-product';
import { readQuote } from '../../src/features/event-requests/server/quote-store';
import { expireLapsedQuotes, quoteToken, sendQuote, withdrawQuote } from '../../src/features/event-requests/server/quotes';
import { holdForGuest } from '../../src/features/bay-booking/server/booking';
import { paidProducts } from '../../src/features/paid-products';
import { reconcilePayments } from '../../src/shared/payments/reconcile';
import type { MailMessage } from '../../src/shared/mail/message';
import { renderMessage } from '../../src/shared/mail/render';
import { venueDate } from '../../src/domain/venue-calendar';
import { rebuildReports } from '../../src/features/reports/server/rebuild';
import { clearReports, reportDays, withoutZeros } from './report-helpers';
import { routed } from '../support/function-context';
import { nextBookableDay } from '../support/bay-dates';
import { SAMPLE_EVENT_REQUEST } from '../support/sample-requests';
import { ADMIN_TEST_PASSWORD, adminCookie, apiRequest, clearStore, ORIGIN, restoreStoreEnv, useCountingBridge, withRedis } from './api-helpers';
import { startPaymentsHarness, useDeadStripe, type PaymentsHarness } from './payments-harness';

const customer = routed(quoteFunction, quoteFunctionConfig);
const adminQuotes = routed(adminQuotesFunction, adminQuotesConfig);
const friday = nextBookableDay('Friday');
/** A Friday more than the policy's 7 days ahead (headcount and full refund still open), no blackout. */
const farFriday = (() => {
  let date = addDays(friday, 14);
  while (bayBooking.blackouts.some((blackout) => blackout.date === date)) date = addDays(date, 7);
  return date;
})();
const guest = { name: 'Robin Fairway', email: 'robin@example.com', phone: '608-555-0142' };
const draft = { date: friday, start: '18:00', end: '21:00', spaces: ['bay-6', 'bunker'], guests: 30, packages: [{ id: 'front-nine', guests: 30 }], extras: [] };

async function quoted(now = Date.now(), change: Partial<typeof draft> = {}) {
  const response = await sendEventRequest(apiRequest('/api/event-booking', { body: { ...SAMPLE_EVENT_REQUEST, eventDate: friday } }), { ip: '198.51.100.41' });
  const { id } = (await response.json()) as { id: string };
  const { saved } = await sendQuote(quoteConfig, id, { ...draft, ...change }, ORIGIN, now);
  return { id, token: quoteToken(id), saved };
}

const view = async (id: string, token: string) => {
  const response = await customer(apiRequest(`/api/event-quote/${id}/${token}`));
  return [response.status, await response.json()] as [number, CustomerQuote & { error?: string }];
};
const pay = (id: string, token: string, purpose = 'deposit') => customer(apiRequest(`/api/event-quote/${id}/${token}/pay`, { method: 'POST', body: { purpose } }));
const queuedMessage = async (key: string) => (JSON.parse((await withRedis((client) => client.get(`mail:msg:${key}`)))!) as { message: MailMessage }).message;
const sessionOf = (url: string) => url.split('/').at(-1)!;

describe('the customer’s quote', () => {
  let payments: PaymentsHarness;
  beforeAll(async () => {
    payments = await startPaymentsHarness();
  });
  afterAll(async () => payments.close());
  beforeEach(async () => {
    payments.useEnv();
    await clearStore();
  });
  afterEach(() => restoreStoreEnv());

  it('quote → tentative hold → deposit paid → booking: the request is confirmed, the customer gets the confirmation with an .ics, staff a notice', async () => {
    const { id, token, saved } = await quoted();
    const [status, before] = await view(id, token);
    expect(status).toBe(200);
    expect(before).toMatchObject({ status: 'sent', payable: 'deposit', guests: 30, spaces: 'Bay 6, The Bunker VIP', totalCents: saved.quote.totalCents, depositCents: saved.quote.depositCents, notice: null });
    expect(before.terms[0]).toMatch(/refunded in full/);
    const sentKey = (await withRedis((client) => client.hKeys('mail:status'))).find((key) => key.startsWith(`event-quote-sent:${id}:`))!;
    const sent = renderMessage(await queuedMessage(sentKey));
    expect(sent.html).toContain(`${ORIGIN}/events/quote?quote=${id}&amp;token=${token}`);

    const response = await pay(id, token);
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const session = await payments.stripe.checkout.sessions.retrieve(sessionOf(url));
    expect(session).toMatchObject({ mode: 'payment', amount_total: saved.quote.depositCents, metadata: { kind: 'event-deposit', quoteId: id, purpose: 'deposit' } });
    // Asked again while open: the same page.
    expect(((await (await pay(id, token)).json()) as { url: string }).url).toBe(url);

    await payments.emulator.completeCheckout(session.id, { email: SAMPLE_EVENT_REQUEST.email });
    const record = (await readQuote(id))!;
    expect(record).toMatchObject({ status: 'confirmed', holdUntil: 0, depositPaidCents: saved.quote.depositCents });
    expect(await withRedis((client) => client.mGet(record.slots))).toEqual(record.slots.map(() => `event-${id}|0`));
    expect(JSON.parse((await withRedis((client) => client.get(`events:req:${id}`)))!)).toMatchObject({ status: 'confirmed' });
    const confirmation = await queuedMessage(`event-deposit-confirmed:${id}`);
    expect(confirmation.to).toEqual([SAMPLE_EVENT_REQUEST.email]);
    expect(confirmation.attachments?.[0]?.content).toContain(`DTSTART;TZID=America/Chicago:${friday.replace(/-/g, '')}T180000`);
    expect((await queuedMessage(`event-deposit-staff:${id}`)).subject).toMatch(/^Event deposit paid/);
    const [, after] = await view(id, token);
    expect(after).toMatchObject({ status: 'confirmed', payable: 'balance', balanceDueCents: saved.quote.totalCents - saved.quote.depositCents, notice: 'Your event is confirmed.' });
    await expect(holdForGuest({ date: friday, start: '19:00', lengthMinutes: 60, partySize: 10, bayType: 'large', ...guest }, null, Date.now(), { origin: ORIGIN, client: null })).rejects.toMatchObject({ status: 409 });
  });

  it('confirms a paid deposit in one round trip, with the messages prepared when the customer started paying', async () => {
    const { id, token, saved } = await quoted();
    const { url } = (await (await pay(id, token)).json()) as { url: string };
    expect(await readQuote(id)).not.toHaveProperty('depositMessages');
    // Paid with no webhook sent: the settlement is called here, on a store that counts its round trips.
    payments.emulator.webhookUrl = undefined;
    try {
      await payments.emulator.completeCheckout(sessionOf(url), { email: SAMPLE_EVENT_REQUEST.email });
    } finally {
      payments.emulator.webhookUrl = payments.webhookUrl;
    }
    const session = await payments.stripe.checkout.sessions.retrieve(sessionOf(url));
    const bridge = await useCountingBridge();
    let settled;
    try {
      const before = bridge.requestCount;
      settled = await eventPayments.settle!(session, { trigger: 'checkout.session.completed', done: { key: 'stripe:event:evt_counted', ttlSeconds: 60 }, now: Date.now() });
      expect(bridge.requestCount - before).toBe(1);
    } finally {
      await bridge.close();
      restoreStoreEnv();
    }
    expect(settled).toEqual({ changed: 1, queued: [`event-deposit-confirmed:${id}`, `event-deposit-staff:${id}`], markedDone: true });
    expect(await withRedis((client) => client.get('stripe:event:evt_counted'))).toBe('done');
    expect(await readQuote(id)).toMatchObject({ status: 'confirmed', depositPaidCents: saved.quote.depositCents });
    expect(JSON.parse((await withRedis((client) => client.get(`events:quote:${id}`)))!)).not.toHaveProperty('depositMessages');
    const confirmation = await queuedMessage(`event-deposit-confirmed:${id}`);
    expect([confirmation.to, confirmation.subject]).toEqual([[SAMPLE_EVENT_REQUEST.email], expect.stringMatching(/^Your event is confirmed/)]);
    expect(renderMessage(confirmation).text).toContain(`${ORIGIN}/events/quote?quote=${id}&token=${token}`);
  });

  it('confirms a session paid for a version re-quoted since with messages built from the record', async () => {
    const { id, token } = await quoted();
    const { url } = (await (await pay(id, token)).json()) as { url: string };
    const { saved: second } = await sendQuote(quoteConfig, id, { ...draft, guests: 20, packages: [{ id: 'front-nine', guests: 20 }] }, ORIGIN, Date.now());
    expect(second.version).toBe(2);
    await payments.emulator.completeCheckout(sessionOf(url), { email: SAMPLE_EVENT_REQUEST.email });
    expect(await readQuote(id)).toMatchObject({ status: 'confirmed', version: 2 });
    const facts = renderMessage(await queuedMessage(`event-deposit-confirmed:${id}`)).text;
    expect(facts).toContain('Guests: 20');
    expect((await queuedMessage(`event-deposit-staff:${id}`)).subject).toMatch(/^Event deposit paid/);
  });

  it('refuses a tampered link (404), and paying a withdrawn or expired quote (409), changing nothing', async () => {
    const { id, token } = await quoted();
    expect((await view(id, `${token.slice(0, -1)}x`))[0]).toBe(404);
    expect((await pay(id, 'x'.repeat(32))).status).toBe(404);
    expect((await pay(id, token, 'everything')).status).toBe(400);
    await withdrawQuote(id, '', Date.now());
    const refused = await pay(id, token);
    expect([refused.status, await refused.json()]).toEqual([409, { error: 'This quote was withdrawn and can no longer be paid. Please contact us.' }]);
    expect((await view(id, token))[1]).toMatchObject({ status: 'withdrawn', payable: null, notice: 'This quote was withdrawn and can no longer be paid. Please contact us.' });
    expect((await readQuote(id))!.checkoutSessionId).toBeUndefined();

    const lapsing = await quoted(Date.now() - 7 * 24 * 3_600_000 + 60_000);
    expect((await pay(lapsing.id, lapsing.token)).status).toBe(200);
    const expired = await quoted(Date.now() - 7 * 24 * 3_600_000 - 1_000, { spaces: ['back-9-lounge'] });
    expect((await pay(expired.id, expired.token)).status).toBe(409);
  });

  it('tells the customer to try again when Stripe is down, and stores nothing', async () => {
    const { id, token } = await quoted();
    const before = await withRedis((client) => client.get(`events:quote:${id}`));
    await useDeadStripe();
    const response = await pay(id, token);
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: string }).error).toMatch(/try again/i);
    expect(await withRedis((client) => client.get(`events:quote:${id}`))).toBe(before);
  });

  it('refunds in full a deposit paid after the hold was released and a space taken, and tells staff', async () => {
    const { id, token, saved } = await quoted();
    const { url } = (await (await pay(id, token)).json()) as { url: string };
    // The hold lapses (its half hours released) before the reconciler asks Stripe; a visitor takes bay 6 meanwhile.
    expect(await expireLapsedQuotes(saved.holdUntil, saved.holdUntil)).toEqual({ sessions: [sessionOf(url)], changed: 1 });
    expect((await holdForGuest({ date: friday, start: '19:00', lengthMinutes: 60, partySize: 10, bayType: 'large', ...guest }, null, Date.now(), { origin: ORIGIN, client: null })).record.bayId).toBe('bay-6');
    await payments.emulator.completeCheckout(sessionOf(url), { email: SAMPLE_EVENT_REQUEST.email });
    const record = (await readQuote(id))!;
    expect(record).toMatchObject({ status: 'expired', paidTooLate: true, refundedCents: saved.quote.depositCents, depositPaidCents: 0 });
    expect((await payments.stripe.refunds.list({ payment_intent: record.paymentIntentId! })).data.map((refund) => refund.amount)).toEqual([saved.quote.depositCents]);
    expect((await queuedMessage(`event-deposit-late:${id}:${sessionOf(url)}`)).subject).toMatch(/^Event deposit refunded/);
    expect(await withRedis((client) => client.exists(`mail:msg:event-deposit-confirmed:${id}`))).toBe(0);
    expect((await view(id, token))[1].notice).toMatch(/refunded it in full/);
  });

  it('expires a lapsed quote through the reconciler: its spaces are free again', async () => {
    const { id, saved } = await quoted();
    await reconcilePayments(paidProducts, { now: saved.holdUntil + QUOTE_GRACE_MS + 1 });
    expect(await readQuote(id)).toMatchObject({ status: 'expired', holdUntil: 0 });
    expect(await withRedis((client) => client.mGet(saved.slots))).toEqual(saved.slots.map(() => null));
  });
});

describe('after confirmation', () => {
  let payments: PaymentsHarness;
  let cookie = '';
  beforeAll(async () => {
    payments = await startPaymentsHarness();
  });
  afterAll(async () => payments.close());
  beforeEach(async () => {
    payments.useEnv();
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    await clearStore();
    cookie = await adminCookie();
  });
  afterEach(() => restoreStoreEnv());

  const staff = (id: string, action: string, body: unknown) => adminQuotes(apiRequest(`/api/admin/event-quotes/${id}/${action}`, { method: 'POST', body, cookie }));

  async function confirmed() {
    const made = await quoted(Date.now(), { date: farFriday });
    const { url } = (await (await pay(made.id, made.token)).json()) as { url: string };
    await payments.emulator.completeCheckout(sessionOf(url), { email: SAMPLE_EVENT_REQUEST.email });
    return { ...made, record: (await readQuote(made.id))! };
  }

  it('records the balance paid at the venue, or e-mails a second Checkout link for it; the link shows the current state', async () => {
    const { id, token, record } = await confirmed();
    const due = record.quote.totalCents - record.depositPaidCents;
    const tooMuch = await staff(id, 'balance', { amountCents: due + 1 });
    expect(tooMuch.status).toBe(400);
    const part = (await (await staff(id, 'balance', { amountCents: 10_000, note: 'Cash' })).json()) as StoredQuote;
    expect(part.balancePaidCents).toBe(10_000);
    const linked = await staff(id, 'balance-link', {});
    expect(linked.status).toBe(200);
    const mailKey = (await withRedis((client) => client.hKeys('mail:status'))).find((key) => key.startsWith(`event-balance-link:${id}:`))!;
    expect(renderMessage(await queuedMessage(mailKey)).html).toContain(`/events/quote?quote=${id}&amp;token=${token}`);
    const { url } = (await (await pay(id, token, 'balance')).json()) as { url: string };
    expect((await payments.stripe.checkout.sessions.retrieve(sessionOf(url))).amount_total).toBe(due - 10_000);
    await payments.emulator.completeCheckout(sessionOf(url), { email: SAMPLE_EVENT_REQUEST.email });
    expect((await view(id, token))[1]).toMatchObject({ status: 'confirmed', balanceDueCents: 0, balancePaidCents: due, payable: null });
    expect((await staff(id, 'balance-link', {})).status).toBe(409);
  });

  it('changes the headcount and lines before the deadline, keeping every version; refuses after it and over capacity', async () => {
    const { id, record } = await confirmed();
    const response = await staff(id, 'change', { guests: 25, packages: [{ id: 'front-nine', guests: 25 }], extras: [{ label: 'Cake', amountCents: 6_000 }] });
    const changed = (await response.json()) as StoredQuote;
    expect(response.status).toBe(200);
    expect(changed.quote).toMatchObject({ guests: 25, depositCents: record.quote.depositCents, headcountDue: record.quote.headcountDue });
    expect(changed.quote.totalCents).toBe(record.quote.totalCents - 5 * 4_000 + 6_000);
    expect(changed.history.map((entry) => entry.change)).toEqual(['quoted', 'paid', 'changed']);
    expect(changed.history[0]!.quote!.guests).toBe(30);
    expect((await staff(id, 'change', { guests: 60, packages: [], extras: [] })).status).toBe(400);
    await expect(changeConfirmed(quoteConfig, id, { guests: 20, packages: [], extras: [] }, localInstant(record.quote.headcountDue, 24 * 60))).rejects.toMatchObject({ status: 409 });
  });

  it('cancels with the deposit refunded in full before the policy day, and kept after it unless staff override with a reason', async () => {
    const early = await confirmed();
    const cancelled = (await (await staff(early.id, 'cancel', {})).json()) as StoredQuote;
    expect(cancelled).toMatchObject({ status: 'cancelled', refundedCents: early.record.depositPaidCents });
    expect((await payments.stripe.refunds.list({ payment_intent: early.record.paymentIntentId! })).data.map((refund) => refund.amount)).toEqual([early.record.depositPaidCents]);
    expect(await withRedis((client) => client.mGet(early.record.slots))).toEqual(early.record.slots.map(() => null));
    expect((await view(early.id, early.token))[1]).toMatchObject({ status: 'cancelled', payable: null });

    await clearStore();
    const late = await confirmed();
    const kept = await cancelEvent(late.id, null, late.record.quote.fullRefundUntil);
    expect(kept).toMatchObject({ status: 'cancelled', refundedCents: 0 });
    expect((await payments.stripe.refunds.list({ payment_intent: late.record.paymentIntentId! })).data).toEqual([]);

    await clearStore();
    const overridden = await confirmed();
    expect((await staff(overridden.id, 'cancel', { override: { refundCents: 5_000 } })).status).toBe(400);
    const partial = await cancelEvent(overridden.id, { refundCents: 5_000, reason: 'Weather' }, overridden.record.quote.fullRefundUntil + 1);
    expect(partial).toMatchObject({ status: 'cancelled', refundedCents: 5_000 });
    expect(partial.history.at(-1)).toMatchObject({ change: 'cancelled', note: 'Refund set by staff: Weather' });
  });

  it('keeps the reports in each write’s own step: the funnel, deposits and online balances as revenue, refunds on their day; the rebuild gives the same', async () => {
    const today = venueDate(new Date());
    // Confirmed and then cancelled with its deposit refunded: no longer held.
    const cancelled = await confirmed();
    await staff(cancelled.id, 'cancel', {});
    // Held on its Friday; its deposit and the online part of its balance counted today, not the cash.
    const kept = await confirmed();
    const due = kept.record.quote.totalCents - kept.record.depositPaidCents;
    await staff(kept.id, 'balance', { amountCents: 10_000, note: 'Cash' });
    const { url } = (await (await pay(kept.id, kept.token, 'balance')).json()) as { url: string };
    await payments.emulator.completeCheckout(sessionOf(url), { email: SAMPLE_EVENT_REQUEST.email });
    // A request never quoted.
    await sendEventRequest(apiRequest('/api/event-booking', { body: { ...SAMPLE_EVENT_REQUEST, eventDate: friday } }), { ip: '198.51.100.42' });

    const days = await reportDays();
    const deposits = kept.record.depositPaidCents + cancelled.record.depositPaidCents;
    expect(days[today]).toMatchObject({
      'ev:new': '3',
      'ev:quoted': '2',
      'ev:paid': '2',
      'rev:event-deposit': String(deposits + due - 10_000),
      'ref:event-deposit': String(cancelled.record.depositPaidCents),
    });
    expect(days[farFriday]).toMatchObject({ 'ev:held': '1' });

    expect(await clearReports()).toBeGreaterThan(0);
    await rebuildReports();
    const rebuilt = await reportDays();
    expect(rebuilt).toEqual(withoutZeros(days));
  });
});
