/**
 * Paying the refunds bay bookings owe (refund-step.ts writes them in the step that cancels): the
 * request that cancelled pays at once; what Stripe did not confirm then is paid by the scheduled run,
 * each failure putting the next try further off (as the outbox retries mail), until after the last
 * attempt the refund is listed for the staff, who retry it. The amount and the idempotency key are the
 * entry's, so a retry never refunds twice or more than was owed.
 */
import { bayBooking } from '../catalogue';
import type { FailedRefund } from '../contract/admin-bay-bookings';
import type { BayBookingConfig } from '../rules/config';
import { bayName } from './booking-view';
import { MAX_ATTEMPTS, retryDelayMs } from '../../../shared/mail/message';
import { defineScript } from '../../../shared/server/script';
import { withStore } from '../../../shared/server/store';
import { refundPayment } from './payment';
import type { RunBudget } from '../../../shared/server/run-budget';
import type { Stripe } from '../../../shared/payments/stripe-client';
import { readStoredBooking, type StoredBayBooking } from './record';
import { FAILED_REFUNDS_KEY, REFUNDS_KEY } from './refund-step';
import { bookingKey, readBooking } from './store';
import { reportDay, reportDayAt } from '../../reports/server/tally-step';
import { BAY_REFUND_FIELD } from './report-tallies';

/** Attempts before a refund is given up and listed for the staff: as many as a message's. */
export const REFUND_MAX_ATTEMPTS = MAX_ATTEMPTS;
/** Refunds paid per scheduled run at most; the rest wait for the next run. */
export const REFUNDS_PER_RUN = 20;

/**
 * Stripe confirmed the entry with `key`: it counts as refunded (on its top-up too, when it went back to
 * one) and the next entry owed, if any, takes its place, due at once; with none left the booking leaves
 * both lists.
 */
const paidScript = defineScript({
  name: 'bay refund paid',
  keys: ['booking', 'queue', 'failed'],
  args: { key: 'string', now: 'number', at: 'string', refundField: 'string' },
  steps: { day: reportDay },
  lua: `
local text = redis.call('GET', booking)
if not text then return '' end
local record = cjson.decode(text)
local owed = record.refundOwed
if type(owed) ~= 'table' or owed.key ~= key then return text end
record.refundedCents = (record.refundedCents or 0) + owed.cents
-- The reports: each refund on the day Stripe confirmed it (the record keeps when, for the rebuild).
if type(record.refunds) ~= 'table' then record.refunds = {} end
table.insert(record.refunds, { cents = owed.cents, at = at })
tallyField(day, refundField, owed.cents)
for _, payment in ipairs(record.topUps or {}) do
  if payment.paymentIntentId == owed.paymentIntentId then payment.refundedCents = (payment.refundedCents or 0) + owed.cents end
end
local later = owed.later
if type(later) == 'table' and #later > 0 then
  local following = table.remove(later, 1)
  following.attempts = 0
  if #later > 0 then following.later = later end
  record.refundOwed = following
  redis.call('ZADD', queue, now, record.id)
else
  record.refundOwed = nil
  redis.call('ZREM', queue, record.id)
end
text = cjson.encode(record)
redis.call('SET', booking, text)
redis.call('ZREM', failed, record.id)
return text`,
});

/** Stripe refused or did not answer: one more attempt counted, tried again later, or given up for the staff. */
const failedScript = defineScript({
  name: 'bay refund failed',
  keys: ['booking', 'queue', 'failed'],
  args: { key: 'string', error: 'string', now: 'number', maxAttempts: 'number', delays: 'json' },
  lua: `
local text = redis.call('GET', booking)
if not text then return '' end
local record = cjson.decode(text)
local owed = record.refundOwed
if type(owed) ~= 'table' or owed.key ~= key then return text end
owed.attempts = (owed.attempts or 0) + 1
owed.lastError = error
if owed.attempts >= maxAttempts then
  owed.failed = true
  redis.call('ZREM', queue, record.id)
  redis.call('ZADD', failed, now, record.id)
else
  redis.call('ZADD', queue, now + delays[owed.attempts], record.id)
end
text = cjson.encode(record)
redis.call('SET', booking, text)
return text`,
});

/** Puts a given-up refund back in the queue, due now, its attempts reset (the staff's retry). */
const retryScript = defineScript({
  name: 'bay refund retry',
  keys: ['booking', 'queue', 'failed'],
  args: { now: 'number' },
  lua: `
local text = redis.call('GET', booking)
if not text then return 0 end
local record = cjson.decode(text)
if type(record.refundOwed) ~= 'table' or not record.refundOwed.failed then return 0 end
record.refundOwed.failed = nil
record.refundOwed.attempts = 0
redis.call('SET', booking, cjson.encode(record))
redis.call('ZREM', failed, record.id)
redis.call('ZADD', queue, now, record.id)
return 1`,
});

const DELAYS = Array.from({ length: REFUND_MAX_ATTEMPTS }, (_, index) => retryDelayMs(index + 1));
const keysOf = (id: string) => ({ booking: bookingKey(id), queue: REFUNDS_KEY, failed: FAILED_REFUNDS_KEY });

function describeFailure(error: unknown): string {
  const text = error instanceof Error ? `${(error as { type?: string }).type ?? error.name}: ${error.message}` : String(error);
  return text.replace(/\s+/g, ' ').slice(0, 300) || 'unknown error';
}

/**
 * Pays what the booking owes, if anything: the record as stored after (the refund counted, or the
 * failure recorded and the next try scheduled). A failure is recorded and then thrown.
 */
export async function payOwedRefund(id: string, now: number = Date.now(), options: Stripe.RequestOptions = {}): Promise<StoredBayBooking | null> {
  const record = await readBooking(id);
  const owed = record?.refundOwed;
  const paymentIntentId = owed?.paymentIntentId ?? record?.paymentIntentId;
  if (!record || !owed || !paymentIntentId) return record;
  try {
    await refundPayment(paymentIntentId, owed.cents, owed.key, options);
  } catch (error) {
    await withStore((store) =>
      failedScript.run(store, { keys: keysOf(id), args: { key: owed.key, error: describeFailure(error), now, maxAttempts: REFUND_MAX_ATTEMPTS, delays: DELAYS } }),
    );
    throw error;
  }
  const after = await withStore((store) =>
    paidScript.run(store, { keys: keysOf(id), args: { key: owed.key, now, at: new Date(now).toISOString(), refundField: BAY_REFUND_FIELD }, steps: { day: reportDayAt(now) } }),
  );
  return after ? readStoredBooking(after) : null;
}

/**
 * The request that wrote the refunds pays them at once, entry after entry; a failure leaves the rest
 * to the scheduled run (they are owed, not lost).
 */
export async function payOwedRefundNow(record: StoredBayBooking, now: number = Date.now()): Promise<StoredBayBooking> {
  let current = record;
  while (current.refundOwed) {
    const key = current.refundOwed.key;
    try {
      current = (await payOwedRefund(current.id, now)) ?? current;
    } catch (error) {
      console.error('[bay-booking] refund of', record.id, 'not paid yet, retried by the scheduled run:', describeFailure(error));
      return (await readBooking(record.id)) ?? current;
    }
    // The same entry still owed (another request settled it differently): leave it to the scheduled run.
    if (current.refundOwed?.key === key) break;
  }
  return current;
}

export interface RefundRunReport {
  paid: number;
  failed: number;
}

/**
 * The scheduled run: pays the refunds due, oldest first, at most REFUNDS_PER_RUN and none once the
 * run's budget is spent (each Stripe call within what is left of it, tried once), and stops at the
 * first failure that says Stripe is down (`isDown`) so the rest keep their turn.
 */
export async function payDueRefunds(now: number, run: RunBudget, isDown: (error: unknown) => boolean): Promise<RefundRunReport> {
  const ids = await withStore((store) => store.zrange<string[]>(REFUNDS_KEY, '-inf', now, { byScore: true, offset: 0, count: REFUNDS_PER_RUN }));
  const report: RefundRunReport = { paid: 0, failed: 0 };
  for (const id of ids) {
    const timeout = run.callTimeout();
    if (timeout <= 0) break;
    try {
      const after = await payOwedRefund(id, now, { timeout, maxNetworkRetries: 0 });
      if (after && !after.refundOwed) report.paid += 1;
    } catch (error) {
      report.failed += 1;
      if (isDown(error)) break;
    }
  }
  return report;
}

/** The staff's retry of a refund given up after every attempt; false when it is not one. */
export async function retryFailedRefund(id: string, now: number): Promise<boolean> {
  return Number(await withStore((store) => retryScript.run(store, { keys: keysOf(id), args: { now } }))) === 1;
}

/** Bookings whose refund was given up, newest first (the dashboard's list). */
export async function failedRefunds(limit = 100): Promise<StoredBayBooking[]> {
  const ids = await withStore((store) => store.zrange<string[]>(FAILED_REFUNDS_KEY, 0, limit - 1, { rev: true }));
  const records = await Promise.all(ids.map(readBooking));
  return records.filter((record): record is StoredBayBooking => record !== null);
}

/** The dashboard's list of given-up refunds. */
export async function failedRefundList(config: BayBookingConfig = bayBooking): Promise<FailedRefund[]> {
  return (await failedRefunds()).map((record) => ({
    bookingId: record.id,
    name: record.name,
    email: record.email,
    date: record.date,
    start: record.start,
    bayName: bayName(record.bayId, config),
    amountCents: record.refundOwed?.cents ?? 0,
    attempts: record.refundOwed?.attempts ?? 0,
    lastError: record.refundOwed?.lastError ?? '',
  }));
}

/** The staff's retry: back in the queue, and tried once now (a refusal leaves it to the scheduled run). False when the booking has no given-up refund. */
export async function retryRefundNow(id: string, now: number): Promise<boolean> {
  if (!(await retryFailedRefund(id, now))) return false;
  await payOwedRefund(id, now).catch((error: unknown) => console.error('[bay-booking] retried refund of', id, 'not paid yet:', describeFailure(error)));
  return true;
}
