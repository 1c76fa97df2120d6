// A guest moves a booking through the manage link, against the project's Redis and the Stripe emulator:
// the same price moves at once in one store round trip (history, update mail with the calendar's same
// UID and SEQUENCE 1); a taken time is refused with nothing changed; a dearer time holds the new range,
// is paid through Checkout and then moved (or let go, the booking keeping its time); a cheaper one is
// moved at once and the difference refunded, durably; a later cancel refunds every payment.
import { describe, expect, it } from 'vitest';
import type { QueuedMessage } from '../../src/shared/mail/outbox';
import { bayMoveKey } from '../../src/features/bay-booking/mail/move';
import { MOVES_KEY } from '../../src/features/bay-booking/server/move-store';
import { payDueRefunds } from '../../src/features/bay-booking/server/refunds';
import { REFUNDS_KEY } from '../../src/features/bay-booking/server/refund-step';
import { TAKEN_MESSAGE } from '../../src/features/bay-booking/server/booking';
import { isStripeDown } from '../../src/shared/payments/reconcile';
import { runBudget } from '../../src/shared/server/run-budget';
import { queueDueReminders } from '../../src/features/bay-booking/server/reminders';
import { bayReminderKey } from '../../src/features/bay-booking/mail/reminder';
import { nextBookableDay } from '../support/bay-dates';
import { cardFor, issueCard } from '../../src/features/gift-cards/server/issue';
import { cardsById } from '../../src/features/gift-cards/server/lookup';
import { ORIGIN, restoreStoreEnv, useCountingBridge, withRedis } from './api-helpers';
import { useBayPayments, cancelAsGuest } from './bay-helpers';
import { cancelFrom, keysOf, moveTo, options, paid, refundsAt, release, slotValues, stored, view } from './bay-move-helpers';
import { CANCEL_CHANGED_MESSAGE } from '../../src/features/bay-booking/server/manage';

const harness = useBayPayments();
const HOUR = 3_600_000;

async function queuedMessage(key: string): Promise<QueuedMessage | null> {
  const text = await withRedis((redis) => redis.get(`mail:msg:${key}`));
  return text ? (JSON.parse(text) as QueuedMessage) : null;
}

describe('a guest moves a booking', () => {
  it('to a time of the same price at once, in one store round trip: the old half hours freed, the new its own, the move in its history and its update mailed with the calendar’s same UID and SEQUENCE 1', async () => {
    const date = nextBookableDay('Friday');
    const id = await paid(harness.payments, { date, start: '12:00' });
    const before = await stored(id);
    const page = await view(id);
    expect(page).toMatchObject({ movable: true, moveRefusal: null, pendingMove: null, history: [] });

    const offered = await options(id, date, 60);
    expect(offered.times.map((time) => time.start)).not.toContain('12:00');
    expect(offered.times.find((time) => time.start === '14:00')).toMatchObject({ priceCents: before.amountCents, chargeCents: 0, refundCents: 0, cardBackCents: 0 });

    const bridge = await useCountingBridge();
    let answer: Awaited<ReturnType<typeof moveTo>>;
    try {
      const count = bridge.requestCount;
      answer = await moveTo(id, { date, start: '14:00', lengthMinutes: 60 }, page.revision);
      expect(bridge.requestCount - count).toBe(1);
    } finally {
      await bridge.close();
      restoreStoreEnv();
    }
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.checkoutUrl).toBeNull();
    expect(answer.body.booking).toMatchObject({ status: 'confirmed', date, start: '14:00', bayId: before.bayId, amountCents: before.amountCents, refundedCents: 0 });
    expect(answer.body.booking.history).toEqual([
      { at: expect.any(String), from: { date, start: '12:00', lengthMinutes: 60, bayName: 'Bay 1' }, to: { date, start: '14:00', lengthMinutes: 60, bayName: 'Bay 1' } },
    ]);

    const after = await stored(id);
    expect(after).toMatchObject({ startsAt: answer.body.booking.startsAt, history: [{ by: 'guest', chargedCents: 0, refundCents: 0, cardBackCents: 0, dueCents: 0 }] });
    expect(await slotValues(keysOf(before.bayId, before.startsAt, 60))).toEqual([null, null]);
    expect(await slotValues(keysOf(after.bayId, after.startsAt, 60))).toEqual([`${id}|0`, `${id}|0`]);
    expect(await withRedis((redis) => redis.zScore('bay:bookings', id))).toBe(Date.parse(after.startsAt));

    const update = await queuedMessage(bayMoveKey(id, 1));
    expect(update?.message).toMatchObject({ to: [before.email], subject: expect.stringContaining('moved') });
    const text = JSON.stringify(update?.message);
    expect(text).toContain('Bay 1');
    expect(text).toContain('Moved from');
    expect(text).not.toContain('{{move-bay');
    const calendar = String(update?.message.attachments?.[0]?.content);
    expect(calendar).toContain(`UID:bay-booking-${id}@`);
    expect(calendar).toContain('SEQUENCE:1');
    expect(calendar).toContain(`DTSTART;TZID=America/Chicago:${date.replace(/-/g, '')}T140000`);
    // The revision the page read is spent: a second move from it is refused.
    expect(await moveTo(id, { date, start: '16:00', lengthMinutes: 60 }, page.revision)).toMatchObject({ status: 409, body: { error: expect.stringContaining('reload') } });
  });

  it('then a cancel from the page read before the move is refused with nothing changed; from the page as it is now it frees the half hours it moved to', async () => {
    const date = nextBookableDay('Friday');
    const id = await paid(harness.payments, { date, start: '12:00' });
    const before = await stored(id);
    const older = (await view(id)).revision;
    expect((await moveTo(id, { date, start: '15:00', lengthMinutes: 60 })).status).toBe(200);
    const moved = await stored(id);

    expect(await cancelFrom(id, older)).toEqual({ status: 409, body: { error: CANCEL_CHANGED_MESSAGE } });
    expect(await stored(id)).toEqual(moved);
    expect(await slotValues(keysOf(moved.bayId, moved.startsAt, 60))).toEqual([`${id}|0`, `${id}|0`]);

    const cancelled = await cancelFrom(id, (await view(id)).revision);
    expect(cancelled.status).toBe(200);
    // Owed in the cancel's step (no after-answer work here): paid by the scheduled run, counted on the page already.
    expect(cancelled.body).toMatchObject({ status: 'cancelled', refundedCents: before.amountCents });
    expect(await stored(id)).toMatchObject({ status: 'cancelled', refundOwed: { cents: before.amountCents, key: `bay-cancel-${id}` } });
    expect(await slotValues(keysOf(moved.bayId, moved.startsAt, 60))).toEqual([null, null]);
    expect(await withRedis((redis) => redis.zScore(REFUNDS_KEY, id))).not.toBeNull();
  });

  it('refuses a taken time with nothing changed: the booking, its half hours and the other booking’s stay as they were', async () => {
    const date = nextBookableDay('Friday');
    const mine = await paid(harness.payments, { date, start: '12:00', bayType: 'large', partySize: 10 });
    const theirs = await paid(harness.payments, { date, start: '14:00', bayType: 'large', partySize: 10, email: 'other@example.com' });
    const [mineBefore, theirsBefore] = [await stored(mine), await stored(theirs)];
    const keys = [...keysOf('bay-6', mineBefore.startsAt, 60), ...keysOf('bay-6', theirsBefore.startsAt, 60)];
    const slotsBefore = await slotValues(keys);
    expect(await moveTo(mine, { date, start: '14:00', lengthMinutes: 60 })).toEqual({ status: 409, body: { error: TAKEN_MESSAGE } });
    expect(await moveTo(mine, { date, start: '13:30', lengthMinutes: 60 })).toEqual({ status: 409, body: { error: TAKEN_MESSAGE } });
    expect([await stored(mine), await stored(theirs)]).toEqual([mineBefore, theirsBefore]);
    expect(await slotValues(keys)).toEqual(slotsBefore);
    expect(await queuedMessage(bayMoveKey(mine, 1))).toBeNull();
  });

  it('to a dearer time: the new range is held and paid through Checkout, then the booking moves; backing out of Checkout keeps its time', async () => {
    const date = nextBookableDay('Friday');
    const id = await paid(harness.payments, { date, start: '12:00' });
    const before = await stored(id);
    expect((await options(id, date, 120)).times.find((time) => time.start === '12:00')).toMatchObject({ chargeCents: before.amountCents, refundCents: 0 });

    // Backing out: the held half hour is let go, the booking keeps its own.
    const first = await moveTo(id, { date, start: '12:00', lengthMinutes: 120 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.checkoutUrl).toMatch(/\/checkout\//);
    expect(first.body.booking).toMatchObject({ start: '12:00', lengthMinutes: 60, pendingMove: { start: '12:00', lengthMinutes: 120, chargeCents: before.amountCents } });
    const held = await stored(id);
    expect(await slotValues(keysOf(before.bayId, before.startsAt, 120))).toEqual([`${id}|0`, `${id}|0`, `${id}|${held.move!.holdUntil}`, `${id}|${held.move!.holdUntil}`]);
    expect(await moveTo(id, { date, start: '15:00', lengthMinutes: 60 })).toMatchObject({ status: 409, body: { error: expect.stringContaining('waiting for its payment') } });
    const back = await release(id);
    expect(back).toMatchObject({ start: '12:00', lengthMinutes: 60, pendingMove: null, history: [] });
    expect(await slotValues(keysOf(before.bayId, before.startsAt, 120))).toEqual([`${id}|0`, `${id}|0`, null, null]);
    expect(await withRedis((redis) => redis.zScore(MOVES_KEY, id))).toBeNull();

    // Paid: the booking moves, the payment kept as a top-up.
    const second = await moveTo(id, { date, start: '12:00', lengthMinutes: 120 });
    const sessionId = second.body.checkoutUrl!.split('/').at(-1)!;
    await harness.payments.emulator.completeCheckout(sessionId, { email: before.email });
    const after = await stored(id);
    expect(after).toMatchObject({ start: '12:00', lengthMinutes: 120, amountCents: 2 * before.amountCents, topUps: [{ cents: before.amountCents, refundedCents: 0 }], history: [{ chargedCents: before.amountCents }] });
    expect(after.move).toBeUndefined();
    expect(await slotValues(keysOf(before.bayId, before.startsAt, 120))).toEqual(Array(4).fill(`${id}|0`));
    expect(String((await queuedMessage(bayMoveKey(id, 1)))?.message.attachments?.[0]?.content)).toContain('SEQUENCE:1');
    expect(JSON.stringify((await queuedMessage(bayMoveKey(id, 1)))?.message)).toContain('Paid for the move');

    // A cancel now refunds both payments, each to its own.
    const cancelled = await cancelAsGuest(after, Date.now());
    expect(cancelled).toMatchObject({ status: 'cancelled', refundedCents: 2 * before.amountCents });
    expect(await refundsAt(harness.payments, after.paymentIntentId!)).toEqual([before.amountCents]);
    expect(await refundsAt(harness.payments, after.topUps![0]!.paymentIntentId)).toEqual([before.amountCents]);
  });

  it('to a cheaper time at once: the difference refunded now, or owed and paid by the scheduled run while Stripe is down', async () => {
    const date = nextBookableDay('Friday');
    const id = await paid(harness.payments, { date, start: '12:00', lengthMinutes: 120 });
    const before = await stored(id);
    const half = before.amountCents / 2;
    expect((await options(id, date, 60)).times.find((time) => time.start === '15:00')).toMatchObject({ chargeCents: 0, refundCents: half });

    const moved = await moveTo(id, { date, start: '15:00', lengthMinutes: 60 });
    expect(moved.status).toBe(200);
    // Owed in the move's own step: the page says it is on its way before Stripe is asked.
    expect(moved.body.booking).toMatchObject({ start: '15:00', lengthMinutes: 60, refundedCents: half });
    expect((await stored(id)).refundOwed).toMatchObject({ cents: half, key: `bay-move-${id}-1`, paymentIntentId: before.paymentIntentId });
    expect(await payDueRefunds(Date.now(), runBudget(), isStripeDown)).toEqual({ paid: 1, failed: 0 });
    expect(await stored(id)).toMatchObject({ refundedCents: half, history: [{ refundCents: half }] });
    expect(await refundsAt(harness.payments, before.paymentIntentId!)).toEqual([half]);

    // Stripe down: owed, backed off, paid once it answers.
    const other = await paid(harness.payments, { date, start: '17:00', lengthMinutes: 120, email: 'later@example.com' });
    harness.payments.emulator.setOutage(true);
    let now = 0;
    try {
      expect((await moveTo(other, { date, start: '19:00', lengthMinutes: 60 })).status).toBe(200);
      now = Date.now();
      await expect(payDueRefunds(now, runBudget(), isStripeDown)).resolves.toEqual({ paid: 0, failed: 1 });
    } finally {
      harness.payments.emulator.setOutage(false);
    }
    expect(await withRedis((redis) => redis.zScore(REFUNDS_KEY, other))).toBeGreaterThan(now);
    expect(await payDueRefunds(now + HOUR, runBudget(), isStripeDown)).toEqual({ paid: 1, failed: 0 });
    const otherAfter = await stored(other);
    expect(otherAfter).toMatchObject({ refundedCents: half, start: '19:00' });
    expect(await refundsAt(harness.payments, otherAfter.paymentIntentId!)).toEqual([half]);
  });

  it('is reminded for its new time, once, and never for the old', async () => {
    const date = nextBookableDay('Friday');
    const id = await paid(harness.payments, { date, start: '12:00' });
    const before = await stored(id);
    expect((await moveTo(id, { date, start: '16:00', lengthMinutes: 60 })).status).toBe(200);
    const after = await stored(id);
    const now = Date.parse(before.startsAt) - HOUR;
    expect((await queueDueReminders(ORIGIN, now, runBudget())).queued).toEqual([bayReminderKey(after)]);
    expect((await queueDueReminders(ORIGIN, now + 60_000, runBudget())).queued).toEqual([]);
    expect(await withRedis((redis) => redis.hGet('mail:status', bayReminderKey(before)))).toBeNull();
  });

  it('to a cheaper time when a gift card paid: the difference goes back to the card, and a later cancel gives back the rest', async () => {
    const issued = Date.parse('2026-12-01T18:00:00Z');
    const made = cardFor({ id: 'cs_move_card', mode: 'payment', status: 'complete', payment_status: 'paid', amount_total: 8000, payment_intent: 'pi_card', metadata: { kind: 'gift-card', amountCents: '8000', purchaserName: 'Pat Buyer', purchaserEmail: 'pat@example.com', toSelf: '0', recipientName: 'Robin Green', recipientEmail: 'robin@example.com', message: 'Enjoy', deliverOn: '2026-12-01' } }, issued)!;
    await issueCard(made.card, made.code, null, issued);
    const balance = async () => (await cardsById([made.card.id]))[0]!.balanceCents;
    const date = nextBookableDay('Friday');
    const id = await paid(harness.payments, { date, start: '12:00', lengthMinutes: 120, giftCardCode: made.code });
    expect(await stored(id)).toMatchObject({ amountCents: 0, giftCard: { id: made.card.id, cents: 8000 } });
    expect(await balance()).toBe(0);
    expect((await options(id, date, 60)).times.find((time) => time.start === '15:00')).toMatchObject({ refundCents: 0, cardBackCents: 4000 });
    expect((await moveTo(id, { date, start: '15:00', lengthMinutes: 60 })).status).toBe(200);
    expect(await stored(id)).toMatchObject({ lengthMinutes: 60, giftCard: { cents: 4000 }, history: [{ cardBackCents: 4000, refundCents: 0 }] });
    expect(await balance()).toBe(4000);
    await cancelAsGuest(await stored(id), Date.now());
    expect(await balance()).toBe(8000);
  });
});
