// Moving a bay booking through its manage link, with the 10,000 bookings of the bay part stored: a move
// to a time of the same price is one store round trip before the answer (its update mail sent after it,
// to a local mail catcher). Its median and p95 over 100 moves are printed with the process's CPU time
// per move, which other load on a shared machine does not inflate as it does the times. A move to a
// dearer time: one round trip for the move and one to record its Checkout session (Stripe aside), as a hold.
// A cancel through the same link: one round trip before the answer (its refund paid after it).
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import Stripe from 'stripe';
import type { StripeEmulator } from '../../stripe-emulator/index';
import { startMailCatcher } from '../../mail-catcher/index';
import { bayBooking } from '../../../src/features/bay-booking/catalogue';
import { addDays, localMoment } from '../../../src/features/bay-booking/rules/local-time';
import { claimedInstants, contentAllows, dayPlan, rangePrice, type DaySlot } from '../../../src/features/bay-booking/rules/rules';
import { bookingToken } from '../../../src/features/bay-booking/server/link-token';
import { sealRevision } from '../../../src/features/bay-booking/server/revision';
import { readStoredBooking, type StoredBayBooking } from '../../../src/features/bay-booking/server/record';
import { bookingKey, INDEX_KEY, slotKey } from '../../../src/features/bay-booking/server/store';
import type { BundledFunctions } from './functions';
import { percentile, table } from './report';
import { request } from './requests';

const MOVES = 100;

const connect = (url: string) => createClient({ url, RESP: 2 });
type Redis = ReturnType<typeof connect>;

/**
 * A day of the booking window (from three days ahead), a standard bay and two starts of the same price
 * it has free for `hours` hours: the stored bookings fill most days.
 */
async function freePair(redis: Redis, hours: number, skip: string | null = null): Promise<{ date: string; bayId: string; starts: [DaySlot, DaySlot] }> {
  const type = bayBooking.bayTypes.find((each) => each.id === 'standard')!;
  const count = (hours * 60) / bayBooking.slotMinutes;
  const today = localMoment(Date.now()).date;
  for (let offset = 3; offset <= bayBooking.window.daysAhead; offset += 1) {
    const date = addDays(today, offset);
    const plan = dayPlan(bayBooking, date);
    if (date === skip || plan.closedReason) continue;
    for (const bay of bayBooking.bays.filter((each) => each.type === type.id)) {
      const free: DaySlot[] = [];
      for (let index = 0; index + count <= plan.slots.length; index += 1) {
        if (!contentAllows(bayBooking, plan, bay, index, hours * 60, Date.now())) continue;
        const keys = claimedInstants(bayBooking, plan.slots[index]!.startsAt, hours * 60).map((instant) => slotKey(bay.id, instant));
        if ((await redis.mGet(keys)).every((value) => value === null)) free.push(plan.slots[index]!);
      }
      const price = (slot: DaySlot) => rangePrice(bayBooking, type, plan.slots.slice(plan.slots.indexOf(slot), plan.slots.indexOf(slot) + count));
      for (const a of free) {
        const b = free.find((other) => Math.abs(other.startsAt - a.startsAt) >= hours * 3_600_000 && price(other) === price(a));
        if (b) return { date, bayId: bay.id, starts: [a, b] };
      }
    }
  }
  throw new Error(`no bay has two free ${hours}-hour ranges of the same price in the booking window`);
}

/** What an hour from `slot` costs on a standard bay. */
function hourPrice(date: string, slot: DaySlot): number {
  const slots = dayPlan(bayBooking, date).slots;
  const index = slots.findIndex((each) => each.startsAt === slot.startsAt);
  return rangePrice(bayBooking, bayBooking.bayTypes.find((type) => type.id === 'standard')!, slots.slice(index, index + 60 / bayBooking.slotMinutes));
}

/** A payment of `cents` made through the emulator's Checkout: its payment intent, which a refund can go back to. */
async function paidIntent(emulator: StripeEmulator, cents: number): Promise<string> {
  const stripe = new Stripe(emulator.secretKey, { host: emulator.host, port: emulator.port, protocol: 'http' });
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: cents, product_data: { name: 'Bay time' } } }],
    success_url: 'http://localhost:8888/book/success',
  });
  await emulator.completeCheckout(session.id, { email: 'bench.mover@example.com' });
  return String((await stripe.checkout.sessions.retrieve(session.id)).payment_intent);
}

/** A paid online booking written as the hold and its confirmation write it. */
async function storeBooking(redis: Redis, date: string, bayId: string, slot: DaySlot, amountCents: number, paymentIntentId?: string): Promise<StoredBayBooking> {
  const id = randomUUID();
  const record: StoredBayBooking = {
    id, kind: 'online', status: 'confirmed', bayId, date, start: slot.start, startsAt: new Date(slot.startsAt).toISOString(), endsAt: new Date(slot.startsAt + 3_600_000).toISOString(),
    lengthMinutes: 60, partySize: 2, name: 'Bench Mover', email: 'bench.mover@example.com', phone: '608-555-0100', amountCents, includedMinutes: 0, refundedCents: 0,
    createdAt: new Date().toISOString(), holdUntil: 0, paymentIntentId: paymentIntentId ?? `pi_bench_${id.slice(0, 8)}`,
  };
  const multi = redis.multi().set(bookingKey(id), JSON.stringify(record)).zAdd(INDEX_KEY, { score: slot.startsAt, value: id });
  for (const instant of claimedInstants(bayBooking, slot.startsAt, 60)) multi.set(slotKey(bayId, instant), `${id}|0`);
  await multi.exec();
  return record;
}

/** The booking's revision as its manage page reads it (the record as stored now). */
async function revisionOf(redis: Redis, id: string): Promise<{ record: StoredBayBooking; revision: string }> {
  const record = readStoredBooking(await redis.get(bookingKey(id)))!;
  return { record, revision: sealRevision(record) };
}

export async function bayMoveBudgets(functions: BundledFunctions, redisUrl: string, bridge: { requestCount: number }, emulator: StripeEmulator): Promise<void> {
  const redis = connect(redisUrl);
  await redis.connect();
  const catcher = await startMailCatcher({ delayMs: 0 });
  const smtp = process.env['SMTP_URL'];
  process.env['SMTP_URL'] = catcher.smtpUrl;
  try {
    const move = await functions.load('bay-booking');
    const { date, bayId, starts } = await freePair(redis, 1);
    const price = hourPrice(date, starts[0]);
    const booked = await storeBooking(redis, date, bayId, starts[0], price);
    const path = `/api/bay-booking/${booked.id}/${bookingToken(booked.id)}/move`;

    const times: number[] = [];
    const cpu: number[] = [];
    const trips: number[] = [];
    const statuses = new Set<number>();
    for (let run = 0; run < MOVES + 5; run += 1) {
      const { record, revision } = await revisionOf(redis, booked.id);
      const to = record.start === starts[0].start ? starts[1] : starts[0];
      const before = bridge.requestCount;
      const started = performance.now();
      const used = process.cpuUsage();
      const response = await move(request(path, { body: { date, start: to.start, lengthMinutes: 60, revision } }));
      await response.json();
      const elapsed = performance.now() - started;
      const spent = process.cpuUsage(used);
      const count = bridge.requestCount - before;
      statuses.add(response.status);
      // The update mail goes after the answer: let it go before the next move is counted.
      await functions.settle();
      if (run >= 5) {
        times.push(elapsed);
        cpu.push((spent.user + spent.system) / 1000);
        trips.push(count);
      }
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    const maxTrips = Math.max(...trips);

    const p95 = percentile(times, 95);
    const delivered = (await catcher.messages()).length;

    // A dearer time: 1 hour → 2 hours where the bay is free, paid through Checkout (Stripe emulator).
    const long = await freePair(redis, 2, date);
    const dear = await storeBooking(redis, long.date, long.bayId, long.starts[0], hourPrice(long.date, long.starts[0]));
    const dearRevision = (await revisionOf(redis, dear.id)).revision;
    const beforeDear = bridge.requestCount;
    const dearResponse = await move(request(`/api/bay-booking/${dear.id}/${bookingToken(dear.id)}/move`, { body: { date: long.date, start: dear.start, lengthMinutes: 120, revision: dearRevision } }));
    const dearAnswer = (await dearResponse.json()) as { checkoutUrl?: string | null };
    const dearTrips = bridge.requestCount - beforeDear;
    await functions.settle();

    // A cancel from the manage page: one round trip before the answer; its refund (Stripe) paid after it.
    const cancelPrice = hourPrice(long.date, long.starts[1]);
    const cancelled = await storeBooking(redis, long.date, long.bayId, long.starts[1], cancelPrice, await paidIntent(emulator, cancelPrice));
    const cancelRevision = (await revisionOf(redis, cancelled.id)).revision;
    const beforeCancel = bridge.requestCount;
    const cancelResponse = await move(request(`/api/bay-booking/${cancelled.id}/${bookingToken(cancelled.id)}/cancel`, { body: { revision: cancelRevision } }));
    const cancelAnswer = (await cancelResponse.json()) as { status?: string; refundedCents?: number };
    const cancelTrips = bridge.requestCount - beforeCancel;
    await functions.settle();
    const refunded = readStoredBooking(await redis.get(bookingKey(cancelled.id)))?.refundedCents;

    const ok = [...statuses].every((status) => status === 200) && maxTrips === 1 && delivered === MOVES + 5;
    const dearOk = dearResponse.status === 200 && Boolean(dearAnswer.checkoutUrl) && dearTrips <= 2;
    const cancelOk = cancelResponse.status === 200 && cancelAnswer.status === 'cancelled' && cancelAnswer.refundedCents === cancelPrice && refunded === cancelPrice && cancelTrips === 1;
    if (!ok || !dearOk || !cancelOk) process.exitCode = 1;
    console.log(`\nMoving and cancelling a bay booking through its manage link (${MOVES} moves after 5 warm-up moves, the bay part's bookings stored)\n`);
    table([
      {
        call: 'POST /api/bay-booking/{id}/{token}/move (same price)',
        status: [...statuses].join(', '),
        'round trips': maxTrips,
        median: `${percentile(times, 50).toFixed(1)} ms`,
        p95: `${p95.toFixed(1)} ms`,
        'CPU per move': `${percentile(cpu, 50).toFixed(1)} ms`,
        budget: '1 round trip; each update mailed after the answer (times printed)',
        ok: ok ? 'yes' : `NO (${delivered} mailed)`,
      },
      { call: 'POST …/move (dearer: held, Checkout)', status: dearResponse.status, 'round trips': dearTrips, median: '', p95: '', 'CPU per move': '', budget: '1 for the move + 1 for its Checkout session', ok: dearOk ? 'yes' : 'NO' },
      { call: 'POST …/cancel (refund paid after the answer)', status: cancelResponse.status, 'round trips': cancelTrips, median: '', p95: '', 'CPU per move': '', budget: '1 round trip; refunded after it', ok: cancelOk ? 'yes' : `NO (${refunded ?? 0} refunded)` },
    ]);
  } finally {
    if (smtp === undefined) delete process.env['SMTP_URL'];
    else process.env['SMTP_URL'] = smtp;
    await catcher.close();
    redis.destroy();
  }
}
