/**
 * Event quotes in Redis, on the bay calendar:
 *   events:quote:{requestId}  the quote (quote-record.ts)
 *   events:quotes             sorted set of request ids by the event's start (ms): dashboard, export
 *   events:quote:holds        sorted set of ids of sent quotes by when their hold lapses (ms): expiry
 *   bay:slot:{resource}:{m}   the half hours of every bay and private space the event claims, with
 *                             bay booking's value '{owner}|{holdUntilMs}' (0 = confirmed), owner
 *                             'event-{requestId}': bay holds, availability and the quote share the
 *                             one taken rule (bay-booking/server/claim-rules.ts), so neither takes
 *                             a half hour the other holds.
 * Saving a quote and its hold is one script (reading the request inside it); releasing one is one script.
 */
import type { MailMessage } from '../../../shared/mail/message';
import { inJsonString } from '../../../shared/mail/marks';
import { queued, queueMessage } from '../../../shared/mail/outbox';
import { defineScript, optional } from '../../../shared/server/script';
import { withStore } from '../../../shared/server/store';
import { TAKEN_LUA } from '../../bay-booking/server/claim-rules';
import { SLOT_KEEP_MS, slotKey } from '../../bay-booking/server/store';
import type { QuoteConfig } from '../rules/quote-config';
import { MINUTE_MS, resourceInstants, type PricedQuote } from '../rules/quote';
import { readStoredQuote, type QuoteStatus, type StoredQuote } from '../quote-record';
import { reqKey } from './requests';
import { reportDay, reportDayAt, reportDayOf } from '../../reports/server/tally-step';
import { EVENT_FIELDS } from './report-tallies';

export const QUOTES_KEY = 'events:quotes';
export const QUOTE_HOLDS_KEY = 'events:quote:holds';
export const quoteKey = (id: string) => `events:quote:${id}`;
export const slotOwner = (id: string) => `event-${id}`;

/** A claimed half hour: its key and the resource it is on. */
export interface QuoteSlot {
  key: string;
  resourceId: string;
}

/** The half hours a priced quote claims on its resources (range and each resource's buffer). */
export function quoteSlots(config: QuoteConfig, quote: Pick<PricedQuote, 'spaces' | 'startsAt' | 'endsAt'>): QuoteSlot[] {
  return quote.spaces.flatMap((id) => {
    const resource = config.resources.find((each) => each.id === id);
    if (!resource) return [];
    return resourceInstants(config, resource, quote.startsAt, quote.endsAt).map((instant) => ({ key: slotKey(id, instant), resourceId: id }));
  });
}

/**
 * How long a claimed half hour's key lives from `now` (ms): until a week past the half hour's end
 * (`slotMs` long, starting at the minute its key ends with), as bay booking keeps its own.
 */
export const SLOT_TTL_LUA = `
local function slotTtl(slot, now, slotMs)
  local minute = tonumber(string.match(slot, ':(%d+)$'))
  return math.max(minute * ${MINUTE_MS} + slotMs - now, 0) + ${SLOT_KEEP_MS}
end`;

/**
 * Saves a quote version with its tentative hold: the request must exist with an address and its
 * quote must not be confirmed (changes go through the change script then); every half hour (`slots`)
 * must be free or the quote's own, else answers the indices of the taken ones and writes nothing.
 * Otherwise the record takes the request's name and address, the earlier version's half hours (its
 * record's `slots`) are given back, the new ones claimed until `holdUntil`, the record stored with the
 * version appended to the history, indexed, listed among the holds, and its e-mail queued with the
 * name and address written over its `marks`.
 */
const saveScript = defineScript({
  name: 'event quote save',
  keys: ['quote', 'index', 'holds', 'request'],
  args: { now: 'number', record: 'json', entry: 'json', slotMs: 'number', marks: 'json', quotedField: 'string' },
  steps: { mail: optional(queueMessage), day: reportDay },
  variadicKeys: 'slots',
  lua: `${TAKEN_LUA}
${SLOT_TTL_LUA}
local requestText = redis.call('GET', request)
if not requestText then return 'missing' end
local read, inbox = pcall(cjson.decode, requestText)
if not read or type(inbox) ~= 'table' or type(inbox.email) ~= 'string' or inbox.email == '' then return 'no-address' end
local function text(value) if type(value) == 'string' then return value end return '' end
record.name = string.match(text(inbox.firstName) .. ' ' .. text(inbox.lastName), '^%s*(.-)%s*$')
record.email = inbox.email
local owner = 'event-' .. record.id
local stored = redis.call('GET', quote)
local first = not stored
local history = {}
if stored then
  local old = cjson.decode(stored)
  if old.status == 'confirmed' then return 'confirmed' end
  if type(old.history) == 'table' then history = old.history end
  record.version = (old.version or 0) + 1
  entry.change = 'changed'
end
local busy = {}
for i, slot in ipairs(slots) do
  if taken(redis.call('GET', slot), now, owner) then busy[#busy + 1] = i end
end
if #busy > 0 then return busy end
if stored then
  for _, slot in ipairs(cjson.decode(stored).slots or {}) do
    local value = redis.call('GET', slot)
    if value and string.sub(value, 1, #owner + 1) == owner .. '|' then redis.call('DEL', slot) end
  end
end
for _, slot in ipairs(slots) do redis.call('SET', slot, owner .. '|' .. record.holdUntil, 'PX', slotTtl(slot, now, slotMs)) end
record.slots = slots
entry.quote = record.quote
history[#history + 1] = entry
record.history = history
stored = cjson.encode(record)
redis.call('SET', quote, stored)
redis.call('ZADD', index, record.quote.startsAt, record.id)
redis.call('ZADD', holds, record.holdUntil, record.id)
-- The reports' funnel counts a request quoted once, on its first version's day.
if first then tallyField(day, quotedField, 1) end
local function inJson(value) return string.sub(cjson.encode(value), 2, -2) end
if mail then queueMessage(mail, now, { { marks.email, inJson(record.email) }, { marks.name, inJson(record.name) } }) end
return stored`,
});

export type SaveOutcome = { saved: StoredQuote } | { taken: string[] } | { refused: 'missing' | 'no-address' | 'confirmed' };

/** The record a save stores, but for what the script takes from the request (name and address) and adds (half hours). */
export type QuoteToSave = Omit<StoredQuote, 'slots' | 'name' | 'email'>;

/**
 * One round trip. `taken` names the resources (ids) with a half hour someone else holds. `mail`
 * carries `marks` (name and address, as customerMarks gives them) where the script writes the request's.
 */
export async function saveQuote(config: QuoteConfig, record: QuoteToSave, now: number, mail: { message: MailMessage; marks: { name: string; email: string } } | null): Promise<SaveOutcome> {
  const slots = quoteSlots(config, record.quote);
  const answer = await withStore((store) =>
    saveScript.run(store, {
      keys: { quote: quoteKey(record.id), index: QUOTES_KEY, holds: QUOTE_HOLDS_KEY, request: reqKey(record.id), slots: slots.map((slot) => slot.key) },
      args: {
        now,
        record,
        entry: { at: new Date(now).toISOString(), change: 'quoted' },
        slotMs: config.calendar.slotMinutes * MINUTE_MS,
        marks: mail ? { name: inJsonString(mail.marks.name), email: inJsonString(mail.marks.email) } : {},
        quotedField: EVENT_FIELDS.quoted,
      },
      steps: { mail: mail ? queued(mail.message, new Date(now)) : null, day: reportDayAt(now) },
    }),
  );
  if (Array.isArray(answer)) return { taken: [...new Set(answer.map((index) => slots[Number(index) - 1]!.resourceId))] };
  if (answer === 'missing' || answer === 'no-address' || answer === 'confirmed') return { refused: answer };
  return { saved: readStoredQuote(answer)! };
}

/**
 * Gives back a quote's half hours (its record's `slots`, those it still owns) and sets its status, when its status is one
 * of `from`, appending `entry` to its history. Answers the record after and whether it changed, or
 * '' when there is none.
 */
const releaseScript = defineScript({
  name: 'event quote release',
  keys: ['quote', 'holds'],
  args: { status: 'string', from: 'json', entry: 'json', refunded: 'number', fields: 'json' },
  steps: { day: reportDay, eventDay: optional(reportDay) },
  lua: `
local text = redis.call('GET', quote)
if not text then return '' end
local record = cjson.decode(text)
local allowed = false
for _, each in ipairs(from) do if record.status == each then allowed = true end end
if not allowed then return { text, 0 } end
local owner = 'event-' .. record.id
for _, slot in ipairs(record.slots or {}) do
  local value = redis.call('GET', slot)
  if value and string.sub(value, 1, #owner + 1) == owner .. '|' then redis.call('DEL', slot) end
end
redis.call('ZREM', holds, record.id)
-- The reports: the refund on its day; a confirmed event no longer held on its day.
tallyField(day, fields.refund, refunded)
if record.status == 'confirmed' and eventDay then tallyField(eventDay, fields.held, -1) end
record.status = status
record.holdUntil = 0
record.refundedCents = (record.refundedCents or 0) + refunded
record.history[#record.history + 1] = entry
text = cjson.encode(record)
redis.call('SET', quote, text)
return { text, 1 }`,
});

export interface ReleaseChange {
  status: Extract<QuoteStatus, 'expired' | 'withdrawn' | 'cancelled'>;
  from: readonly QuoteStatus[];
  entry: Omit<QuoteHistoryEntryInput, 'at'>;
  refundedCents?: number;
  /** The event's date, when a confirmed event may be released (the reports count it held on that day). */
  eventDate?: string;
}
type QuoteHistoryEntryInput = StoredQuote['history'][number];

/** One round trip: the record after and whether this call changed it, or null when there is none. */
export async function releaseQuote(id: string, change: ReleaseChange, now: number): Promise<{ record: StoredQuote; changed: boolean } | null> {
  const answer = await withStore((store) =>
    releaseScript.run(store, {
      keys: { quote: quoteKey(id), holds: QUOTE_HOLDS_KEY },
      args: { status: change.status, from: change.from, entry: { at: new Date(now).toISOString(), ...change.entry }, refunded: change.refundedCents ?? 0, fields: EVENT_FIELDS },
      steps: { day: reportDayAt(now), eventDay: change.eventDate ? reportDayOf(change.eventDate) : null },
    }),
  );
  if (!Array.isArray(answer)) return null;
  const record = readStoredQuote(answer[0]);
  return record ? { record, changed: Number(answer[1]) === 1 } : null;
}

export async function readQuote(id: string): Promise<StoredQuote | null> {
  return readStoredQuote(await withStore((store) => store.get<unknown>(quoteKey(id))));
}

/** Quotes of these ids, in their order (missing ones left out): one round trip. */
export async function readQuotes(ids: readonly string[]): Promise<StoredQuote[]> {
  if (ids.length === 0) return [];
  const values = await withStore((store) => store.mget<unknown[]>(...ids.map(quoteKey)));
  return values.map((value) => (value ? readStoredQuote(value) : null)).filter((record): record is StoredQuote => record !== null);
}

/** Every quote, by the event's start: two round trips. */
export async function allQuotes(): Promise<StoredQuote[]> {
  return readQuotes(await withStore((store) => store.zrange<string[]>(QUOTES_KEY, 0, -1)));
}

/** Quotes whose event starts in [from, until) (ms): two round trips. */
export async function quotesStartingBetween(from: number, until: number): Promise<StoredQuote[]> {
  return readQuotes(await withStore((store) => store.zrange<string[]>(QUOTES_KEY, from, `(${until}`, { byScore: true })));
}

/** Sent quotes whose hold lapsed before `cutoff` (ms). */
export async function lapsedQuotes(cutoff: number): Promise<string[]> {
  return withStore((store) => store.zrange<string[]>(QUOTE_HOLDS_KEY, '-inf', cutoff, { byScore: true }));
}
