// Bay time in the staff reports: the scripts that confirm, release and refund a booking keep the day
// aggregates in their own step (use by half hour while confirmed, the payment on its day, each refund on
// its day), and rebuilding from the records gives exactly what they kept after a random mix of
// bookings, blocks, desk bookings, lapsed holds, cancellations with and without refunds.
import { describe, expect, it } from 'vitest';
import hold from '../../netlify/functions/bay-hold';
import type { BayHoldRequest, StaffBayEntry } from '../../src/features/bay-booking/contract/booking-form';
import { bookingKeys } from '../../src/features/bay-booking/server/booking-keys';
import { addStaffEntry, cancelByStaff } from '../../src/features/bay-booking/server/staff';
import { readBooking, releaseBooking } from '../../src/features/bay-booking/server/store';
import { venueDate } from '../../src/domain/venue-calendar';
import { rebuildReports } from '../../src/features/reports/server/rebuild';
import { nextBookableDay } from '../support/bay-dates';
import { apiRequest } from './api-helpers';
import { useBayPayments, cancelAsGuest } from './bay-helpers';
import { moveTo } from './bay-move-helpers';
import { clearReports, reportKeys, withoutZeros } from './report-helpers';

const guest = { name: 'Robin Fairway', email: 'robin@example.com', phone: '608-555-0142' };
const harness = useBayPayments();

async function held(date: string, start: string, lengthMinutes = 60): Promise<{ bookingId: string; sessionId: string }> {
  const body: BayHoldRequest = { date, start, lengthMinutes, partySize: 2, bayType: 'standard', ...guest };
  const response = await hold(apiRequest('/api/bay-hold', { body, headers: { 'x-forwarded-for': `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } }));
  expect(response.status, await response.clone().text()).toBe(200);
  const answer = (await response.json()) as { url: string; bookingId: string };
  return { bookingId: answer.bookingId, sessionId: answer.url.split('/').at(-1)! };
}

async function paidWithEvents(date: string, start: string, lengthMinutes = 60): Promise<{ id: string; eventIds: string[] }> {
  const { bookingId, sessionId } = await held(date, start, lengthMinutes);
  const { events } = await harness.payments.emulator.completeCheckout(sessionId, { email: guest.email });
  expect(await readBooking(bookingId)).toMatchObject({ status: 'confirmed' });
  return { id: bookingId, eventIds: events.map((event) => event.id) };
}

const paid = async (date: string, start: string, lengthMinutes = 60): Promise<string> => (await paidWithEvents(date, start, lengthMinutes)).id;

/** A small deterministic generator, so a failing mix can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('bay time in the staff reports', () => {
  it('moves a booking’s time with it, and counts what a dearer move was paid on its day', async () => {
    const date = nextBookableDay('Friday');
    const id = await paid(date, '12:00');
    const first = (await readBooking(id))!;
    const moved = await moveTo(id, { date, start: '15:00', lengthMinutes: 90 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await harness.payments.emulator.completeCheckout(moved.body.checkoutUrl!.split('/').at(-1)!, { email: guest.email });
    const after = (await readBooking(id))!;
    expect(after).toMatchObject({ start: '15:00', lengthMinutes: 90 });
    const days = await reportKeys();
    expect(days[`report:day:${date}`]).toMatchObject({ 'use:paid:720': '0', 'use:paid:750': '0', 'use:paid:900': '30', 'use:paid:930': '30', 'use:paid:960': '30' });
    expect(days[`report:day:${venueDate(new Date())}`]).toMatchObject({ 'rev:bay': String(after.amountCents) });
    expect(after.amountCents).toBeGreaterThan(first.amountCents);
  });

  it('counts a paid booking’s time and payment, takes the time back when cancelled and counts the refund on its day', async () => {
    const date = nextBookableDay('Friday');
    const { id, eventIds } = await paidWithEvents(date, '18:00', 90);
    const record = (await readBooking(id))!;
    const today = venueDate(new Date());
    const day = await reportKeys();
    expect(day[`report:day:${today}`]).toMatchObject({ 'rev:bay': String(record.amountCents) });
    expect(day[`report:day:${date}`]).toMatchObject({ 'use:paid:1080': '30', 'use:paid:1110': '30', 'use:paid:1140': '30' });
    // The webhook delivered again counts nothing more.
    for (const eventId of eventIds) await harness.payments.emulator.resendEvent(eventId);
    expect(await reportKeys()).toEqual(day);

    const cancelled = await cancelAsGuest(record, Date.now());
    expect(cancelled).toMatchObject({ status: 'cancelled', refundedCents: record.amountCents });
    const after = await reportKeys();
    expect(after[`report:day:${today}`]).toMatchObject({ 'rev:bay': String(record.amountCents), 'ref:bay': String(record.amountCents) });
    expect(after[`report:day:${date}`]).toMatchObject({ 'use:paid:1080': '0', 'use:paid:1110': '0', 'use:paid:1140': '0' });
  });

  it('rebuilds from the records exactly what the writes kept after a random mix of bookings, blocks, lapses, cancels and refunds', async () => {
    const next = random(20261128);
    const dates = [nextBookableDay('Friday'), nextBookableDay('Saturday')];
    const starts = ['12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00'];
    const live: string[] = [];
    let free = starts.flatMap((start) => dates.map((date) => ({ date, start })));
    const take = () => free.splice(Math.floor(next() * free.length), 1)[0]!;
    for (let step = 0; step < 40 && free.length > 0; step += 1) {
      const roll = next();
      if (roll < 0.35) {
        const { date, start } = take();
        live.push(await paid(date, start, next() < 0.5 ? 60 : 90));
      } else if (roll < 0.5) {
        const { date, start } = take();
        const entry: StaffBayEntry = next() < 0.5 ? { kind: 'block', date, start, lengthMinutes: 60, bayId: 'bay-6', reason: 'Projector repair' } : { kind: 'booking', date, start, lengthMinutes: 60, bayId: 'bay-6', partySize: 3, name: 'Walk-in' };
        live.push((await addStaffEntry(entry, Date.now())).id);
        free = free.filter((slot) => !(slot.date === date && slot.start === start));
      } else if (roll < 0.6) {
        // A hold never paid: it lapses and counts nothing.
        const { date, start } = take();
        const { bookingId } = await held(date, start);
        const record = (await readBooking(bookingId))!;
        expect(await releaseBooking(bookingId, bookingKeys(record), { status: 'expired', from: ['held'] })).toMatchObject({ status: 'expired' });
      } else if (roll < 0.75 && live.length > 0) {
        // A guest moves a booking: to a free start, as long or longer (a dearer move is paid through Checkout).
        const id = live[Math.floor(next() * live.length)]!;
        const record = (await readBooking(id))!;
        if (record.kind !== 'online') continue;
        const target = free.find((slot) => slot.date === record.date);
        if (!target) continue;
        const moved = await moveTo(id, { date: target.date, start: target.start, lengthMinutes: next() < 0.5 ? record.lengthMinutes : 90 });
        if (moved.status !== 200) continue;
        free = free.filter((slot) => slot !== target);
        if (moved.body.checkoutUrl) await harness.payments.emulator.completeCheckout(moved.body.checkoutUrl.split('/').at(-1)!, { email: guest.email });
      } else if (live.length > 0) {
        const id = live.splice(Math.floor(next() * live.length), 1)[0]!;
        const record = (await readBooking(id))!;
        if (record.kind === 'online' && next() < 0.5) await cancelAsGuest(record, Date.now());
        else await cancelByStaff(id, next() < 0.5);
      }
    }
    const kept = await reportKeys();
    expect(Object.keys(kept).some((key) => key.startsWith('report:day:'))).toBe(true);
    await clearReports();
    await rebuildReports();
    // Zeroed fields are what a cancel leaves behind; the rebuild writes none. Compare the non-zero counts.
    expect(withoutZeros(await reportKeys())).toEqual(withoutZeros(kept));
  });
});
