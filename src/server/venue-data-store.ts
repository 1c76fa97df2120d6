/**
 * The venue's data read from and written to the store as one file (src/domain/venue-data.ts):
 * league registrations (records, index, statuses, Checkout sessions; the tee-time sets are rebuilt
 * from the records), event requests (records and index), the subscription audit trail and bay
 * bookings (records only: their index, holds, claimed half hours and members' included time are
 * rebuilt from them). Rate-limit and failed-sign-in counters, sign-in links and webhook idempotency
 * keys are transient and left out.
 *
 * Reading is two round trips (the two indexes, then one script reading everything else at once);
 * writing is one script, so an import lands whole or not at all.
 */
import { bayBookingEntry, VENUE_DATA_FORMAT, VENUE_DATA_VERSION, type BayBookingEntry, type VenueData } from '../domain/venue-data';
import { REQS_KEY, reqKey } from './events/bookings';
import { parseAnswer, parseRecord, RECORD_LUA } from './json-records';
import { CHECKOUT_KEY, REGS_KEY, regKey, slotKey, STATUS_KEY } from './league/registrations-store';
import { readStoredRegistration } from './league/stored-registration';
import { AUDIT_KEY } from './payments/audit-trail';
import { restoreWrites } from './bay-booking/restore';
import { bookingKey as bayBookingKey, HOLDS_KEY as BAY_HOLDS_KEY, INDEX_KEY as BAY_INDEX_KEY } from './bay-booking/store';
import { readStoredBooking } from './bay-booking/record';
import { withStore } from './store';

/** The keys whose presence makes a store non-empty: the indexes, the registrations' hashes, the audit trail. */
const FAMILY_KEYS = [REGS_KEY, STATUS_KEY, CHECKOUT_KEY, REQS_KEY, AUDIT_KEY, BAY_INDEX_KEY, BAY_HOLDS_KEY] as const;

const INDEXES_SCRIPT = `
local function scored(key)
  local flat = redis.call('ZRANGE', key, 0, -1, 'WITHSCORES')
  local list = {}
  for i = 1, #flat, 2 do list[#list + 1] = { flat[i], flat[i + 1] } end
  return list
end
local regs, reqs, bays = scored(KEYS[1]), scored(KEYS[2]), scored(KEYS[3])
return cjson.encode({ regs = #regs > 0 and regs or cjson.null, reqs = #reqs > 0 and reqs or cjson.null, bays = #bays > 0 and bays or cjson.null })
`;

/** Records (in KEYS order after the three fixed keys), both hashes and the audit trail, as one JSON text. */
const RECORDS_SCRIPT = `${RECORD_LUA}
local statusKey, checkoutKey, auditKey = KEYS[1], KEYS[2], KEYS[3]
local recordKeys = {}
for i = 4, #KEYS do recordKeys[#recordKeys + 1] = KEYS[i] end
local records = batched(function(...) return redis.call('MGET', ...) end, recordKeys)
local found = {}
for i = 1, #recordKeys do found[i] = records[i] or false end
return cjson.encode({
  records = #found > 0 and found or cjson.null,
  statuses = redis.call('HGETALL', statusKey),
  checkouts = redis.call('HGETALL', checkoutKey),
  audit = redis.call('LRANGE', auditKey, 0, -1),
})
`;

type Pair = [string, string];

const asPairs = (value: unknown): Pair[] => (Array.isArray(value) ? value.filter((pair): pair is Pair => Array.isArray(pair) && typeof pair[0] === 'string') : []);
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A flat HGETALL reply as a map. */
function hashOf(flat: unknown): Map<string, string> {
  const list = asList(flat);
  const map = new Map<string, string>();
  for (let i = 0; i + 1 < list.length; i += 2) map.set(String(list[i]), String(list[i + 1]));
  return map;
}

export interface ReadReport {
  data: VenueData;
  /** Index entries whose record is missing or not a JSON object with its id (left out of the file). */
  skipped: string[];
}

/** Everything the site keeps, as the file holds it. */
export async function readVenueData(): Promise<ReadReport> {
  return withStore(async (store) => {
    const indexes = parseAnswer(await store.eval<[], unknown>(INDEXES_SCRIPT, [REGS_KEY, REQS_KEY, BAY_INDEX_KEY], [])) as { regs?: unknown; reqs?: unknown; bays?: unknown };
    const regs = asPairs(indexes.regs);
    const reqs = asPairs(indexes.reqs);
    const bays = asPairs(indexes.bays);
    const keys = [STATUS_KEY, CHECKOUT_KEY, AUDIT_KEY, ...regs.map(([id]) => regKey(id)), ...reqs.map(([id]) => reqKey(id)), ...bays.map(([id]) => bayBookingKey(id))];
    const read = parseAnswer(await store.eval<[], unknown>(RECORDS_SCRIPT, keys, [])) as { records?: unknown; statuses?: unknown; checkouts?: unknown; audit?: unknown };
    const texts = asList(read.records);
    const statuses = hashOf(read.statuses);
    const checkouts = hashOf(read.checkouts);
    const skipped: string[] = [];
    const recordOf = (index: number, id: string, key: string) => {
      const record = parseRecord(texts[index]);
      if (record && record['id'] === id) return record as { id: string } & Record<string, unknown>;
      skipped.push(key);
      return null;
    };
    const data: VenueData = {
      format: VENUE_DATA_FORMAT,
      version: VENUE_DATA_VERSION,
      records: {
        leagueRegistrations: regs.flatMap(([id, score], index) => {
          const record = recordOf(index, id, regKey(id));
          if (!record) return [];
          const status = statuses.get(id);
          return [{ id, registeredAtMs: Number(score), paymentStatus: isPaymentStatus(status) ? status : null, checkoutSessionId: checkouts.get(id) ?? null, record }];
        }),
        eventRequests: reqs.flatMap(([id, score], index) => {
          const record = recordOf(regs.length + index, id, reqKey(id));
          return record ? [{ id, submittedAtMs: Number(score), record }] : [];
        }),
        subscriptionAudit: asList(read.audit).flatMap((text) => {
          const entry = parseRecord(text);
          return entry ? [entry] : [];
        }),
        bayBookings: bays.flatMap(([id], index) => {
          const record = recordOf(regs.length + reqs.length + index, id, bayBookingKey(id));
          if (!record) return [];
          // Checked as the file is, but kept as stored (field order included).
          if (bayBookingEntry.safeParse({ id, record }).success) return [{ id, record: record as BayBookingEntry['record'] }];
          skipped.push(bayBookingKey(id));
          return [];
        }),
      },
    };
    return { data, skipped };
  });
}

const PAYMENT_STATUSES = new Set(['pending', 'completed', 'failed', 'expired']);
const isPaymentStatus = (value: string | undefined): value is 'pending' | 'completed' | 'failed' | 'expired' => value !== undefined && PAYMENT_STATUSES.has(value);

/** The store holds data and the import was not told to replace it. */
export class StoreNotEmptyError extends Error {
  constructor() {
    super('The store already holds venue data: import into an empty store, or replace what it holds.');
    this.name = 'StoreNotEmptyError';
  }
}

/**
 * Writes the data in one script. Refuses (answers -1) when any family key or any key it would
 * write exists, unless told to replace; replacing deletes the family keys, the keys it will write
 * and `stale` keys (what the store holds now that the file does not), then writes.
 */
const IMPORT_SCRIPT = `
local familyCount, staleCount, replace = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3] == 'replace'
local commands = cjson.decode(ARGV[4])
local writeFrom = familyCount + staleCount + 1
if not replace then
  for i = 1, familyCount do if redis.call('EXISTS', KEYS[i]) == 1 then return -1 end end
  for i = writeFrom, #KEYS do if redis.call('EXISTS', KEYS[i]) == 1 then return -1 end end
end
for i = 1, #KEYS do redis.call('DEL', KEYS[i]) end
local allowed = { SET = true, ZADD = true, HSET = true, RPUSH = true, PEXPIRE = true }
for _, command in ipairs(commands) do
  if not allowed[command[1]] then return redis.error_reply('command not allowed: ' .. tostring(command[1])) end
  redis.call(command[1], KEYS[command[2]], unpack(command, 3))
end
return #commands
`;

type Command = [name: 'SET' | 'ZADD' | 'HSET' | 'RPUSH' | 'PEXPIRE', key: string, ...args: string[]];

/** The store commands that recreate the data, in the file's order; `now` dates the expiry of bay bookings' derived keys. */
export function importCommands(data: VenueData, now: number): Command[] {
  const commands: Command[] = [];
  for (const entry of data.records.leagueRegistrations) {
    const score = String(entry.registeredAtMs);
    commands.push(['SET', regKey(entry.id), JSON.stringify(entry.record)], ['ZADD', REGS_KEY, score, entry.id]);
    if (entry.paymentStatus) commands.push(['HSET', STATUS_KEY, entry.id, entry.paymentStatus]);
    if (entry.checkoutSessionId !== null) commands.push(['HSET', CHECKOUT_KEY, entry.id, entry.checkoutSessionId]);
    const stored = readStoredRegistration(entry.record);
    if (stored?.sessionId && stored.teeTime) commands.push(['ZADD', slotKey(stored.sessionId, stored.teeTime), score, entry.id]);
  }
  for (const entry of data.records.eventRequests) {
    commands.push(['SET', reqKey(entry.id), JSON.stringify(entry.record)], ['ZADD', REQS_KEY, String(entry.submittedAtMs), entry.id]);
  }
  for (const entry of data.records.subscriptionAudit) commands.push(['RPUSH', AUDIT_KEY, JSON.stringify(entry)]);
  for (const entry of data.records.bayBookings) {
    const record = readStoredBooking(entry.record);
    if (!record) throw new Error(`bay booking ${entry.id} is not a booking record`);
    commands.push(['SET', bayBookingKey(entry.id), JSON.stringify(entry.record)], ...restoreWrites(record, now));
  }
  return commands;
}

/** The keys the data occupies besides the family keys: records, tee-time sets, bays' half hours and members' days. */
function occupiedKeys(data: VenueData, now: number): string[] {
  const keys = importCommands(data, now).map(([, key]) => key);
  return [...new Set(keys)].filter((key) => !(FAMILY_KEYS as readonly string[]).includes(key));
}

export interface ImportReport {
  leagueRegistrations: number;
  eventRequests: number;
  subscriptionAudit: number;
  bayBookings: number;
}

/**
 * Restores the data into an empty store, or, with `replace`, in place of what the store holds; in
 * one script either way. StoreNotEmptyError when the store holds data and `replace` is not set.
 */
export async function writeVenueData(data: VenueData, options: { replace?: boolean } = {}): Promise<ImportReport> {
  const now = Date.now();
  const stale = options.replace ? occupiedKeys((await readVenueData()).data, now) : [];
  const writes = occupiedKeys(data, now);
  const staleOnly = stale.filter((key) => !writes.includes(key));
  const keys = [...FAMILY_KEYS, ...staleOnly, ...writes];
  const index = new Map(keys.map((key, position) => [key, position + 1]));
  const commands = importCommands(data, now).map(([name, key, ...args]) => [name, index.get(key)!, ...args]);
  const result = await withStore((store) =>
    store.eval<string[], number>(IMPORT_SCRIPT, keys, [String(FAMILY_KEYS.length), String(staleOnly.length), options.replace ? 'replace' : 'empty', JSON.stringify(commands)]),
  );
  if (Number(result) < 0) throw new StoreNotEmptyError();
  return {
    leagueRegistrations: data.records.leagueRegistrations.length,
    eventRequests: data.records.eventRequests.length,
    subscriptionAudit: data.records.subscriptionAudit.length,
    bayBookings: data.records.bayBookings.length,
  };
}
