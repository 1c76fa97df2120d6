// Every bay payment either books or frees: Checkout states card only (methods that settle at once),
// and each way a session can end is settled through the webhook (completed, async payment succeeded
// or failed, expired) or the reconciler: paid books; complete but unpaid cancels the booking, frees
// its slots and tells staff, never leaving it held; money that arrives after that is refunded in full.
import { describe, expect, it } from 'vitest';
import availabilityFunction, { config as availabilityConfig } from '../../netlify/functions/bay-availability';
import hold from '../../netlify/functions/bay-hold';
import type { BayAvailability } from '../../src/features/bay-booking/contract/bay-availability';
import type { BayHoldRequest } from '../../src/features/bay-booking/contract/booking-form';
import { bayUnpaidNoticeKey } from '../../src/features/bay-booking/mail/staff-notices';
import { HOLDS_KEY, readBooking } from '../../src/features/bay-booking/server/store';
import { paidProducts } from '../../src/features/paid-products';
import { reconcilePayments } from '../../src/shared/payments/reconcile';
import { nextBookableDay } from '../support/bay-dates';
import { routed } from '../support/function-context';
import { apiRequest, withRedis } from './api-helpers';
import { useBayPayments } from './bay-helpers';

const availability = routed(availabilityFunction, availabilityConfig);
const guest = { name: 'Robin Fairway', email: 'robin@example.com', phone: '608-555-0142' };

const harness = useBayPayments();

async function largeStartFree(date: string, start: string): Promise<boolean> {
  const day = (await (await availability(apiRequest(`/api/bay-availability/${date}/60/4`))).json()) as BayAvailability;
  return day.bayTypes.find((type) => type.id === 'large')!.times.some((time) => time.start === start);
}

/** A hold of the large bay paid through Checkout: its booking id and Checkout session id. */
async function holdLarge(date: string, start: string): Promise<{ bookingId: string; sessionId: string }> {
  const body: BayHoldRequest = { date, start, lengthMinutes: 60, partySize: 4, bayType: 'large', ...guest };
  const response = await hold(apiRequest('/api/bay-hold', { body }));
  expect(response.status).toBe(200);
  const answer = (await response.json()) as { url: string; bookingId: string };
  return { bookingId: answer.bookingId, sessionId: answer.url.split('/').at(-1)! };
}

const staffNotice = (id: string) => withRedis((redis) => redis.hGet('mail:status', bayUnpaidNoticeKey(id)));
const inHolds = (id: string) => withRedis(async (redis) => (await redis.zScore(HOLDS_KEY, id)) !== null);

describe('bay payment endings', () => {

  it('Checkout for bay time states card only (wallets come with card), where the account also has bank debit on', async () => {
    const { sessionId } = await holdLarge(nextBookableDay('Friday'), '14:00');
    expect((await harness.payments.stripe.checkout.sessions.retrieve(sessionId)).payment_method_types).toEqual(['card']);
  });

  it('complete + paid books', async () => {
    const { bookingId, sessionId } = await holdLarge(nextBookableDay('Friday'), '14:00');
    await harness.payments.emulator.completeCheckout(sessionId, { email: guest.email });
    expect(await readBooking(bookingId)).toMatchObject({ status: 'confirmed', holdUntil: 0 });
    expect(await inHolds(bookingId)).toBe(false);
    expect(await staffNotice(bookingId)).toBeNull();
  });

  it('complete + unpaid cancels the booking, frees its slots and tells staff; the later failure changes nothing', async () => {
    const date = nextBookableDay('Friday');
    const { bookingId, sessionId } = await holdLarge(date, '14:00');
    expect(await largeStartFree(date, '14:00')).toBe(false);
    await harness.payments.emulator.completeCheckout(sessionId, { email: guest.email, payment: 'delayed' });
    expect(await readBooking(bookingId)).toMatchObject({ status: 'cancelled', holdUntil: 0, refundedCents: 0 });
    expect(await inHolds(bookingId)).toBe(false);
    expect(await largeStartFree(date, '14:00')).toBe(true);
    expect(await staffNotice(bookingId)).toMatch(/^(queued|sent)$/);

    await harness.payments.emulator.settleAsyncPayment(sessionId, 'failed');
    expect(await readBooking(bookingId)).toMatchObject({ status: 'cancelled', refundedCents: 0 });
    expect(harness.payments.webhookAnswers.every((status) => status === 200)).toBe(true);
  });

  it('a debit that succeeds after the booking was cancelled for it is refunded in full, never booked over someone else', async () => {
    const date = nextBookableDay('Friday');
    const { bookingId, sessionId } = await holdLarge(date, '15:00');
    await harness.payments.emulator.completeCheckout(sessionId, { email: guest.email, payment: 'delayed' });
    const taken = await holdLarge(date, '15:00');
    await harness.payments.emulator.settleAsyncPayment(sessionId, 'succeeded');
    const record = (await readBooking(bookingId))!;
    expect(record).toMatchObject({ status: 'cancelled', paidTooLate: true });
    expect(record.refundedCents).toBe(record.amountCents);
    const refunds = await harness.payments.stripe.refunds.list({ payment_intent: record.paymentIntentId! });
    expect(refunds.data.map((refund) => refund.amount)).toEqual([record.amountCents]);
    expect(await readBooking(taken.bookingId)).toMatchObject({ status: 'held' });
  });

  it('expired frees the hold', async () => {
    const date = nextBookableDay('Friday');
    const { bookingId, sessionId } = await holdLarge(date, '16:00');
    await harness.payments.emulator.expireCheckout(sessionId);
    expect(await readBooking(bookingId)).toMatchObject({ status: 'expired' });
    expect(await largeStartFree(date, '16:00')).toBe(true);
  });

  it('the reconciler settles a complete + unpaid session whose event never came: cancelled and freed, not asked about forever', async () => {
    const date = nextBookableDay('Friday');
    const { bookingId, sessionId } = await holdLarge(date, '17:00');
    // Complete + unpaid on Stripe, its webhook lost: the site still sees the hold.
    harness.payments.emulator.webhookUrl = undefined;
    try {
      await harness.payments.emulator.completeCheckout(sessionId, { email: guest.email, payment: 'delayed' });
    } finally {
      harness.payments.emulator.webhookUrl = harness.payments.webhookUrl;
    }
    expect(await readBooking(bookingId)).toMatchObject({ status: 'held' });
    const report = await reconcilePayments(paidProducts, { now: Date.now() + 60 * 60_000 });
    expect(report).toMatchObject({ checked: 1, changed: 1, failed: 0 });
    expect(await readBooking(bookingId)).toMatchObject({ status: 'cancelled' });
    expect(await inHolds(bookingId)).toBe(false);
    expect(await staffNotice(bookingId)).toMatch(/^(queued|sent)$/);
    expect(await reconcilePayments(paidProducts, { now: Date.now() + 60 * 60_000 })).toMatchObject({ checked: 0, changed: 0 });
  });
});
