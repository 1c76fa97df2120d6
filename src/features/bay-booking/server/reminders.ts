/**
 * Reminders before bay bookings, queued by the scheduled run (netlify/functions/bay-reminders.ts):
 * each confirmed booking with an e-mail whose start is within the content's `reminders.hoursBefore`
 * gets one message through the outbox, keyed by the booking and its start, so it is sent once. The
 * script that queues it reads the record first: a booking cancelled (or moved) since it was listed
 * gets none for that start, and a moved one gets one for its new start (a new key). A booking made or
 * moved inside the reminder window gets none: its confirmation or update has just told it all. Batches of REMINDER_BATCH, one round trip each; no new batch after the budget.
 */
import { bayBooking } from '../catalogue';
import type { BayBookingConfig } from '../rules/config';
import { bayReminder } from '../mail/reminder';
import { queued, queueMessage } from '../../../shared/mail/outbox';
import { defineScript, many } from '../../../shared/server/script';
import type { RunBudget } from '../../../shared/server/run-budget';
import { withStore } from '../../../shared/server/store';
import type { StoredBayBooking } from './record';
import { bookingKey, bookingsStartingBetween } from './store';

export const REMINDER_BATCH = 100;
const HOUR_MS = 3_600_000;

const remindScript = defineScript({
  name: 'bay reminders',
  keys: [],
  args: { now: 'number', starts: 'json' },
  steps: { messages: many(queueMessage) },
  variadicKeys: 'bookings',
  lua: `
local sent = {}
for i, booking in ipairs(bookings) do
  local text = redis.call('GET', booking)
  if text then
    local record = cjson.decode(text)
    local mail = messages[i]
    if record.status == 'confirmed' and record.startsAt == starts[i] and redis.call('HEXISTS', mail.statuses, mail.key) == 0 then
      queueMessage(mail, now)
      sent[#sent + 1] = mail.key
    end
  end
end
return sent`,
});

/** Whether a booking as listed is due its reminder at `now`: confirmed, with an address, starting within the window, booked (or last moved) before the window opened. */
export function reminderDue(record: StoredBayBooking, now: number, config: BayBookingConfig = bayBooking): boolean {
  const startsAt = Date.parse(record.startsAt);
  const opens = startsAt - config.reminders.hoursBefore * HOUR_MS;
  return record.status === 'confirmed' && record.kind !== 'block' && record.email !== '' && startsAt > now && now >= opens && Date.parse(record.movedAt ?? record.createdAt) < opens;
}

export interface ReminderRun {
  /** Outbox keys queued (send them after answering). */
  queued: string[];
  /** Bookings left for the next run by the budget. */
  deferred: number;
}

/** Queues the reminders due at `now`, batch by batch while the run's budget lasts. */
export async function queueDueReminders(origin: string, now: number, budget: RunBudget, config: BayBookingConfig = bayBooking): Promise<ReminderRun> {
  const listed = await bookingsStartingBetween(now, now + config.reminders.hoursBefore * HOUR_MS + 1);
  const due = listed.filter((record) => reminderDue(record, now, config));
  const run: ReminderRun = { queued: [], deferred: 0 };
  for (let at = 0; at < due.length; at += REMINDER_BATCH) {
    if (budget.spent()) {
      run.deferred = due.length - at;
      break;
    }
    const batch = due.slice(at, at + REMINDER_BATCH);
    const answer = await withStore((store) =>
      remindScript.run(store, {
        keys: { bookings: batch.map((record) => bookingKey(record.id)) },
        args: { now, starts: batch.map((record) => record.startsAt) },
        steps: { messages: batch.map((record) => queued(bayReminder(record, origin, now, config), new Date(now))) },
      }),
    );
    run.queued.push(...(Array.isArray(answer) ? answer.map(String) : []));
  }
  return run;
}
