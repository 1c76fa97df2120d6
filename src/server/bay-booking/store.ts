/**
 * Bay bookings in Redis:
 *   bay:slot:{bayId}:{epochMinute}  one key per bay and half hour: '{bookingId}|{holdUntilMs}' (0 = confirmed)
 *   bay:booking:{id}                the record (record.ts)
 *   bay:bookings                    sorted set of ids by start (ms): day views and search
 *   bay:holds                       sorted set of held ids by when the hold lapses (ms): reconciliation
 *   bay:member:{customerId}:{date}  hash id → 'minutes|fromMs|untilMs|holdUntilMs': a member's included time that day
 * A half hour is taken when its key names a confirmed booking or a hold not yet lapsed at "now"
 * (passed in, never read from Redis): the one Lua function both availability and holds apply. Every
 * operation is one script (one round trip); changing a booking reads its record first (two). The
 * index, holds, slot and member-day keys follow from the records (restore.ts rebuilds them on import).
 */
import type { MailMessage } from '../../domain/mail/message';
import { QUEUE_KEY, QUEUE_MESSAGE_LUA, queueArgument, STATUS_KEY as MAIL_STATUS_KEY } from '../mail/outbox';
import { counterOf, COUNT_REQUEST_LUA, refuseOverLimit, type LimitPolicy } from '../rate-limit';
import { withStore } from '../store';
import { readStoredBooking, type StoredBayBooking } from './record';

export const INDEX_KEY = 'bay:bookings';
export const HOLDS_KEY = 'bay:holds';
export const bookingKey = (id: string) => `bay:booking:${id}`;
export const slotKey = (bayId: string, instant: number) => `bay:slot:${bayId}:${Math.floor(instant / 60_000)}`;
export const memberDayKey = (memberId: string, date: string) => `bay:member:${memberId}:${date}`;

/** Slot keys outlive their half hour by this long (the record keeps the history). */
export const SLOT_KEEP_MS = 7 * 24 * 3_600_000;

/** The rule: a slot value is taken unless empty, owned by `self`, or a hold lapsed at `now`. */
const TAKEN_LUA = `
local function taken(value, now, self)
  if not value then return false end
  local owner, holdUntil = string.match(value, '^(.*)|(%d+)$')
  if not owner then return true end
  if owner == self then return false end
  holdUntil = tonumber(holdUntil)
  return holdUntil == 0 or holdUntil > now
end
local function liveIncluded(memberKey, now, except)
  local spans, used = {}, 0
  if memberKey == '' then return spans, used end
  local entries = redis.call('HGETALL', memberKey)
  for j = 1, #entries, 2 do
    local minutes, from, to, holdUntil = string.match(entries[j + 1], '^(%d+)|(%d+)|(%d+)|(%d+)$')
    holdUntil = tonumber(holdUntil)
    if entries[j] ~= except and minutes and (holdUntil == 0 or holdUntil > now) then
      used = used + tonumber(minutes)
      spans[#spans + 1] = { tonumber(from), tonumber(to) }
    end
  end
  return spans, used
end
`;

/**
 * Counts the request against the client's limit first (over it: answers the milliseconds left and
 * writes nothing). Then holds the first candidate bay whose every half hour of the range (buffer
 * included) is free, or nothing. A member's included time is what is left of the day's allowance (never overlapping their
 * included time on another bay: it covers one bay at a time), in whole half hours from the start; the
 * price for that many included half hours is chosen from `prices`. Nothing to pay: confirmed at once,
 * and its confirmation (written beforehand for each bay and included count it could be) is queued
 * in the outbox in the same step.
 * KEYS: record, index, holds, member day ('' for none), rate counter ('' for none), mail queue, mail
 *       statuses, message ('' for none), then `perBay` slot keys per candidate bay.
 * ARGV: now, holdUntil, record JSON (bayId, status, amounts filled here), candidate bay ids (JSON),
 *       perBay, allowance minutes, max included half hours, slot ms, starts-at ms, prices (JSON), keep ms,
 *       window ms, limit, message key, confirmations (JSON: '{bayId}|{included half hours}' → body).
 * Answers the stored record's JSON, '' when every candidate bay is taken, or the milliseconds left in
 * the window (a number) when over the limit.
 */
const HOLD_SCRIPT = `${TAKEN_LUA}${COUNT_REQUEST_LUA}${QUEUE_MESSAGE_LUA}
local recordKey, indexKey, holdsKey, memberKey, counterKey = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local queueKey, mailStatusKey, bodyKey = KEYS[6], KEYS[7], KEYS[8]
local FIRST_SLOT = 9
local now, holdUntil = tonumber(ARGV[1]), tonumber(ARGV[2])
if counterKey ~= '' then
  local left = countRequest(counterKey, tonumber(ARGV[12]), tonumber(ARGV[13]))
  if left > 0 then return left end
end
local record, bays, perBay = cjson.decode(ARGV[3]), cjson.decode(ARGV[4]), tonumber(ARGV[5])
local allowance, maxIncluded, slotMs, startsAt = tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8]), tonumber(ARGV[9])
local prices, keep = cjson.decode(ARGV[10]), tonumber(ARGV[11])
local chosen
for b = 1, #bays do
  local free = true
  for i = 1, perBay do
    if taken(redis.call('GET', KEYS[FIRST_SLOT - 1 + (b - 1) * perBay + i]), now, '') then free = false break end
  end
  if free then chosen = b break end
end
if not chosen then return '' end
local included = 0
if memberKey ~= '' and maxIncluded > 0 then
  local spans, used = liveIncluded(memberKey, now, '')
  included = math.min(maxIncluded, math.floor((allowance - used) / (slotMs / 60000)))
  if included < 0 then included = 0 end
  for _, span in ipairs(spans) do
    if included > 0 and span[1] < startsAt + included * slotMs and startsAt < span[2] then included = 0 end
  end
end
local amount = prices[included + 1]
if amount == 0 then holdUntil = 0 end
local value = record.id .. '|' .. holdUntil
for i = 1, perBay do
  local slotEnd = startsAt + i * slotMs
  redis.call('SET', KEYS[FIRST_SLOT - 1 + (chosen - 1) * perBay + i], value, 'PX', math.max(slotEnd - now, 0) + keep)
end
record.bayId = bays[chosen]
record.amountCents = amount
record.includedMinutes = included * slotMs / 60000
if included > 0 and record.kind == 'online' then record.kind = 'member' end
record.holdUntil = holdUntil
if holdUntil == 0 then record.status = 'confirmed' else record.status = 'held' end
local text = cjson.encode(record)
redis.call('SET', recordKey, text)
redis.call('ZADD', indexKey, startsAt, record.id)
if holdUntil > 0 then redis.call('ZADD', holdsKey, holdUntil, record.id) end
if included > 0 then
  redis.call('HSET', memberKey, record.id, (included * slotMs / 60000) .. '|' .. startsAt .. '|' .. (startsAt + included * slotMs) .. '|' .. holdUntil)
  redis.call('PEXPIRE', memberKey, math.max(startsAt - now, 0) + keep)
end
if holdUntil == 0 and bodyKey ~= '' then
  local body = cjson.decode(ARGV[15])[record.bayId .. '|' .. included]
  if body then queueMessage(queueKey, mailStatusKey, bodyKey, ARGV[14], body, now) end
end
return text
`;

export interface HoldAttempt {
  record: StoredBayBooking;
  /** Candidate bays in the order to try, each with its slot instants (range and buffer). */
  candidates: ReadonlyArray<{ bayId: string; instants: readonly number[] }>;
  now: number;
  holdUntil: number;
  member: { id: string; date: string; allowanceMinutes: number; maxIncludedSlots: number } | null;
  slotMinutes: number;
  /** Price in cents by the number of included half hours (index 0: none). */
  prices: readonly number[];
  /** The client's request limit, counted in the same step; none for staff. */
  limit?: { policy: LimitPolicy; client: string } | undefined;
  /** The guest's confirmation for each way the hold may end up confirmed at once (nothing to pay). */
  confirmations?: readonly HeldConfirmation[] | undefined;
}

/** A confirmation queued if the hold lands on `bayId` with `includedSlots` included half hours and nothing to pay. */
export interface HeldConfirmation {
  bayId: string;
  includedSlots: number;
  message: MailMessage;
}

/**
 * One round trip: the stored record (bay, amount, status decided atomically), or null when every
 * candidate bay is taken. Over the client's limit it throws HttpError 429 and stores nothing.
 */
export async function holdSlots(attempt: HoldAttempt): Promise<StoredBayBooking | null> {
  const perBay = attempt.candidates[0]?.instants.length ?? 0;
  if (perBay === 0 || attempt.candidates.some((candidate) => candidate.instants.length !== perBay)) throw new Error('every candidate bay needs the same half hours');
  const now = new Date(attempt.now);
  const queued = (attempt.confirmations ?? []).map((each) => ({ each, argument: queueArgument(each.message, now) }));
  const messageKeys = new Set(queued.map(({ argument }) => argument.key));
  if (messageKeys.size > 1) throw new Error('every confirmation of one hold has the same message key');
  const counter = attempt.limit ? counterOf(attempt.limit.policy, attempt.limit.client) : null;
  const keys = [
    bookingKey(attempt.record.id),
    INDEX_KEY,
    HOLDS_KEY,
    attempt.member ? memberDayKey(attempt.member.id, attempt.member.date) : '',
    counter?.key ?? '',
    QUEUE_KEY,
    MAIL_STATUS_KEY,
    queued[0]?.argument.bodyKey ?? '',
    ...attempt.candidates.flatMap((candidate) => candidate.instants.map((instant) => slotKey(candidate.bayId, instant))),
  ];
  const startsAt = attempt.candidates[0]!.instants[0]!;
  const args = [
    attempt.now,
    attempt.holdUntil,
    JSON.stringify(attempt.record),
    JSON.stringify(attempt.candidates.map((candidate) => candidate.bayId)),
    perBay,
    attempt.member?.allowanceMinutes ?? 0,
    attempt.member?.maxIncludedSlots ?? 0,
    attempt.slotMinutes * 60_000,
    startsAt,
    JSON.stringify(attempt.prices),
    SLOT_KEEP_MS,
    counter?.windowMs ?? 0,
    counter?.requests ?? 0,
    queued[0]?.argument.key ?? '',
    JSON.stringify(Object.fromEntries(queued.map(({ each, argument }) => [`${each.bayId}|${each.includedSlots}`, argument.body]))),
  ];
  const answer = await withStore((store) => store.eval<(string | number)[], unknown>(HOLD_SCRIPT, keys, args));
  if (typeof answer === 'number') refuseOverLimit(attempt.limit!.policy, answer);
  return answer ? readStoredBooking(answer) : null;
}

/**
 * Which of the given half hours are taken, and the member's included minutes already used that day:
 * one script, one round trip. KEYS: member day ('' for none), then slot keys. ARGV: now.
 */
const TAKEN_SCRIPT = `${TAKEN_LUA}
local now = tonumber(ARGV[1])
local flags = {}
for i = 2, #KEYS do flags[#flags + 1] = taken(redis.call('GET', KEYS[i]), now, '') and '1' or '0' end
local spans, used = liveIncluded(KEYS[1], now, '')
return { table.concat(flags), used, cjson.encode(spans) }
`;

export interface TakenAnswer {
  /** One flag per key asked, in order. */
  taken: boolean[];
  memberUsedMinutes: number;
  /** The member's included spans that day [fromMs, untilMs), which a new one must not overlap. */
  memberSpans: Array<[number, number]>;
}

export async function readTaken(slotKeys: readonly string[], member: { id: string; date: string } | null, now: number): Promise<TakenAnswer> {
  const keys = [member ? memberDayKey(member.id, member.date) : '', ...slotKeys];
  const answer = await withStore((store) => store.eval<[number], unknown>(TAKEN_SCRIPT, keys, [now]));
  const [flags, used, spans] = Array.isArray(answer) ? answer : [];
  const parsedSpans = typeof spans === 'string' ? (JSON.parse(spans) as unknown) : spans;
  return {
    taken: [...String(flags ?? '')].map((flag) => flag === '1'),
    memberUsedMinutes: Number(used ?? 0),
    memberSpans: Array.isArray(parsedSpans) ? (parsedSpans as Array<[number, number]>) : [],
  };
}

/**
 * Confirms a paid hold: each half hour must still be free or its own (a lapsed hold whose slots no one
 * took is claimed again); then the slots, the member's included time and the record become
 * confirmed, and the guest's confirmation is queued in the outbox in the same step. Answers
 * 'confirmed', 'already' (replayed), 'conflict' (someone else holds a slot now: the record is
 * cancelled and the payment must be refunded) or 'missing'.
 * KEYS: record, holds, member day ('' for none), mail queue, mail statuses, message ('' for none), slot keys.
 * ARGV: now, payment intent id, keep ms, slot ms, starts-at ms, message key, message JSON.
 */
const CONFIRM_SCRIPT = `${TAKEN_LUA}${QUEUE_MESSAGE_LUA}
local recordKey, holdsKey, memberKey = KEYS[1], KEYS[2], KEYS[3]
local queueKey, mailStatusKey, bodyKey = KEYS[4], KEYS[5], KEYS[6]
local FIRST_SLOT = 7
local now, paymentIntent, keep, slotMs = tonumber(ARGV[1]), ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4])
local text = redis.call('GET', recordKey)
if not text then return 'missing' end
local record = cjson.decode(text)
if record.status == 'confirmed' then return 'already' end
if record.status == 'cancelled' then
  if record.paymentIntentId == paymentIntent then return 'already' end
  record.paymentIntentId = paymentIntent
  record.paidTooLate = true
  redis.call('SET', recordKey, cjson.encode(record))
  return 'conflict'
end
if paymentIntent ~= '' then record.paymentIntentId = paymentIntent end
redis.call('ZREM', holdsKey, record.id)
for i = FIRST_SLOT, #KEYS do
  if taken(redis.call('GET', KEYS[i]), now, record.id) then
    record.status = 'cancelled'
    record.holdUntil = 0
    record.paidTooLate = true
    redis.call('SET', recordKey, cjson.encode(record))
    for j = FIRST_SLOT, #KEYS do
      local value = redis.call('GET', KEYS[j])
      if value and string.sub(value, 1, #record.id + 1) == record.id .. '|' then redis.call('DEL', KEYS[j]) end
    end
    if memberKey ~= '' then redis.call('HDEL', memberKey, record.id) end
    return 'conflict'
  end
end
local startsAt = tonumber(ARGV[5])
for i = FIRST_SLOT, #KEYS do
  redis.call('SET', KEYS[i], record.id .. '|0', 'PX', math.max(startsAt + (i - FIRST_SLOT + 1) * slotMs - now, 0) + keep)
end
if memberKey ~= '' then
  local entry = redis.call('HGET', memberKey, record.id)
  if entry then redis.call('HSET', memberKey, record.id, string.gsub(entry, '|%d+$', '|0')) end
end
record.status = 'confirmed'
record.holdUntil = 0
redis.call('SET', recordKey, cjson.encode(record))
if bodyKey ~= '' then queueMessage(queueKey, mailStatusKey, bodyKey, ARGV[6], ARGV[7], now) end
return 'confirmed'
`;

export type ConfirmOutcome = 'confirmed' | 'already' | 'conflict' | 'missing';

/** Keys of a stored booking's half hours (range and buffer) and its member day. */
export interface BookingKeys {
  slotKeys: readonly string[];
  memberKey: string;
  startsAt: number;
  slotMinutes: number;
}

/** `message` is queued only when the booking moves to confirmed here. */
export async function confirmHold(id: string, keys: BookingKeys, paymentIntentId: string, now: number, message: MailMessage | null = null): Promise<ConfirmOutcome> {
  const queued = message ? queueArgument(message, new Date(now)) : null;
  const scriptKeys = [bookingKey(id), HOLDS_KEY, keys.memberKey, QUEUE_KEY, MAIL_STATUS_KEY, queued?.bodyKey ?? '', ...keys.slotKeys];
  const args = [now, paymentIntentId, SLOT_KEEP_MS, keys.slotMinutes * 60_000, keys.startsAt, queued?.key ?? '', queued?.body ?? ''];
  const answer = await withStore((store) => store.eval<(string | number)[], unknown>(CONFIRM_SCRIPT, scriptKeys, args));
  return String(answer) as ConfirmOutcome;
}

/**
 * Frees a booking's half hours (only those it still owns) and its member's included time, and sets its
 * status, when its status is one of `from`; adds `refundedCents`. Answers the record as stored after,
 * or '' when there is none. KEYS: record, holds, member day, slot keys. ARGV: status, from (JSON), refunded cents.
 */
const RELEASE_SCRIPT = `
local recordKey, holdsKey, memberKey = KEYS[1], KEYS[2], KEYS[3]
local status, from, refunded = ARGV[1], cjson.decode(ARGV[2]), tonumber(ARGV[3])
local text = redis.call('GET', recordKey)
if not text then return '' end
local record = cjson.decode(text)
local allowed = false
for _, each in ipairs(from) do if record.status == each then allowed = true end end
if not allowed then return text end
for i = 4, #KEYS do
  local value = redis.call('GET', KEYS[i])
  if value and string.sub(value, 1, #record.id + 1) == record.id .. '|' then redis.call('DEL', KEYS[i]) end
end
if memberKey ~= '' then redis.call('HDEL', memberKey, record.id) end
redis.call('ZREM', holdsKey, record.id)
record.status = status
record.holdUntil = 0
record.refundedCents = (record.refundedCents or 0) + refunded
text = cjson.encode(record)
redis.call('SET', recordKey, text)
return text
`;

export async function releaseBooking(id: string, keys: BookingKeys, change: { status: 'cancelled' | 'expired'; from: readonly StoredBayBooking['status'][]; refundedCents: number }): Promise<StoredBayBooking | null> {
  const answer = await withStore((store) =>
    store.eval<(string | number)[], unknown>(RELEASE_SCRIPT, [bookingKey(id), HOLDS_KEY, keys.memberKey, ...keys.slotKeys], [change.status, JSON.stringify(change.from), change.refundedCents]),
  );
  return answer ? readStoredBooking(answer) : null;
}

/** Records a field the payment adds (Checkout session id) without touching the rest. */
const PATCH_SCRIPT = `
local text = redis.call('GET', KEYS[1])
if not text then return 0 end
local record = cjson.decode(text)
record[ARGV[1]] = ARGV[2]
redis.call('SET', KEYS[1], cjson.encode(record))
return 1
`;

export async function attachCheckout(id: string, checkoutSessionId: string): Promise<void> {
  await withStore((store) => store.eval<string[], unknown>(PATCH_SCRIPT, [bookingKey(id)], ['checkoutSessionId', checkoutSessionId]));
}

export async function readBooking(id: string): Promise<StoredBayBooking | null> {
  return readStoredBooking(await withStore((store) => store.get<unknown>(bookingKey(id))));
}

function records(answer: unknown): StoredBayBooking[] {
  return (Array.isArray(answer) ? answer : []).map(readStoredBooking).filter((record): record is StoredBayBooking => record !== null);
}

/** The records of these ids, in one MGET per 1,000 ids, one pipeline. */
async function readRecords(ids: readonly string[]): Promise<StoredBayBooking[]> {
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

/** Held bookings whose hold lapsed before `cutoff` (ms). */
export async function lapsedHolds(cutoff: number): Promise<string[]> {
  return withStore((store) => store.zrange<string[]>(HOLDS_KEY, '-inf', cutoff, { byScore: true }));
}
