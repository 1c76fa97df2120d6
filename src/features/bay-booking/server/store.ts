/**
 * Bay bookings in Redis:
 *   bay:slot:{bayId}:{epochMinute}  one key per bay and half hour: '{bookingId}|{holdUntilMs}' (0 = confirmed)
 *   bay:booking:{id}                the record (record.ts)
 *   bay:bookings                    sorted set of ids by start (ms): day views and search
 *   bay:holds                       sorted set of held ids by when the hold lapses (ms): reconciliation
 *   bay:member:{customerId}:{date}  hash id → 'minutes|fromMs|untilMs|holdUntilMs': a member's included time that day
 * A half hour is taken when its key names a confirmed booking or a hold not yet lapsed at "now"
 * (passed in, never read from Redis): the one Lua function both availability and holds apply
 * (claim-rules.ts). Every operation is one script (one round trip; the hold's is hold.ts); changing a
 * booking reads its record first (two). The index, holds, slot and member-day keys follow from the
 * records (restore.ts rebuilds them on import).
 */
import type { MailMessage } from '../../../shared/mail/message';
import { queued, queueMessage } from '../../../shared/mail/outbox';
import { defineScript, many, optional } from '../../../shared/server/script';
import { withStore } from '../../../shared/server/store';
import { memberDay, TAKEN_LUA } from './claim-rules';
import { readStoredBooking, type StoredBayBooking } from './record';
import { oweRefund, owedRefundQueue } from './refund-step';
import { moveBalance } from '../../gift-cards/server/balance-script';
import { cardReturnOf, RETURN_CARD_LUA } from './gift-card-hold';
import { AS_SEEN_LUA, type BookingRevision } from './revision-shape';
import { reportDay, reportDayAt, type ReportDayInput } from '../../reports/server/tally-step';
import { BAY_REVENUE_FIELD } from './report-tallies';

export const INDEX_KEY = 'bay:bookings';
export const HOLDS_KEY = 'bay:holds';
export const bookingKey = (id: string) => `bay:booking:${id}`;
export const slotKey = (bayId: string, instant: number) => `bay:slot:${bayId}:${Math.floor(instant / 60_000)}`;
export const memberDayKey = (memberId: string, date: string) => `bay:member:${memberId}:${date}`;

/** Slot keys outlive their half hour by this long (the record keeps the history). */
export const SLOT_KEEP_MS = 7 * 24 * 3_600_000;

/**
 * Which of the given half hours are taken and, for a member, their included time that day: minutes
 * used and left, and for each start asked the half hours included there (claim-rules.ts). For a booking
 * being moved (`self`), its own half hours are free and its own included time is not counted. One round trip.
 */
const takenScript = defineScript({
  name: 'bay taken',
  keys: [],
  args: { now: 'number', slotMs: 'number', starts: 'json', self: 'string' },
  steps: { member: optional(memberDay) },
  variadicKeys: 'slots',
  lua: `${TAKEN_LUA}
local flags = {}
for i, slot in ipairs(slots) do flags[i] = taken(redis.call('GET', slot), now, self) and '1' or '0' end
local live = { spans = {}, used = 0, left = 0 }
if member then live = memberDayNow(member, now, self ~= '' and self or nil) end
local grants = {}
for i, start in ipairs(starts) do grants[i] = includedGrant(live, start[2], slotMs, start[1]) end
return { table.concat(flags), live.used, live.left, table.concat(grants, ',') }`,
});

export interface TakenAnswer {
  /** One flag per key asked, in order. */
  taken: boolean[];
  memberUsedMinutes: number;
  memberMinutesLeft: number;
  /** Per start asked, the included half hours a booking starting there gets. */
  included: number[];
}

/** Starts to grant included time at: each instant with the most half hours its booking may include (rules.ts includedSlots). */
export interface IncludedAsk {
  slotMinutes: number;
  starts: ReadonlyArray<{ startsAt: number; cap: number }>;
}

export async function readTaken(slotKeys: readonly string[], member: { id: string; date: string; allowanceMinutes?: number } | null, now: number, ask?: IncludedAsk, self = ''): Promise<TakenAnswer> {
  const answer = await withStore((store) =>
    takenScript.run(store, {
      keys: { slots: [...slotKeys] },
      args: { now, slotMs: (ask?.slotMinutes ?? 0) * 60_000, starts: (ask?.starts ?? []).map((start) => [start.startsAt, start.cap]), self },
      steps: { member: member ? { keys: { day: memberDayKey(member.id, member.date) }, args: { allowance: member.allowanceMinutes ?? 0 } } : null },
    }),
  );
  const [flags, used, left, grants] = Array.isArray(answer) ? answer : [];
  return {
    taken: [...String(flags ?? '')].map((flag) => flag === '1'),
    memberUsedMinutes: Number(used ?? 0),
    memberMinutesLeft: Number(left ?? 0),
    included: String(grants ?? '').split(',').filter((grant) => grant !== '').map(Number),
  };
}

/**
 * Confirms a paid hold: each half hour must still be free or its own (a lapsed hold whose slots no one
 * took is claimed again); then the slots, the member's included time and the record become
 * confirmed, and the guest's confirmation (when given) is queued in the outbox in the same step.
 * Answers 'confirmed', 'already' (replayed), 'conflict' (someone else holds a slot now, or a gift
 * card's part went back when the hold lapsed: the record is cancelled, the card's part given back
 * and the payment must be refunded) or 'missing'.
 */
const confirmScript = defineScript({
  name: 'bay confirm',
  keys: ['booking', 'holds', 'memberDay?', 'visitorIp?', 'visitorEmail?'],
  args: { now: 'number', paymentIntent: 'string', keep: 'number', slotMs: 'number', startsAt: 'number', paidAt: 'string', revenueField: 'string' },
  steps: { confirmation: optional(queueMessage), refund: oweRefund, giftCard: optional(moveBalance), use: many(reportDay), paidDay: reportDay },
  variadicKeys: 'slots',
  lua: `${TAKEN_LUA}${RETURN_CARD_LUA}
local text = redis.call('GET', booking)
if not text then return 'missing' end
local record = cjson.decode(text)
if record.status == 'confirmed' then return 'already' end
-- The payment Stripe captured is revenue on the day it is recorded, once, whatever becomes of the booking.
local function countPayment()
  if record.paidAt then return end
  record.paidAt = paidAt
  tallyField(paidDay, revenueField, record.amountCents or 0)
end
if record.status == 'cancelled' then
  if record.paymentIntentId == paymentIntent then return 'already' end
  record.paymentIntentId = paymentIntent
  countPayment()
  record.paidTooLate = true
  oweRefund(refund, record, 'bay-refund-' .. record.id, now)
  redis.call('SET', booking, cjson.encode(record))
  return 'conflict'
end
if paymentIntent ~= '' then record.paymentIntentId = paymentIntent end
countPayment()
redis.call('ZREM', holds, record.id)
if visitorIp then redis.call('ZREM', visitorIp, record.id) end
if visitorEmail then redis.call('ZREM', visitorEmail, record.id) end
local cardGone = record.giftCard and record.giftCard.returned
for _, slot in ipairs(slots) do
  if cardGone or taken(redis.call('GET', slot), now, record.id) then
    record.status = 'cancelled'
    record.holdUntil = 0
    record.paidTooLate = true
    oweRefund(refund, record, 'bay-refund-' .. record.id, now)
    returnGiftCard(giftCard, record)
    redis.call('SET', booking, cjson.encode(record))
    for _, own in ipairs(slots) do
      local value = redis.call('GET', own)
      if value and string.sub(value, 1, #record.id + 1) == record.id .. '|' then redis.call('DEL', own) end
    end
    if memberDay then redis.call('HDEL', memberDay, record.id) end
    return 'conflict'
  end
end
for i, slot in ipairs(slots) do
  redis.call('SET', slot, record.id .. '|0', 'PX', math.max(startsAt + i * slotMs - now, 0) + keep)
end
if memberDay then
  local entry = redis.call('HGET', memberDay, record.id)
  if entry then redis.call('HSET', memberDay, record.id, string.gsub(entry, '|%d+$', '|0')) end
end
record.status = 'confirmed'
record.holdUntil = 0
for _, day in ipairs(use) do tally(day, 1) end
redis.call('SET', booking, cjson.encode(record))
if confirmation then queueMessage(confirmation, now) end
return 'confirmed'`,
});

export type ConfirmOutcome = 'confirmed' | 'already' | 'conflict' | 'missing';

/** Keys of a stored booking's half hours (range and buffer) and its member day ('' for none). */
export interface BookingKeys {
  slotKeys: readonly string[];
  /** What a gift card paid (gift-card-hold.ts): given back in the step that releases the booking. */
  giftCard?: StoredBayBooking['giftCard'] | null;
  memberKey: string;
  /** The visitor's unpaid-hold sets the hold was counted in (visitor-holds.ts); none for staff entries. */
  visitorKeys: readonly string[];
  startsAt: number;
  slotMinutes: number;
  /** The staff reports' use of its bay time, by day (report-tallies.ts): added when it is confirmed, taken back when a confirmed booking is released. */
  useDays: readonly ReportDayInput[];
}

/** `message` is queued only when the booking moves to confirmed here. */
export async function confirmHold(id: string, keys: BookingKeys, paymentIntentId: string, now: number, message: MailMessage | null = null): Promise<ConfirmOutcome> {
  const answer = await withStore((store) =>
    confirmScript.run(store, {
      keys: { booking: bookingKey(id), holds: HOLDS_KEY, memberDay: keys.memberKey || null, visitorIp: keys.visitorKeys[0] ?? null, visitorEmail: keys.visitorKeys[1] ?? null, slots: [...keys.slotKeys] },
      args: { now, paymentIntent: paymentIntentId, keep: SLOT_KEEP_MS, slotMs: keys.slotMinutes * 60_000, startsAt: keys.startsAt, paidAt: new Date(now).toISOString(), revenueField: BAY_REVENUE_FIELD },
      steps: {
        confirmation: message ? queued(message, new Date(now)) : null,
        refund: owedRefundQueue,
        giftCard: cardReturnOf({ id, giftCard: keys.giftCard ?? undefined }, 'Bay booking not kept: its payment came too late', new Date(now)),
        use: [...keys.useDays],
        paidDay: reportDayAt(now),
      },
    }),
  );
  return String(answer) as ConfirmOutcome;
}

/**
 * Frees a booking's half hours (only those it still owns) and its member's included time, and sets its
 * status, when its status is one of `from`; with `refundKey`, writes the owed refund of what was paid
 * and not refunded yet, decided from the record as it is now (refund-step.ts); gives a gift card's
 * part back (once) when the booking was not confirmed or the refund is given; queues `notice` (when
 * given) only then, in the same step. With `seen` (a revision, revision.ts), only a record still as
 * the page saw it changes, and the keys are the revision's: nothing is read before. Answers the record
 * as stored after, or '' when there is none.
 */
const releaseScript = defineScript({
  name: 'bay release',
  keys: ['booking', 'holds', 'memberDay?', 'visitorIp?', 'visitorEmail?'],
  args: { status: 'string', from: 'json', refundKey: 'string', now: 'number', seen: 'json' },
  steps: { notice: optional(queueMessage), refund: oweRefund, giftCard: optional(moveBalance), use: many(reportDay) },
  variadicKeys: 'slots',
  lua: `${RETURN_CARD_LUA}${AS_SEEN_LUA}
local text = redis.call('GET', booking)
if not text then return '' end
local record = cjson.decode(text)
local allowed = false
for _, each in ipairs(from) do if record.status == each then allowed = true end end
if not allowed then return text end
if seen and not asSeen(record, seen) then return text end
if record.status ~= 'confirmed' or refundKey ~= '' then returnGiftCard(giftCard, record) end
for _, slot in ipairs(slots) do
  local value = redis.call('GET', slot)
  if value and string.sub(value, 1, #record.id + 1) == record.id .. '|' then redis.call('DEL', slot) end
end
if memberDay then redis.call('HDEL', memberDay, record.id) end
redis.call('ZREM', holds, record.id)
if visitorIp then redis.call('ZREM', visitorIp, record.id) end
if visitorEmail then redis.call('ZREM', visitorEmail, record.id) end
if record.status == 'confirmed' then
  for _, day in ipairs(use) do tally(day, -1) end
end
record.status = status
record.holdUntil = 0
if refundKey ~= '' then oweRefund(refund, record, refundKey, now) end
text = cjson.encode(record)
redis.call('SET', booking, text)
if notice then queueMessage(notice, now) end
return text`,
});

export interface ReleaseChange {
  status: 'cancelled' | 'expired';
  from: readonly StoredBayBooking['status'][];
  /** Refund what was paid and not yet refunded, under this Stripe idempotency key (the amount is decided in the script). */
  refundKey?: string;
  /** Now (ms): when an owed refund is first due. */
  now?: number;
  /** A message to queue if (and only if) the status changes here, e.g. the staff's notice of a payment that did not go through. */
  notice?: { message: MailMessage; now: number };
  /** The booking as the page saw it: changed since, it is answered as it is and nothing is written. */
  seen?: BookingRevision;
}

export async function releaseBooking(id: string, keys: BookingKeys, change: ReleaseChange): Promise<StoredBayBooking | null> {
  const answer = await withStore((store) =>
    releaseScript.run(store, {
      keys: { booking: bookingKey(id), holds: HOLDS_KEY, memberDay: keys.memberKey || null, visitorIp: keys.visitorKeys[0] ?? null, visitorEmail: keys.visitorKeys[1] ?? null, slots: [...keys.slotKeys] },
      args: { status: change.status, from: change.from, refundKey: change.refundKey ?? '', now: change.now ?? change.notice?.now ?? 0, seen: change.seen ?? false },
      steps: {
        notice: change.notice ? queued(change.notice.message, new Date(change.notice.now)) : null,
        refund: owedRefundQueue,
        giftCard: cardReturnOf({ id, giftCard: keys.giftCard ?? undefined }, change.status === 'expired' ? 'Bay hold lapsed' : 'Bay booking cancelled', new Date(change.now ?? change.notice?.now ?? Date.now())),
        use: [...keys.useDays],
      },
    }),
  );
  return answer ? readStoredBooking(answer) : null;
}

export async function readBooking(id: string): Promise<StoredBayBooking | null> {
  return readStoredBooking(await withStore((store) => store.get<unknown>(bookingKey(id))));
}

function records(answer: unknown): StoredBayBooking[] {
  return (Array.isArray(answer) ? answer : []).map(readStoredBooking).filter((record): record is StoredBayBooking => record !== null);
}

/** The records of these ids, in one MGET per 1,000 ids, one pipeline. */
export async function readRecords(ids: readonly string[]): Promise<StoredBayBooking[]> {
  if (ids.length === 0) return [];
  return withStore(async (store) => {
    const pipeline = store.pipeline();
    for (let at = 0; at < ids.length; at += 1000) pipeline.mget(...ids.slice(at, at + 1000).map(bookingKey));
    return records(((await pipeline.exec()) as unknown[][]).flat());
  });
}

/** Bookings starting in [from, until) (ms), by start: two round trips (ids, records). */
export async function bookingsStartingBetween(from: number, until: number): Promise<StoredBayBooking[]> {
  const ids = await withStore((store) => store.zrange<string[]>(INDEX_KEY, from, `(${until}`, { byScore: true }));
  return readRecords(ids);
}

/** Every booking, latest start first: two round trips. */
export async function allBookings(): Promise<StoredBayBooking[]> {
  const ids = await withStore((store) => store.zrange<string[]>(INDEX_KEY, 0, -1, { rev: true }));
  return readRecords(ids);
}

/** Held bookings whose hold lapsed before `cutoff` (ms), the latest lapse first, at most `limit`. */
export async function lapsedHolds(cutoff: number, limit: number): Promise<string[]> {
  return withStore((store) => store.zrange<string[]>(HOLDS_KEY, cutoff, '-inf', { byScore: true, rev: true, offset: 0, count: limit }));
}
