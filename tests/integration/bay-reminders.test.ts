// Reminders before bay bookings: queued once through the outbox by the scheduled run, at the content's
// hours before the start, none for a booking cancelled meanwhile; a run with 1,000 due stays within its
// time budget, and one stopped by its budget leaves the rest to the next run, each reminded once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import bayReminders from '../../netlify/functions/bay-reminders';
import { bayBooking } from '../../src/features/bay-booking/catalogue';
import { bayReminderKey } from '../../src/features/bay-booking/mail/reminder';
import { holdForGuest } from '../../src/features/bay-booking/server/booking';
import { cancelBooking } from '../../src/features/bay-booking/server/manage';
import type { StoredBayBooking } from '../../src/features/bay-booking/server/record';
import { queueDueReminders, REMINDER_BATCH } from '../../src/features/bay-booking/server/reminders';
import { bookingKey, INDEX_KEY } from '../../src/features/bay-booking/server/store';
import { nextBookableDay } from '../support/bay-dates';
import { RUN_BUDGET_MS, runBudget } from '../../src/shared/server/run-budget';
import { apiRequest, clearStore, ORIGIN, restoreStoreEnv, withRedis } from './api-helpers';

const HOUR = 3_600_000;
const guest = { name: 'Robin Fairway', email: 'robin@example.com', phone: '608-555-0142' };
const budget = () => runBudget();

/** A member's booking wholly covered by included time: confirmed at once, no payment involved. */
async function confirmed(date: string, start: string, customer: string): Promise<StoredBayBooking> {
  const member = { email: guest.email, customerId: customer, planSlug: 'bogey' };
  const { record } = await holdForGuest({ date, start, lengthMinutes: 60, partySize: 2, bayType: 'standard', ...guest }, member, Date.now(), { origin: ORIGIN, client: null });
  expect(record.status).toBe('confirmed');
  return record;
}

const statusOf = (key: string) => withRedis((redis) => redis.hGet('mail:status', key));

/** `count` confirmed bookings written straight to the store, starting `inHours` after `now`, booked days before. */
async function storedBookings(count: number, now: number, inHours: number): Promise<StoredBayBooking[]> {
  const records = Array.from({ length: count }, (_, index): StoredBayBooking => {
    const startsAt = now + inHours * HOUR + index * 60_000;
    return {
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      kind: 'online',
      status: 'confirmed',
      bayId: `bay-${(index % 5) + 1}`,
      date: new Date(startsAt).toISOString().slice(0, 10),
      start: '18:00',
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(startsAt + HOUR).toISOString(),
      lengthMinutes: 60,
      partySize: 2,
      ...guest,
      email: `guest${index}@example.com`,
      amountCents: 4000,
      includedMinutes: 0,
      refundedCents: 0,
      createdAt: new Date(now - 72 * HOUR).toISOString(),
      holdUntil: 0,
    };
  });
  await withRedis(async (redis) => {
    const batch = redis.multi();
    for (const record of records) batch.set(bookingKey(record.id), JSON.stringify(record)).zAdd(INDEX_KEY, { score: Date.parse(record.startsAt), value: record.id });
    await batch.exec();
  });
  return records;
}

describe('bay reminders', () => {
  beforeEach(async () => {
    await clearStore();
  });
  afterEach(() => restoreStoreEnv());

  it('queues one reminder per booking at the content’s hours before its start, once; none for a cancelled booking or one not due yet', async () => {
    const date = nextBookableDay('Friday');
    const first = await confirmed(date, '12:00', 'cus_one');
    const cancelled = await confirmed(date, '13:00', 'cus_two');
    await cancelBooking(cancelled, { refund: false });
    const later = await confirmed(date, '20:00', 'cus_three');
    const firstStart = Date.parse(first.startsAt);
    const opens = firstStart - bayBooking.reminders.hoursBefore * HOUR;

    expect((await queueDueReminders(ORIGIN, opens - 60_000, budget())).queued).toEqual([]);
    const run = await queueDueReminders(ORIGIN, opens + 15 * 60_000, budget());
    expect(run).toEqual({ queued: [bayReminderKey(first)], deferred: 0 });
    expect(await statusOf(bayReminderKey(first))).toBe('queued');
    expect(await statusOf(bayReminderKey(cancelled))).toBeNull();
    expect(await statusOf(bayReminderKey(later))).toBeNull();
    // The next run a quarter later queues nothing again.
    expect((await queueDueReminders(ORIGIN, opens + 30 * 60_000, budget())).queued).toEqual([]);
    const body = await withRedis((redis) => redis.get(`mail:msg:${bayReminderKey(first)}`));
    expect(body).toContain(`${ORIGIN}/book/manage?booking=${first.id}`);
  });

  it('1,000 bookings due are reminded in one run within its budget, each once', async () => {
    const now = Date.now();
    const records = await storedBookings(1000, now, 2);
    const started = performance.now();
    const run = await queueDueReminders(ORIGIN, now, budget());
    expect(performance.now() - started).toBeLessThan(RUN_BUDGET_MS);
    expect(run.deferred).toBe(0);
    expect(new Set(run.queued).size).toBe(1000);
    expect((await queueDueReminders(ORIGIN, now, budget())).queued).toEqual([]);
    expect(await statusOf(bayReminderKey(records[999]!))).toBe('queued');
  });

  it('a run stops taking batches at its budget; the next run reminds the rest, none twice', async () => {
    const now = Date.now();
    await storedBookings(250, now, 2);
    let tick = 0;
    // Each look at the clock is over half the budget later: one batch fits in it.
    const first = await queueDueReminders(ORIGIN, now, runBudget(RUN_BUDGET_MS, () => (tick += RUN_BUDGET_MS / 2 + 1)));
    expect(first.queued).toHaveLength(REMINDER_BATCH);
    expect(first.deferred).toBe(250 - REMINDER_BATCH);
    const second = await queueDueReminders(ORIGIN, now, budget());
    expect(second.queued).toHaveLength(250 - REMINDER_BATCH);
    expect(new Set([...first.queued, ...second.queued]).size).toBe(250);
  });

  it('the scheduled function queues and sends what is due now', async () => {
    const [record] = await storedBookings(1, Date.now(), 3);
    const response = await bayReminders(apiRequest('/.netlify/functions/bay-reminders', { method: 'POST' }));
    expect(response.status).toBe(204);
    expect(await statusOf(bayReminderKey(record!))).toMatch(/^(queued|sent)$/);
  });
});
