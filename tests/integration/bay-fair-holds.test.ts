// Fair holds: a visitor (by connection address and by e-mail) has at most two unpaid holds at once,
// so twenty holds from one address leave the day bookable; paying for a hold, or its lapse, frees the
// visitor's turn.
import { describe, expect, it } from 'vitest';
import availabilityFunction, { config as availabilityConfig } from '../../netlify/functions/bay-availability';
import hold from '../../netlify/functions/bay-hold';
import bookingFunction, { config as bookingConfig } from '../../netlify/functions/bay-booking';
import { bookingLinkOf } from '../../src/features/bay-booking/rules/links';
import { HOLDS_KEY, readBooking, readTaken } from '../../src/features/bay-booking/server/store';
import type { BayAvailability } from '../../src/features/bay-booking/contract/bay-availability';
import type { BayHoldRequest } from '../../src/features/bay-booking/contract/booking-form';
import { CHECKOUT_EXPIRY_SECONDS, holdForGuest, HOLD_GRACE_MS, PRE_CHECKOUT_HOLD_MS } from '../../src/features/bay-booking/server/booking';
import { bookingKeys } from '../../src/features/bay-booking/server/booking-keys';
import { startCheckout } from '../../src/features/bay-booking/server/payment';
import { STRIPE_TIMEOUT_MS } from '../../src/shared/payments/stripe-client';
import { maxUnpaidHolds, UNPAID_HOLDS_MESSAGE } from '../../src/features/bay-booking/server/visitor-holds';

const MAX_UNPAID_HOLDS = maxUnpaidHolds();
import { nextBookableDay } from '../support/bay-dates';
import { routed } from '../support/function-context';
import { apiRequest, ORIGIN, withRedis } from './api-helpers';
import { afterAnswerContext } from './mail-helpers';
import { useBayPayments } from './bay-helpers';

const availability = routed(availabilityFunction, availabilityConfig);
const booking = routed(bookingFunction, bookingConfig);
const harness = useBayPayments();
const guest = { name: 'Robin Fairway', phone: '608-555-0142' };
const STARTS = ['12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00', '20:00'];

const body = (date: string, start: string, email: string): BayHoldRequest => ({ date, start, lengthMinutes: 60, partySize: 8, bayType: 'large', name: guest.name, phone: guest.phone, email });
const holdFrom = (ip: string, request: BayHoldRequest) => hold(apiRequest('/api/bay-hold', { body: request }), { ip });

async function largeStarts(date: string): Promise<number> {
  const day = (await (await availability(apiRequest(`/api/bay-availability/${date}/60/8`))).json()) as BayAvailability;
  return day.bayTypes.find((type) => type.id === 'large')!.times.length;
}

describe('fair holds', () => {
  it('twenty holds of the only large bay from one address: two are held, the rest refused, and the day stays bookable', async () => {
    process.env['EVENT_BOOKING_RATE_LIMIT'] = '100';
    try {
      const date = nextBookableDay('Friday');
      const free = await largeStarts(date);
      const statuses: number[] = [];
      for (const [index, start] of STARTS.entries()) {
        const response = await holdFrom('203.0.113.20', body(date, start, `visitor${index}@example.com`));
        statuses.push(response.status);
        if (response.status === 429) expect(await response.json()).toEqual({ error: UNPAID_HOLDS_MESSAGE });
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_UNPAID_HOLDS);
      // A start overlapping a hold of this visitor's is simply taken (409); every other one is refused.
      expect(statuses.every((status) => [200, 409, 429].includes(status))).toBe(true);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(STARTS.length - MAX_UNPAID_HOLDS - 2);
      // Two one-hour holds take at most four starts of the day (each blocks the hour before it too).
      expect(await largeStarts(date)).toBeGreaterThanOrEqual(free - 4);
      expect(await largeStarts(date)).toBeGreaterThan(0);
    } finally {
      delete process.env['EVENT_BOOKING_RATE_LIMIT'];
    }
  });

  it('one e-mail from many addresses also holds two at most; paying for one frees a turn', async () => {
    const date = nextBookableDay('Friday');
    const email = 'one@example.com';
    const first = await holdFrom('198.51.100.1', body(date, '12:00', email));
    expect(first.status).toBe(200);
    expect((await holdFrom('198.51.100.2', body(date, '14:00', email))).status).toBe(200);
    expect((await holdFrom('198.51.100.3', body(date, '16:00', email))).status).toBe(429);
    const { url } = (await first.json()) as { url: string };
    await harness.payments.emulator.completeCheckout(url.split('/').at(-1)!, { email });
    expect((await holdFrom('198.51.100.3', body(date, '16:00', email))).status).toBe(200);
  });

  it('a lapsed hold no longer counts', async () => {
    const date = nextBookableDay('Saturday');
    const source = { origin: ORIGIN, client: '192.0.2.9' };
    const now = Date.now();
    await holdForGuest(body(date, '12:00', 'lapse@example.com'), null, now, source);
    await holdForGuest(body(date, '14:00', 'lapse@example.com'), null, now, source);
    await expect(holdForGuest(body(date, '16:00', 'lapse@example.com'), null, now, source)).rejects.toMatchObject({ status: 429 });
    const held = await holdForGuest(body(date, '16:00', 'lapse@example.com'), null, now + 36 * 60_000, source);
    expect(held.record.status).toBe('held');
  });

  it('backing out of Checkout gives the hold back at once: the same time can be chosen again, and the abandoned page can no longer be paid', async () => {
    const date = nextBookableDay('Friday');
    const email = 'back@example.com';
    const first = await holdFrom('198.51.100.40', body(date, '18:00', email));
    const { url, bookingId } = (await first.json()) as { url: string; bookingId: string };
    const sessionId = url.split('/').at(-1)!;
    // Checkout's back link names the hold; /book posts it back.
    const session = await harness.payments.stripe.checkout.sessions.retrieve(sessionId);
    const back = bookingLinkOf(new URL(session.cancel_url!).search)!;
    expect(new URL(session.cancel_url!).pathname).toBe('/book');
    expect(back.id).toBe(bookingId);
    // Until it is given back, another guest cannot have the time.
    expect((await holdFrom('198.51.100.49', body(date, '18:00', 'other@example.com'))).status).toBe(409);

    const released = await booking(apiRequest(`/api/bay-booking/${back.id}/${back.token}/release`, { method: 'POST' }));
    expect(released.status).toBe(200);
    expect(await released.json()).toMatchObject({ status: 'expired' });
    expect((await harness.payments.stripe.checkout.sessions.retrieve(sessionId)).status).toBe('expired');
    const again = await holdFrom('198.51.100.40', body(date, '18:00', email));
    expect(again.status).toBe(200);
    // Released twice (a reload): the booking is answered as it is.
    expect(await (await booking(apiRequest(`/api/bay-booking/${back.id}/${back.token}/release`, { method: 'POST' }))).json()).toMatchObject({ status: 'expired' });
    expect(await readBooking(bookingId)).toMatchObject({ status: 'expired' });
  });

  it('a hold whose Checkout was paid meanwhile is kept', async () => {
    const date = nextBookableDay('Friday');
    const held = await holdFrom('198.51.100.41', body(date, '20:00', 'paid@example.com'));
    const { url, bookingId } = (await held.json()) as { url: string; bookingId: string };
    const sessionId = url.split('/').at(-1)!;
    harness.payments.emulator.webhookUrl = undefined;
    try {
      await harness.payments.emulator.completeCheckout(sessionId, { email: 'paid@example.com' });
    } finally {
      harness.payments.emulator.webhookUrl = harness.payments.webhookUrl;
    }
    const back = bookingLinkOf(new URL((await harness.payments.stripe.checkout.sessions.retrieve(sessionId)).cancel_url!).search)!;
    expect(await (await booking(apiRequest(`/api/bay-booking/${back.id}/${back.token}/release`, { method: 'POST' }))).json()).toMatchObject({ status: 'held' });
    expect(await readBooking(bookingId)).toMatchObject({ status: 'held' });
  });

  it('a hold lasts minutes until its Checkout opens, then as long as the session: its half hours, the holds, the visitor’s sets and the member’s time all carry the session’s expiry', async () => {
    // Longer than creating the session may take: Stripe's timeout, once retried.
    expect(PRE_CHECKOUT_HOLD_MS).toBeGreaterThan(2 * STRIPE_TIMEOUT_MS);
    const date = nextBookableDay('Saturday');
    const now = Date.now();
    const member = { email: 'member@example.com', customerId: 'cus_hold_lengths', planSlug: 'bogey' };
    const held = await holdForGuest({ ...body(date, '12:00', member.email), partySize: 2, bayType: 'standard', lengthMinutes: 120 }, member, now, { origin: ORIGIN, client: '198.51.100.60' });
    expect(held.record).toMatchObject({ status: 'held', holdUntil: now + PRE_CHECKOUT_HOLD_MS, memberId: member.customerId });
    expect(held.record.includedMinutes).toBeGreaterThan(0);

    const url = await startCheckout(held, ORIGIN, now);
    const session = await harness.payments.stripe.checkout.sessions.retrieve(url.split('/').at(-1)!);
    const until = session.expires_at * 1000 + HOLD_GRACE_MS;
    expect(until).toBeGreaterThanOrEqual(now + CHECKOUT_EXPIRY_SECONDS * 1000 + HOLD_GRACE_MS - 1_000);
    expect(await readBooking(held.record.id)).toMatchObject({ status: 'held', holdUntil: until, checkoutSessionId: session.id });
    const keys = bookingKeys(held.record);
    await withRedis(async (redis) => {
      expect(await redis.mGet([...keys.slotKeys])).toEqual(keys.slotKeys.map(() => `${held.record.id}|${until}`));
      expect(await redis.zScore(HOLDS_KEY, held.record.id)).toBe(until);
      for (const visitor of held.record.visitorKeys!) expect(await redis.zScore(visitor, held.record.id)).toBe(until);
      expect(await redis.hGet(keys.memberKey, held.record.id)).toMatch(new RegExp(`\\|${until}$`));
    });
    // Past the short hold the half hours are still the guest's.
    expect((await readTaken(keys.slotKeys, null, now + PRE_CHECKOUT_HOLD_MS + 60_000)).taken).toEqual(keys.slotKeys.map(() => true));
    expect((await readTaken(keys.slotKeys, null, until + 1)).taken).toEqual(keys.slotKeys.map(() => false));
  });

  it('a hold whose Checkout never opened frees its bay after the short hold; one whose time was taken meanwhile is refused and its session expired', async () => {
    const date = nextBookableDay('Saturday');
    const now = Date.now();
    const first = await holdForGuest(body(date, '18:00', 'slow@example.com'), null, now, { origin: ORIGIN, client: '198.51.100.62' });
    const before = await largeStarts(date);
    // The short hold lapsed: another guest takes the same time.
    const second = await holdForGuest(body(date, '18:00', 'quick@example.com'), null, now + PRE_CHECKOUT_HOLD_MS + 1, { origin: ORIGIN, client: '198.51.100.63' });
    expect(second.record.bayId).toBe(first.record.bayId);
    expect(await largeStarts(date)).toBe(before);

    await expect(startCheckout(first, ORIGIN, now)).rejects.toMatchObject({ status: 409 });
    const sessions = [...harness.payments.emulator.state.sessions.values()].filter((session) => session.metadata['bookingId'] === first.record.id);
    expect(sessions.map((session) => session.status)).toEqual(['expired']);
    expect(await readBooking(first.record.id)).toMatchObject({ status: 'expired' });
    expect(await readBooking(second.record.id)).toMatchObject({ status: 'held', bayId: first.record.bayId });
    expect(await withRedis((redis) => redis.mGet([...bookingKeys(second.record).slotKeys]))).toEqual(bookingKeys(second.record).slotKeys.map(() => `${second.record.id}|${second.record.holdUntil}`));
  });

  it('choosing the same time again without Checkout’s back link replaces the earlier hold in the same step; twenty times over leaves one hold and the day bookable', async () => {
    const date = nextBookableDay('Friday');
    const email = 'again@example.com';
    const free = await largeStarts(date);
    const first = (await (await holdFrom('198.51.100.70', body(date, '19:00', email))).json()) as { url: string; bookingId: string };
    // Another visitor (another address, or another e-mail) is still refused the time.
    expect((await holdFrom('198.51.100.71', body(date, '19:00', email))).status).toBe(409);
    expect((await holdFrom('198.51.100.70', body(date, '19:00', 'someone@example.com'))).status).toBe(409);

    const { context, settled } = afterAnswerContext({ ip: '198.51.100.70' });
    const again = await hold(apiRequest('/api/bay-hold', { body: body(date, '19:00', email) }), context);
    expect(again.status).toBe(200);
    const second = (await again.json()) as { url: string; bookingId: string };
    await settled();
    expect(await readBooking(first.bookingId)).toMatchObject({ status: 'expired', holdUntil: 0, replacedBy: second.bookingId });
    expect(await readBooking(second.bookingId)).toMatchObject({ status: 'held' });
    // The earlier Checkout page can no longer be paid.
    expect((await harness.payments.stripe.checkout.sessions.retrieve(first.url.split('/').at(-1)!)).status).toBe('expired');
    expect(await withRedis((redis) => redis.zScore(HOLDS_KEY, first.bookingId))).toBeNull();

    // Past the connection's request limit: only the visitor's unpaid holds count here.
    process.env['EVENT_BOOKING_RATE_LIMIT'] = '100';
    try {
      let last = second.bookingId;
      for (let round = 0; round < 18; round += 1) {
        const response = await holdFrom('198.51.100.70', body(date, '19:00', email));
        expect(response.status).toBe(200);
        last = ((await response.json()) as { bookingId: string }).bookingId;
      }
      const record = await readBooking(last);
      const live = await withRedis((redis) => redis.zRangeByScore(record!.visitorKeys![0]!, Date.now(), '+inf'));
      expect(live).toEqual([last]);
      // One hour held of the day: at most the two starts it covers and the one before are gone.
      expect(await largeStarts(date)).toBeGreaterThanOrEqual(free - 3);
      // A different start by the same visitor is a second hold, not a replacement.
      expect((await holdFrom('198.51.100.70', body(date, '12:00', email))).status).toBe(200);
      expect(await readBooking(last)).toMatchObject({ status: 'held' });
    } finally {
      delete process.env['EVENT_BOOKING_RATE_LIMIT'];
    }
  });

  it('a member choosing the same time again gets the same included time: the earlier hold’s share of the day is given back in the same step', async () => {
    const date = nextBookableDay('Saturday');
    const member = { email: 'member.again@example.com', customerId: 'cus_choose_again', planSlug: 'bogey' };
    const choice = { ...body(date, '14:00', member.email), partySize: 2, bayType: 'standard', lengthMinutes: 120 };
    const source = { origin: ORIGIN, client: '198.51.100.80' };
    const first = await holdForGuest(choice, member, Date.now(), source);
    expect(first.record).toMatchObject({ status: 'held' });
    expect(first.record.includedMinutes).toBeGreaterThan(0);
    const second = await holdForGuest(choice, member, Date.now(), source);
    expect(second.record).toMatchObject({ status: 'held', includedMinutes: first.record.includedMinutes, amountCents: first.record.amountCents });
    expect(await readBooking(first.record.id)).toMatchObject({ status: 'expired', replacedBy: second.record.id });
    expect(await withRedis((redis) => redis.hKeys(bookingKeys(second.record).memberKey))).toEqual([second.record.id]);
  });
});
