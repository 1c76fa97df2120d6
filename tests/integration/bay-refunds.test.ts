// Refunds bay bookings owe are durable: the step that cancels writes the owed refund (amount decided
// there from the record as it is then, with its idempotency key); the request pays it, or the scheduled
// run does with backoff until Stripe confirms it; after the last attempt the staff can retry it. A
// guest's cancel racing a staff cancel refunds exactly what the winning record says.
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import reconcileRun from '../../netlify/functions/reconcile-payments';
import hold from '../../netlify/functions/bay-hold';
import adminFunction, { config as adminConfig, NO_FAILED_REFUND } from '../../netlify/functions/admin-bay-bookings';
import { routed } from '../support/function-context';
import type { BayHoldRequest } from '../../src/features/bay-booking/contract/booking-form';
import { bayBooking } from '../../src/features/bay-booking/catalogue';
import { bookingKeys } from '../../src/features/bay-booking/server/booking-keys';
import { cancelBooking } from '../../src/features/bay-booking/server/manage';
import { bayPayments } from '../../src/features/bay-booking/server/paid-product';
import { FAILED_REFUNDS_KEY, REFUNDS_KEY } from '../../src/features/bay-booking/server/refund-step';
import { runBudget } from '../../src/shared/server/run-budget';
import { failedRefunds, payDueRefunds, REFUND_MAX_ATTEMPTS, retryFailedRefund } from '../../src/features/bay-booking/server/refunds';
import { cancelByStaff } from '../../src/features/bay-booking/server/staff';
import { HOLDS_KEY, readBooking, releaseBooking } from '../../src/features/bay-booking/server/store';
import { HOLD_GRACE_MS } from '../../src/features/bay-booking/server/booking';
import { isStripeDown } from '../../src/shared/payments/reconcile';
import { settleThrough } from '../../src/shared/payments/registry';
import { nextBookableDay } from '../support/bay-dates';
import { ADMIN_TEST_PASSWORD, adminCookie, apiRequest, withRedis } from './api-helpers';
import { useBayPayments, cancelAsGuest } from './bay-helpers';

const guest = { name: 'Robin Fairway', email: 'robin@example.com', phone: '608-555-0142' };
const HOUR = 3_600_000;
const harness = useBayPayments();
const admin = routed(adminFunction, adminConfig);

/** A hold through the API: its booking and Checkout session. */
async function held(date: string, start: string, bayType = 'standard'): Promise<{ bookingId: string; sessionId: string }> {
  const body: BayHoldRequest = { date, start, lengthMinutes: 60, partySize: 2, bayType, ...guest };
  const response = await hold(apiRequest('/api/bay-hold', { body }));
  expect(response.status, await response.clone().text()).toBe(200);
  const answer = (await response.json()) as { url: string; bookingId: string };
  return { bookingId: answer.bookingId, sessionId: answer.url.split('/').at(-1)! };
}

/** A booking paid through Checkout. */
async function paid(date: string, start: string): Promise<string> {
  const { bookingId, sessionId } = await held(date, start);
  await harness.payments.emulator.completeCheckout(sessionId, { email: guest.email });
  expect(await readBooking(bookingId)).toMatchObject({ status: 'confirmed' });
  return bookingId;
}

async function refundedAtStripe(bookingId: string): Promise<number[]> {
  const record = (await readBooking(bookingId))!;
  return (await harness.payments.stripe.refunds.list({ payment_intent: record.paymentIntentId! })).data.map((refund) => refund.amount);
}

const queued = (id: string) => withRedis(async (redis) => ({ due: await redis.zScore(REFUNDS_KEY, id), failed: await redis.zScore(FAILED_REFUNDS_KEY, id) }));

async function withOutage<T>(work: () => Promise<T>): Promise<T> {
  harness.payments.emulator.setOutage(true);
  try {
    return await work();
  } finally {
    harness.payments.emulator.setOutage(false);
  }
}

describe('durable bay refunds', () => {

  it('a cancel whose refund fails is cancelled with the refund owed; the scheduled run pays it after its backoff, once', async () => {
    const id = await paid(nextBookableDay('Friday'), '12:00');
    const record = (await readBooking(id))!;
    const amount = record.amountCents;
    const now = Date.now();
    const cancelled = await withOutage(() => cancelAsGuest(record, now));
    expect(cancelled).toMatchObject({ status: 'cancelled', refundedCents: 0, refundOwed: { cents: amount, key: `bay-cancel-${id}`, attempts: 1 } });
    expect((await queued(id)).due).toBeGreaterThan(now);
    expect(await refundedAtStripe(id)).toEqual([]);

    // Not due yet: nothing is tried.
    expect(await payDueRefunds(now + 60_000, runBudget(), isStripeDown)).toEqual({ paid: 0, failed: 0 });
    expect(await payDueRefunds(now + HOUR, runBudget(), isStripeDown)).toEqual({ paid: 1, failed: 0 });
    const after = (await readBooking(id))!;
    expect(after.refundedCents).toBe(amount);
    expect(after.refundOwed).toBeUndefined();
    expect(await queued(id)).toEqual({ due: null, failed: null });
    expect(await payDueRefunds(now + 2 * HOUR, runBudget(), isStripeDown)).toEqual({ paid: 0, failed: 0 });
    expect(await refundedAtStripe(id)).toEqual([amount]);
  });

  it('a payment that meets a taken bay while Stripe is down: cancelled with the refund owed in the same step, paid by a later run', async () => {
    const date = nextBookableDay('Friday');
    const { bookingId, sessionId } = await held(date, '13:00', 'large');
    const record = (await readBooking(bookingId))!;
    await releaseBooking(record.id, bookingKeys(record), { status: 'expired', from: ['held'] });
    await held(date, '13:00', 'large');
    harness.payments.emulator.webhookUrl = undefined;
    await harness.payments.emulator.completeCheckout(sessionId, { email: guest.email });
    harness.payments.emulator.webhookUrl = harness.payments.webhookUrl;
    const session = await harness.payments.stripe.checkout.sessions.retrieve(sessionId);
    const now = Date.now();
    await expect(withOutage(() => settleThrough(bayPayments, session, { trigger: '', done: null, now }))).rejects.toBeTruthy();
    expect(await readBooking(bookingId)).toMatchObject({ status: 'cancelled', paidTooLate: true, refundedCents: 0, refundOwed: { cents: record.amountCents, key: `bay-refund-${bookingId}` } });
    expect(await payDueRefunds(now + HOUR, runBudget(), isStripeDown)).toEqual({ paid: 1, failed: 0 });
    expect(await readBooking(bookingId)).toMatchObject({ refundedCents: record.amountCents });
    expect(await refundedAtStripe(bookingId)).toEqual([record.amountCents]);
  });

  it('backs off after each failure; after the last attempt the refund is listed for the staff, whose retry pays it', async () => {
    const id = await paid(nextBookableDay('Friday'), '14:00');
    const record = (await readBooking(id))!;
    let now = Date.now();
    const gaps: number[] = [];
    await withOutage(async () => {
      expect(await cancelBooking(record, { refund: true }, bayBooking, now)).toMatchObject({ status: 'cancelled', refundOwed: { attempts: 1 } });
      for (let attempt = 2; attempt <= REFUND_MAX_ATTEMPTS; attempt += 1) {
        const due = (await queued(id)).due!;
        gaps.push(due - now);
        expect(await payDueRefunds(due - 1, runBudget(), isStripeDown)).toEqual({ paid: 0, failed: 0 });
        now = due;
        expect(await payDueRefunds(now, runBudget(), isStripeDown)).toEqual({ paid: 0, failed: 1 });
      }
    });
    expect(gaps.every((gap, index) => index === 0 || gap > gaps[index - 1]!)).toBe(true);
    expect((await readBooking(id))!.refundOwed).toMatchObject({ attempts: REFUND_MAX_ATTEMPTS, failed: true, lastError: expect.any(String) });
    expect(await queued(id)).toEqual({ due: null, failed: now });
    expect((await failedRefunds()).map((each) => each.id)).toEqual([id]);
    expect(await payDueRefunds(now + 24 * HOUR, runBudget(), isStripeDown)).toEqual({ paid: 0, failed: 0 });

    // The dashboard lists it; the staff's retry pays it now.
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    const cookie = await adminCookie();
    const listed = await admin(apiRequest('/api/admin/bay-bookings/refunds/failed', { cookie }));
    expect(await listed.json()).toEqual([expect.objectContaining({ bookingId: id, amountCents: record.amountCents, attempts: REFUND_MAX_ATTEMPTS, lastError: expect.stringContaining('outage') })]);
    const retried = await admin(apiRequest(`/api/admin/bay-bookings/refunds/${id}/retry`, { method: 'POST', cookie }));
    expect([retried.status, await retried.json()]).toEqual([200, { ok: true }]);
    const again = await admin(apiRequest(`/api/admin/bay-bookings/refunds/${id}/retry`, { method: 'POST', cookie }));
    expect([again.status, await again.json()]).toEqual([404, { error: NO_FAILED_REFUND }]);
    expect(await retryFailedRefund(id, now)).toBe(false);
    expect((await readBooking(id))!.refundedCents).toBe(record.amountCents);
    expect(await refundedAtStripe(id)).toEqual([record.amountCents]);
    expect(await failedRefunds()).toEqual([]);
    expect(await (await admin(apiRequest('/api/admin/bay-bookings/refunds/failed', { cookie }))).json()).toEqual([]);
  });

  it('a guest cancel racing a staff cancel without refund refunds exactly what the winning record says', async () => {
    const date = nextBookableDay('Friday');
    // The guest's request read the booking before the staff cancelled it without refund: nothing is refunded.
    const stale = await paid(date, '15:00');
    const staleRecord = (await readBooking(stale))!;
    await cancelByStaff(stale, false);
    const late = await cancelAsGuest(staleRecord, Date.now());
    expect(late).toMatchObject({ status: 'cancelled', refundedCents: 0 });
    expect(late.refundOwed).toBeUndefined();
    expect(await refundedAtStripe(stale)).toEqual([]);

    // Truly at once, in both orders.
    const outcomes = new Set<number>();
    for (const [index, start] of ['16:00', '16:30', '17:00', '17:30', '18:00', '18:30'].entries()) {
      const id = await paid(date, start);
      const record = (await readBooking(id))!;
      const guestCancel = () => cancelAsGuest(record, Date.now());
      const staffCancel = () => cancelByStaff(id, false).catch((error: unknown) => error);
      const guestAnswer = index % 2 === 0 ? (await Promise.all([guestCancel(), staffCancel()]))[0] : (await Promise.all([staffCancel(), guestCancel()]))[1];
      const final = (await readBooking(id))!;
      expect(final.status).toBe('cancelled');
      expect(final.refundOwed).toBeUndefined();
      expect([0, final.amountCents]).toContain(final.refundedCents);
      expect((await refundedAtStripe(id)).reduce((sum, amount) => sum + amount, 0)).toBe(final.refundedCents);
      expect(guestAnswer.refundedCents + (guestAnswer.refundOwed?.cents ?? 0)).toBe(final.refundedCents);
      outcomes.add(final.refundedCents);
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('the scheduled run pays no refund once its budget is spent, bounds each refund call by it, and leaves refunds alone while Stripe is down', async () => {
    const id = await paid(nextBookableDay('Saturday'), '12:00');
    const record = (await readBooking(id))!;
    const now = Date.now();
    await withOutage(() => cancelAsGuest(record, now));
    const attempts = async () => (await readBooking(id))!.refundOwed?.attempts;
    const spent = runBudget(0);
    expect(await payDueRefunds(now + HOUR, spent, isStripeDown)).toEqual({ paid: 0, failed: 0 });
    expect(await attempts()).toBe(1);

    // Stripe accepts the connection and never answers: the call ends with the run's budget.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const base = process.env['STRIPE_API_BASE'];
    process.env['STRIPE_API_BASE'] = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const started = Date.now();
      expect(await payDueRefunds(now + HOUR, runBudget(500), isStripeDown)).toEqual({ paid: 0, failed: 1 });
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      process.env['STRIPE_API_BASE'] = base;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
    expect(await attempts()).toBe(2);

    // A lapsed hold the reconciler asks Stripe about while it is down: the run stops there, refunds untried.
    const lapsed = await held(nextBookableDay('Saturday'), '15:00');
    await withRedis(async (redis) => {
      await redis.zAdd(HOLDS_KEY, { score: Date.now() - HOLD_GRACE_MS - 60_000, value: lapsed.bookingId });
      await redis.zAdd(REFUNDS_KEY, { score: 0, value: id });
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const run = await withOutage(() => reconcileRun(new Request('http://localhost/.netlify/functions/reconcile-payments', { method: 'POST', body: '{}' })));
    expect(run.status).toBe(204);
    expect(await attempts()).toBe(2);
    expect((await reconcileRun(new Request('http://localhost/.netlify/functions/reconcile-payments', { method: 'POST', body: '{}' }))).status).toBe(204);
    expect(await readBooking(id)).toMatchObject({ refundedCents: record.amountCents });
    vi.restoreAllMocks();
  });
});
