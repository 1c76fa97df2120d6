/**
 * League registrations in Redis:
 *   league:reg:{id}            JSON of the stored record (stored-registration.ts)
 *   league:regs                sorted set of ids, score = registration time (ms)
 *   league:status              hash id → payment status (pending | completed | failed | expired)
 *   league:checkout            hash id → Stripe Checkout session id
 *   league:slot:{session}:{tt} sorted set of ids per session and tee time (score = time), for capacity
 * Every operation is one round trip (a Lua script, a MULTI, or a pipeline); listing is two.
 */
import type { PaymentStatus } from '../contract/admin-league-registrations';
import type { MailMessage } from '../../../shared/mail/message';
import { parseAnswer, parseList, parseRecord, RECORD_LUA } from '../../../shared/server/json-records';
import { queued, queueMessage } from '../../../shared/mail/outbox';
import { defineScript, many } from '../../../shared/server/script';
import { newestIds, newestIdsRead } from '../../../shared/server/sorted-index';
import { runReads, scriptCall, type StoreRead } from '../../../shared/server/store-read';
import { withStore } from '../../../shared/server/store';
import { readStoredRegistration, type StoredRegistration } from './stored-registration';
import { LEAGUE_CHECKOUT_KIND } from './records';
import { revenueField } from '../../reports/rules/tally';
import { reportDay, reportDayOf } from '../../reports/server/tally-step';
import { venueDate } from '../../../domain/venue-calendar';

export const REGS_KEY = 'league:regs';
export const STATUS_KEY = 'league:status';
export const CHECKOUT_KEY = 'league:checkout';
/** When each registration was paid (ms), for the reports' rebuild. */
export const PAID_AT_KEY = 'league:paid-at';
export const regKey = (id: string) => `league:reg:${id}`;
export const slotKey = (sessionId: string, teeTime: string) => `league:slot:${sessionId}:${teeTime}`;

/**
 * The capacity rule both scripts below apply: the places taken in a slot are its completed
 * registrations and its pending ones younger than the hold.
 */
const TAKEN_FUNCTION = `
local function taken(statusKey, slotKey, now, hold)
  local members = redis.call('ZRANGE', slotKey, 0, -1, 'WITHSCORES')
  local count = 0
  for j = 1, #members, 2 do
    local status = redis.call('HGET', statusKey, members[j])
    if status == 'completed' or (status == 'pending' and tonumber(members[j + 1]) > now - hold) then
      count = count + 1
    end
  end
  return count
end
`;

/**
 * Checks every entry's tee-time capacity and, only if all fit, writes all records as pending:
 * atomic, so two visitors cannot take the last place together. Answers 0 when written, else the
 * 1-based number of the first entry whose tee time is full.
 */
const reserveScript = defineScript({
  name: 'league reserve',
  keys: ['regs', 'status'],
  args: { now: 'number', hold: 'number', capacity: 'number', entries: 'json' },
  // Each record's key, then each record's slot (entry order).
  variadicKeys: 'places',
  lua: `${TAKEN_FUNCTION}
local recordKeys = { unpack(places, 1, #entries) }
local slotKeys = { unpack(places, #entries + 1) }
if capacity > 0 then
  for i, slot in ipairs(slotKeys) do
    if taken(status, slot, now, hold) >= capacity then return i end
  end
end
for i, entry in ipairs(entries) do
  redis.call('SET', recordKeys[i], entry.record)
  redis.call('ZADD', regs, now, entry.id)
  redis.call('HSET', status, entry.id, 'pending')
  redis.call('ZADD', slotKeys[i], now, entry.id)
end
return 0`,
});

/** Capacity 0 = unlimited. */
export async function reserveRegistrations(
  records: readonly StoredRegistration[],
  options: { now: number; holdMs: number; capacity: number | undefined },
): Promise<number> {
  const entries = records.map((record) => ({ id: record.id, record: JSON.stringify(record) }));
  const result = await withStore((store) =>
    reserveScript.run(store, {
      keys: { regs: REGS_KEY, status: STATUS_KEY, places: [...records.map((record) => regKey(record.id)), ...records.map(slotKeyOf)] },
      args: { now: options.now, hold: options.holdMs, capacity: options.capacity ?? 0, entries },
    }),
  );
  return Number(result);
}

const slotKeyOf = (record: Pick<StoredRegistration, 'sessionId' | 'teeTime'>) => slotKey(record.sessionId, record.teeTime);

/**
 * Places taken per session and tee time (completed registrations, and pending ones younger than the
 * hold), the same rule the reservation applies, for every slot in one round trip.
 */
const takenScript = defineScript({
  name: 'league taken places',
  keys: ['status'],
  args: { now: 'number', hold: 'number' },
  variadicKeys: 'slots',
  lua: `${TAKEN_FUNCTION}
local counts = {}
for i, slot in ipairs(slots) do counts[i] = taken(status, slot, now, hold) end
return counts`,
});

export async function takenPlaces(slots: ReadonlyArray<{ sessionId: string; teeTime: string }>, options: { now: number; holdMs: number }): Promise<number[]> {
  if (slots.length === 0) return [];
  const counts = await withStore((store) =>
    takenScript.run(store, { keys: { status: STATUS_KEY, slots: slots.map((slot) => slotKey(slot.sessionId, slot.teeTime)) }, args: { now: options.now, hold: options.holdMs } }),
  );
  return Array.isArray(counts) ? counts.map(Number) : [];
}

/** Remembers the Checkout session paying these registrations. */
export async function attachCheckoutSession(ids: readonly string[], checkoutSessionId: string): Promise<void> {
  if (ids.length === 0) return;
  const fields = Object.fromEntries(ids.map((id) => [id, checkoutSessionId]));
  await withStore((store) => store.hset(CHECKOUT_KEY, fields));
}

/**
 * Removes registrations entirely: records, index, statuses, checkout ids and their places in the
 * capacity sets. Used when Checkout could not be created (the caller has the records: one round
 * trip) and by the admin (the records are read first: two). Returns how many records existed.
 */
export async function deleteRegistrations(ids: readonly string[], records?: readonly StoredRegistration[]): Promise<number> {
  if (ids.length === 0) return 0;
  return withStore(async (store) => {
    const known = records ?? (await store.mget<unknown[]>(...ids.map(regKey))).map(readStoredRegistration).filter((record) => record !== null);
    const multi = store.multi().del(...ids.map(regKey)).zrem(REGS_KEY, ...ids).hdel(STATUS_KEY, ...ids).hdel(CHECKOUT_KEY, ...ids).hdel(PAID_AT_KEY, ...ids);
    for (const record of known) if (ids.includes(record.id)) multi.zrem(slotKeyOf(record), record.id);
    const results = await multi.exec();
    return Number((results as unknown[])[0] ?? 0);
  });
}

/**
 * Deletes every registration: ids first, then records, index, statuses, checkout ids and the
 * capacity sets in one MULTI (two round trips whatever the count).
 */
export async function deleteAllRegistrations(slots: ReadonlyArray<{ sessionId: string; teeTime: string }>): Promise<number> {
  return withStore(async (store) => {
    const ids = await newestIds(store, REGS_KEY);
    const keys = [...ids.map(regKey), REGS_KEY, STATUS_KEY, CHECKOUT_KEY, ...slots.map(slotKeyOf)];
    await store.del(...keys);
    return ids.length;
  });
}

/**
 * Reads records with their payment status (pending when none is set) and checkout id inside Redis
 * and answers one JSON object of three lists in the same order, the stored texts, their statuses and
 * their checkout ids ('' when none), so the function decodes one value instead of thousands (the
 * list must stay fast at 5,000). Ids whose record is gone are left out.
 */
const listScript = defineScript({
  name: 'league registrations list',
  keys: ['statuses', 'checkouts'],
  args: {},
  // Each id's record key, in the order of the ids.
  variadicKeys: 'recordKeys',
  variadicArgs: 'ids',
  lua: `${RECORD_LUA}
local records = batched(function(...) return redis.call('MGET', ...) end, recordKeys)
local paid = batched(function(...) return redis.call('HMGET', statuses, ...) end, ids)
local sessions = batched(function(...) return redis.call('HMGET', checkouts, ...) end, ids)
local listed = { records = {}, paymentStatuses = {}, checkoutIds = {} }
for i = 1, #ids do
  if records[i] then
    local n = #listed.records + 1
    listed.records[n] = records[i]
    listed.paymentStatuses[n] = paid[i] or 'pending'
    listed.checkoutIds[n] = sessions[i] or ''
  end
end
return cjson.encode(listed)`,
});

export interface ListedRegistration {
  record: StoredRegistration;
  paymentStatus: PaymentStatus;
  checkoutSessionId?: string;
}

/**
 * Every registration (or the newest `limit`), newest first, in two round trips whatever the count:
 * the ids, then one script reading records, statuses and checkout ids.
 */
export async function readRegistrations(limit?: number): Promise<ListedRegistration[]> {
  return withStore(async (store) => {
    const [ids] = await runReads(store, [newestIdsRead(REGS_KEY, limit)]);
    const [listed] = await runReads(store, [registrationsRead(ids)]);
    return listed;
  });
}

/** Reading the registrations of `ids` with their payment status and checkout id, in their order. */
export function registrationsRead(ids: readonly string[]): StoreRead<ListedRegistration[]> {
  return {
    ...(ids.length > 0 ? { call: scriptCall(listScript, { keys: { statuses: STATUS_KEY, checkouts: CHECKOUT_KEY, recordKeys: ids.map(regKey) }, args: { ids: [...ids] } }) } : {}),
    read: (answer) => {
      if (answer === undefined) return [];
      const { records, paymentStatuses, checkoutIds } = parseAnswer(answer) as { records: unknown; paymentStatuses: PaymentStatus[]; checkoutIds: string[] };
      return (Array.isArray(records) ? records : []).flatMap((text, index) => {
        const record = readStoredRegistration(parseRecord(text));
        if (!record) return [];
        const checkoutSessionId = checkoutIds[index];
        return [{ record, paymentStatus: paymentStatuses[index] ?? 'pending', ...(checkoutSessionId ? { checkoutSessionId } : {}) }];
      });
    },
  };
}

/**
 * Sets the payment status of registrations from the Checkout session's current state, in one
 * round trip. Statuses only move forward: pending → failed / expired → completed; completed is
 * final. Ids that no longer exist (deleted by the admin) are skipped. When a registration moves to
 * completed, the payment's messages are queued in the outbox in the same script (a replayed event
 * changes nothing, so it queues nothing). Also marks the webhook event done for `eventTtl` seconds
 * (no event key: nothing to mark).
 */
const updateStatusScript = defineScript({
  name: 'league payment status',
  keys: ['statuses', 'paidAt', 'event?'],
  args: { status: 'string', eventTtl: 'number', now: 'number', revenueField: 'string' },
  steps: { messages: many(queueMessage), revenue: reportDay },
  variadicKeys: 'records',
  variadicArgs: 'ids',
  lua: `
local rank = { pending = 0, failed = 1, expired = 1, completed = 2 }
local changed = 0
for i, id in ipairs(ids) do
  if redis.call('EXISTS', records[i]) == 1 then
    local current = redis.call('HGET', statuses, id)
    if not current or (rank[current] or 0) < rank[status] then
      redis.call('HSET', statuses, id, status)
      changed = changed + 1
      if status == 'completed' then
        -- The fee counts as revenue on the day it is paid: amountCents, or a legacy record's amount (cents as text).
        local record = cjson.decode(redis.call('GET', records[i]))
        redis.call('HSET', paidAt, id, now)
        tallyField(revenue, revenueField, tonumber(record.amountCents or record.amount) or 0)
      end
    end
  end
end
if changed > 0 and status == 'completed' then
  for _, message in ipairs(messages) do queueMessage(message, now) end
end
if event then redis.call('SET', event, 'done', 'EX', eventTtl) end
return changed`,
});

/** `messages` are queued only when a registration moves to completed here. */
export async function updatePaymentStatus(
  ids: readonly string[],
  status: PaymentStatus,
  done: { key: string; ttlSeconds: number } | null,
  messages: readonly MailMessage[] = [],
  now = new Date(),
): Promise<number> {
  const changed = await withStore((store) =>
    updateStatusScript.run(store, {
      keys: { statuses: STATUS_KEY, paidAt: PAID_AT_KEY, event: done?.key ?? null, records: ids.map(regKey) },
      args: { status, eventTtl: done?.ttlSeconds ?? 0, now: now.getTime(), revenueField: revenueField(LEAGUE_CHECKOUT_KIND), ids: [...ids] },
      steps: { messages: messages.map((message) => queued(message, now)), revenue: reportDayOf(venueDate(now)) },
    }),
  );
  return Number(changed);
}

/**
 * Registrations older than `cutoff` (ms) still pending (or with no status yet), with the Checkout
 * session paying them, newest first: one script over the time index, so the answer carries only the
 * overdue ones. Those without a Checkout session (its creation failed) have nothing to ask Stripe.
 */
const overduePendingScript = defineScript({
  name: 'league overdue pending',
  keys: ['regs', 'statuses', 'checkouts'],
  args: { cutoff: 'number' },
  lua: `
local ids = redis.call('ZREVRANGEBYSCORE', regs, cutoff, '-inf')
local overdue = {}
for _, id in ipairs(ids) do
  local status = redis.call('HGET', statuses, id)
  if not status or status == 'pending' then
    local checkout = redis.call('HGET', checkouts, id)
    if checkout then overdue[#overdue + 1] = { id, checkout } end
  end
end
if #overdue == 0 then return '[]' end
return cjson.encode(overdue)`,
});

export interface OverduePending {
  id: string;
  checkoutSessionId: string;
}

export async function overduePendingRegistrations(cutoff: number): Promise<OverduePending[]> {
  const answer = await withStore((store) => overduePendingScript.run(store, { keys: { regs: REGS_KEY, statuses: STATUS_KEY, checkouts: CHECKOUT_KEY }, args: { cutoff } }));
  return parseList<unknown>(answer).flatMap((pair) =>
    Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string' ? [{ id: pair[0], checkoutSessionId: pair[1] }] : [],
  );
}

/** The records of these ids and whether every one of them is already completed (two reads, one round trip). */
export async function readPaidRecords(ids: readonly string[]): Promise<{ records: StoredRegistration[]; allCompleted: boolean }> {
  if (ids.length === 0) return { records: [], allCompleted: true };
  const [records, statuses] = (await withStore((store) => store.pipeline().mget(...ids.map(regKey)).hmget(STATUS_KEY, ...ids).exec())) as [unknown[], Record<string, unknown> | null];
  return {
    records: records.map(readStoredRegistration).filter((record) => record !== null),
    allCompleted: ids.every((id) => statuses?.[id] === 'completed'),
  };
}
