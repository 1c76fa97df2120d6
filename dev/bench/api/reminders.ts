// The scheduled reminder run over 1,000 bay bookings due, against the local mail catcher: it queues a
// reminder for each and sends what its budget allows (the rest waits for the outbox's run); the whole
// run must end within the scheduled runs' budget (src/shared/server/run-budget.ts).
import { createClient } from 'redis';
import { bayBooking } from '../../../src/features/bay-booking/catalogue';
import { localMoment } from '../../../src/features/bay-booking/rules/local-time';
import type { StoredBayBooking } from '../../../src/features/bay-booking/server/record';
import { bookingKey, INDEX_KEY } from '../../../src/features/bay-booking/server/store';
import { QUEUE_KEY, STATUS_KEY } from '../../../src/shared/mail/outbox';
import { RUN_BUDGET_MS } from '../../../src/shared/server/run-budget';
import { startMailCatcher } from '../../mail-catcher/index';
import type { BundledFunctions } from './functions';
import { table } from './report';

const DUE_BOOKINGS = 1_000;
const HOUR_MS = 3_600_000;
const REMINDER_KEY = /^bay-reminder:/;

/** `count` confirmed bookings with an e-mail, starting within the reminder window, booked days before it opened. */
async function seedDueBookings(redisUrl: string, count: number, now: number): Promise<void> {
  const client = createClient({ url: redisUrl, RESP: 2 });
  await client.connect();
  try {
    const window = bayBooking.reminders.hoursBefore * HOUR_MS;
    const multi = client.multi();
    for (let index = 0; index < count; index += 1) {
      const startsAt = now + HOUR_MS + Math.floor(((window - 2 * HOUR_MS) * index) / count);
      const local = localMoment(startsAt);
      const record: StoredBayBooking = {
        id: `00000000-0000-4000-9000-${String(index).padStart(12, '0')}`,
        kind: 'online',
        status: 'confirmed',
        bayId: bayBooking.bays[index % bayBooking.bays.length]!.id,
        date: local.date,
        start: `${String(Math.floor(local.minute / 60)).padStart(2, '0')}:${String(local.minute % 60).padStart(2, '0')}`,
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(startsAt + HOUR_MS).toISOString(),
        lengthMinutes: 60,
        partySize: 2,
        name: `Reminded Guest ${index}`,
        email: `reminded${index}@example.com`,
        phone: '608-555-0100',
        amountCents: 4000,
        includedMinutes: 0,
        refundedCents: 0,
        createdAt: new Date(now - 3 * 24 * HOUR_MS).toISOString(),
        holdUntil: 0,
      };
      multi.set(bookingKey(record.id), JSON.stringify(record)).zAdd(INDEX_KEY, { score: startsAt, value: record.id });
    }
    await multi.exec();
  } finally {
    client.destroy();
  }
}

/** Reminders queued (or sent) so far, and those still waiting in the outbox. */
async function reminderCounts(redisUrl: string): Promise<{ queued: number; waiting: number }> {
  const client = createClient({ url: redisUrl, RESP: 2 });
  await client.connect();
  try {
    const statuses = await client.hKeys(STATUS_KEY);
    const waiting = (await client.zRange(QUEUE_KEY, 0, -1)).filter((key) => REMINDER_KEY.test(key)).length;
    return { queued: statuses.filter((key) => REMINDER_KEY.test(key)).length, waiting };
  } finally {
    client.destroy();
  }
}

/** One scheduled reminder run over 1,000 bookings due, timed against the run's budget. */
export async function reminderBudget(functions: BundledFunctions, redisUrl: string): Promise<void> {
  await seedDueBookings(redisUrl, DUE_BOOKINGS, Date.now());
  const catcher = await startMailCatcher();
  process.env['SMTP_URL'] = catcher.smtpUrl;
  try {
    const started = performance.now();
    const response = await functions.runScheduled('bay-reminders');
    const elapsed = performance.now() - started;
    const { queued, waiting } = await reminderCounts(redisUrl);
    const sent = (await catcher.messages()).length;
    const ok = response.status === 204 && queued === DUE_BOOKINGS && elapsed <= RUN_BUDGET_MS;
    console.log(`\nOne scheduled reminder run over ${DUE_BOOKINGS.toLocaleString('en-US')} bay bookings due, against the local mail catcher\n`);
    table([
      {
        due: DUE_BOOKINGS,
        'reminders queued': queued,
        'sent in the run': sent,
        'left for the outbox run': waiting,
        time: `${(elapsed / 1000).toFixed(2)} s`,
        budget: `≤ ${RUN_BUDGET_MS / 1000} s (the scheduled runs' budget), every booking reminded`,
        ok: ok ? 'yes' : 'NO',
      },
    ]);
    if (!ok) process.exitCode = 1;
  } finally {
    delete process.env['SMTP_URL'];
    await catcher.close();
  }
}
