/**
 * League registrations in Redis:
 *   league:reg:{id}            JSON of the immutable record (LeagueRegistrationRecord)
 *   league:regs                sorted set of ids, score = registration time (ms)
 *   league:status              hash id → payment status (pending | completed | failed | expired)
 *   league:checkout            hash id → Stripe Checkout session id
 *   league:slot:{session}:{tt} sorted set of ids per session and tee time (score = time), for capacity
 * Every operation is one round trip (a Lua script, a MULTI, or a pipeline); listing is two.
 */
import { newestIds } from '../sorted-index';
import { withStore } from '../store';
import type { LeagueRegistration, LeagueRegistrationRecord, PaymentStatus } from './records';

export const REGS_KEY = 'league:regs';
export const STATUS_KEY = 'league:status';
export const CHECKOUT_KEY = 'league:checkout';
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
 * Checks every entry's tee-time capacity (completed registrations, and pending ones younger than the
 * hold) and, only if all fit, writes all records as pending: atomic, so two visitors cannot take the
 * last place together. Returns 0 when written, else the 1-based index of the first full entry.
 * KEYS: regs, status, then per entry: reg key, slot key. ARGV: now, hold ms, capacity (0 = unlimited), then per entry: id, json.
 */
const RESERVE_SCRIPT = `${TAKEN_FUNCTION}
local now = tonumber(ARGV[1])
local hold = tonumber(ARGV[2])
local capacity = tonumber(ARGV[3])
local n = (#KEYS - 2) / 2
if capacity > 0 then
  for i = 1, n do
    if taken(KEYS[2], KEYS[2 + 2 * i], now, hold) >= capacity then return i end
  end
end
for i = 1, n do
  local id = ARGV[2 + 2 * i]
  redis.call('SET', KEYS[1 + 2 * i], ARGV[3 + 2 * i])
  redis.call('ZADD', KEYS[1], now, id)
  redis.call('HSET', KEYS[2], id, 'pending')
  redis.call('ZADD', KEYS[2 + 2 * i], now, id)
end
return 0
`;

export async function reserveRegistrations(
  records: readonly LeagueRegistrationRecord[],
  options: { now: number; holdMs: number; capacity: number | undefined },
): Promise<number> {
  const keys = [REGS_KEY, STATUS_KEY];
  const args: (string | number)[] = [options.now, options.holdMs, options.capacity ?? 0];
  for (const record of records) {
    keys.push(regKey(record.id), slotKey(record.sessions[0] ?? '', record.teeTime));
    args.push(record.id, JSON.stringify(record));
  }
  const result = await withStore((store) => store.eval<(string | number)[], number>(RESERVE_SCRIPT, keys, args));
  return Number(result);
}

/**
 * Places taken per session and tee time (completed registrations, and pending ones younger than the
 * hold), the same rule the reservation applies, for every slot key in one round trip.
 * KEYS: status, then the slot keys. ARGV: now, hold ms.
 */
const TAKEN_SCRIPT = `${TAKEN_FUNCTION}
local now = tonumber(ARGV[1])
local hold = tonumber(ARGV[2])
local out = {}
for i = 2, #KEYS do
  out[#out + 1] = taken(KEYS[1], KEYS[i], now, hold)
end
return out
`;

export async function takenPlaces(slots: ReadonlyArray<{ sessionId: string; teeTime: string }>, options: { now: number; holdMs: number }): Promise<number[]> {
  if (slots.length === 0) return [];
  const keys = [STATUS_KEY, ...slots.map((slot) => slotKey(slot.sessionId, slot.teeTime))];
  const counts = await withStore((store) => store.eval<(string | number)[], unknown>(TAKEN_SCRIPT, keys, [options.now, options.holdMs]));
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
export async function deleteRegistrations(ids: readonly string[], records?: readonly LeagueRegistrationRecord[]): Promise<number> {
  if (ids.length === 0) return 0;
  return withStore(async (store) => {
    const known = records ?? (await store.mget<unknown[]>(...ids.map(regKey))).filter(isRecord);
    const multi = store.multi().del(...ids.map(regKey)).zrem(REGS_KEY, ...ids).hdel(STATUS_KEY, ...ids).hdel(CHECKOUT_KEY, ...ids);
    for (const record of known) if (ids.includes(record.id)) multi.zrem(slotKey(record.sessions[0] ?? '', record.teeTime), record.id);
    const results = await multi.exec();
    return Number((results as unknown[])[0] ?? 0);
  });
}

function isRecord(value: unknown): value is LeagueRegistrationRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<LeagueRegistrationRecord>;
  return typeof record.id === 'string' && typeof record.teeTime === 'string' && Array.isArray(record.sessions);
}

/**
 * Deletes every registration: ids first, then records, index, statuses, checkout ids and the
 * capacity sets in one MULTI (two round trips whatever the count).
 */
export async function deleteAllRegistrations(slotKeys: readonly string[]): Promise<number> {
  return withStore(async (store) => {
    const ids = await newestIds(store, REGS_KEY);
    const keys = [...ids.map(regKey), REGS_KEY, STATUS_KEY, CHECKOUT_KEY, ...slotKeys];
    await store.del(...keys);
    return ids.length;
  });
}

/**
 * Joins records with their status and checkout id inside Redis and returns one JSON array string,
 * so the function decodes one value instead of thousands (the list must stay fast at 5,000).
 * KEYS: status, checkout, then the record keys. ARGV: the ids, in the same order.
 * Statuses and checkout ids are plain tokens written by this module (no JSON escaping needed).
 */
const LIST_SCRIPT = `
local out = {}
local n = #ARGV
for first = 1, n, 1000 do
  local last = math.min(first + 999, n)
  local keys, ids = {}, {}
  for i = first, last do
    keys[#keys + 1] = KEYS[i + 2]
    ids[#ids + 1] = ARGV[i]
  end
  local records = redis.call('MGET', unpack(keys))
  local statuses = redis.call('HMGET', KEYS[1], unpack(ids))
  local checkouts = redis.call('HMGET', KEYS[2], unpack(ids))
  for j = 1, #records do
    local record = records[j]
    if record and string.sub(record, -1) == '}' then
      local extra = ',"paymentStatus":"' .. (statuses[j] or 'pending') .. '"'
      if checkouts[j] then extra = extra .. ',"checkoutSessionId":"' .. checkouts[j] .. '"' end
      out[#out + 1] = string.sub(record, 1, -2) .. extra .. '}'
    end
  end
end
return '[' .. table.concat(out, ',') .. ']'
`;

/**
 * Every registration (or the newest `limit`), newest first, in two round trips whatever the count:
 * the ids (one string), then one script reading records, statuses and checkout ids (one string).
 */
export async function listRegistrations(limit?: number): Promise<LeagueRegistration[]> {
  return withStore(async (store) => {
    const ids = await newestIds(store, REGS_KEY, limit);
    if (ids.length === 0) return [];
    const list = await store.eval<string[], unknown>(LIST_SCRIPT, [STATUS_KEY, CHECKOUT_KEY, ...ids.map(regKey)], ids);
    // The client decodes JSON answers itself; accept the raw string too.
    const parsed = typeof list === 'string' ? (JSON.parse(list) as unknown) : list;
    return Array.isArray(parsed) ? (parsed as LeagueRegistration[]) : [];
  });
}

/**
 * Sets the payment status of registrations from the Checkout session's current state, in one
 * round trip. Statuses only move forward: pending → failed / expired → completed; completed is
 * final. Ids that no longer exist (deleted by the admin) are skipped. Also marks the webhook event
 * done (7 days).
 * KEYS: status, event key, then reg keys. ARGV: status, event ttl, then ids.
 */
const UPDATE_STATUS_SCRIPT = `
local rank = { pending = 0, failed = 1, expired = 1, completed = 2 }
local status = ARGV[1]
local changed = 0
for i = 3, #ARGV do
  local id = ARGV[i]
  if redis.call('EXISTS', KEYS[i]) == 1 then
    local current = redis.call('HGET', KEYS[1], id)
    if not current or (rank[current] or 0) < rank[status] then
      redis.call('HSET', KEYS[1], id, status)
      changed = changed + 1
    end
  end
end
if KEYS[2] ~= '' then redis.call('SET', KEYS[2], 'done', 'EX', tonumber(ARGV[2])) end
return changed
`;

export async function updatePaymentStatus(
  ids: readonly string[],
  status: PaymentStatus,
  done: { key: string; ttlSeconds: number } | null,
): Promise<number> {
  const keys = [STATUS_KEY, done?.key ?? '', ...ids.map(regKey)];
  const args: (string | number)[] = [status, done?.ttlSeconds ?? 0, ...ids];
  const changed = await withStore((store) => store.eval<(string | number)[], number>(UPDATE_STATUS_SCRIPT, keys, args));
  return Number(changed);
}
