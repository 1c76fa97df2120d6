// Bay booking with 10,000 bookings stored: GET /api/bay-availability for a day (one round trip; p95 of
// 100 calls ≤ 50 ms) and POST /api/bay-hold (one round trip for the hold, one to record its Checkout session).
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { bayBooking } from '../../../src/features/bay-booking/catalogue';
import { addDays, localMoment, weekdayOf } from '../../../src/features/bay-booking/rules/local-time';
import { claimedInstants, dayPlan } from '../../../src/features/bay-booking/rules/rules';
import { bookingKey, INDEX_KEY, slotKey } from '../../../src/features/bay-booking/server/store';
import type { BundledFunctions } from './functions';
import { percentile, table } from './report';
import { request } from './requests';

const STORED_BAY_BOOKINGS = 10_000;

/**
 * Stores `count` confirmed bookings spread over the 30 days before today and the booking window, on
 * every bay, with their slot keys (as the hold script writes them), straight into Redis.
 */
async function seedBayBookings(redisUrl: string, count: number): Promise<void> {
  const client = createClient({ url: redisUrl, RESP: 2 });
  await client.connect();
  try {
    const today = localMoment(Date.now()).date;
    const days = Array.from({ length: 30 + bayBooking.window.daysAhead + 1 }, (_, i) => addDays(today, i - 30));
    let stored = 0;
    for (let attempt = 0; stored < count && attempt < count * 20; attempt += 1) {
      const date = days[attempt % days.length]!;
      const plan = dayPlan(bayBooking, date);
      const bay = bayBooking.bays[Math.floor(attempt / days.length) % bayBooking.bays.length]!;
      const slot = plan.slots[(attempt * 7) % Math.max(1, plan.slots.length)];
      if (!slot) continue;
      const id = randomUUID();
      const keys = claimedInstants(bayBooking, slot.startsAt, 60).map((instant) => slotKey(bay.id, instant));
      const existing = await client.mGet(keys);
      if (existing.some((value) => value !== null)) continue;
      const record = { id, kind: 'desk', status: 'confirmed', bayId: bay.id, date, start: slot.start, startsAt: new Date(slot.startsAt).toISOString(), endsAt: new Date(slot.startsAt + 3_600_000).toISOString(), lengthMinutes: 60, partySize: 2, name: `Bench ${stored}`, email: '', phone: '', amountCents: 0, includedMinutes: 0, refundedCents: 0, createdAt: new Date().toISOString(), holdUntil: 0 };
      const multi = client.multi().set(bookingKey(id), JSON.stringify(record)).zAdd(INDEX_KEY, { score: slot.startsAt, value: id });
      for (const key of keys) multi.set(key, `${id}|0`);
      await multi.exec();
      stored += 1;
    }
    // Fill the rest with past bookings on distinct keys (they weigh on the index and the store, not on a day's slots).
    const pipeline = client.multi();
    for (let i = stored; i < count; i += 1) {
      const id = randomUUID();
      const startsAt = Date.now() - (40 + (i % 300)) * 86_400_000;
      pipeline.set(bookingKey(id), JSON.stringify({ id, kind: 'desk', status: 'confirmed', bayId: 'bay-1', date: '2026-01-01', start: '12:00', startsAt: new Date(startsAt).toISOString(), endsAt: new Date(startsAt + 3_600_000).toISOString(), lengthMinutes: 60, partySize: 2, name: `Past ${i}`, email: '', phone: '', amountCents: 0, includedMinutes: 0, refundedCents: 0, createdAt: new Date().toISOString(), holdUntil: 0 }));
      pipeline.zAdd(INDEX_KEY, { score: startsAt, value: id });
    }
    await pipeline.exec();
  } finally {
    client.destroy();
  }
}

/** Availability for a day with 10,000 bookings stored (round trips, p95 of 100 calls) and one hold. */
export async function bayBudgets(functions: BundledFunctions, redisUrl: string, bridge: { requestCount: number }): Promise<void> {
  await seedBayBookings(redisUrl, STORED_BAY_BOOKINGS);
  const availability = await functions.load('bay-availability');
  let date = addDays(localMoment(Date.now()).date, 3);
  while (weekdayOf(date) !== 'Friday') date = addDays(date, 1);
  const path = `/api/bay-availability/${date}/120/4`;
  const before = bridge.requestCount;
  const first = await availability(request(path));
  const trips = bridge.requestCount - before;
  // The hold takes a start the day still has free (the seeded bookings fill many).
  const day = (await first.json()) as { bayTypes: Array<{ id: string; times: Array<{ start: string }> }> };
  const open = day.bayTypes.find((type) => type.times.length > 0);
  const times: number[] = [];
  for (let run = 0; run < 105; run += 1) {
    const started = performance.now();
    const response = await availability(request(path));
    await response.json();
    if (run >= 5) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const hold = await functions.load('bay-hold');
  const beforeHold = bridge.requestCount;
  const held = await hold(request('/api/bay-hold', { body: { date, start: open?.times[0]?.start ?? '12:00', lengthMinutes: 120, partySize: 4, bayType: open?.id ?? 'standard', name: 'Bench Guest', email: 'bench@example.com', phone: '608-555-0100' } }));
  const holdTrips = bridge.requestCount - beforeHold;
  const p95 = percentile(times, 95);
  const ok = first.status === 200 && trips === 1 && p95 <= 50 && held.status === 200 && holdTrips <= 2;
  if (!ok) process.exitCode = 1;
  console.log(`\nBay booking, ${STORED_BAY_BOOKINGS.toLocaleString('en-US')} bookings stored (availability: 100 calls after 5 warm-up calls)\n`);
  table([
    { call: `GET ${path}`, status: first.status, 'round trips': trips, median: `${percentile(times, 50).toFixed(1)} ms`, p95: `${p95.toFixed(1)} ms`, budget: '1 round trip, p95 ≤ 50 ms', ok: trips === 1 && p95 <= 50 ? 'yes' : 'NO' },
    { call: 'POST /api/bay-hold', status: held.status, 'round trips': holdTrips, median: '', p95: '', budget: '1 for the hold + 1 for its Checkout session', ok: held.status === 200 && holdTrips <= 2 ? 'yes' : 'NO' },
  ]);
}
