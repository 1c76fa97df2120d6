/**
 * Moving a booking in the store, each step one script: the move itself (the new range claimed and the
 * old one freed together, or nothing), and for a move that waits for its payment, making it once paid
 * or letting it go. Pending moves are listed in bay:moves by when their hold lapses (reconciliation).
 *   record.move = { n, to, kind, includedMinutes, chargeCents, holdUntil, entry, checkoutSessionId? }
 * A held move claims only the half hours the booking does not own already ('{id}|{holdUntil}'), and
 * its included time as '{id}:move' in the member's day, so the booking keeps its own until it is paid.
 */
import type { MailMessage } from '../../../shared/mail/message';
import { queued, queueMessage } from '../../../shared/mail/outbox';
import { defineScript, many, optional, type StepInput } from '../../../shared/server/script';
import { withStore } from '../../../shared/server/store';
import { moveBalance } from '../../gift-cards/server/balance-script';
import type { MoveTerms } from '../rules/move';
import { memberDay, TAKEN_LUA } from './claim-rules';
import { AS_SEEN_LUA, type BookingRevision } from './revision-shape';
import { readStoredBooking, type BayMove, type StoredBayBooking } from './record';
import { oweRefund, owedRefundQueue } from './refund-step';
import { bookingKey, INDEX_KEY, SLOT_KEEP_MS } from './store';
import { reportDay, reportDayAt, type ReportDayInput } from '../../reports/server/tally-step';
import { BAY_REVENUE_FIELD, bayUseDays } from './report-tallies';

export const MOVES_KEY = 'bay:moves';

/**
 * placeMove(record, at): the booking's half hours become `at.newKeys` (confirmed) and the old ones it
 * leaves are freed; its included time leaves the old day and, with `at.included`, is written in the new.
 * dropMove(record, oldKeys, newKeys, newDay): a held move's half hours and included time let go.
 */
const MOVE_LUA = `${TAKEN_LUA}${AS_SEEN_LUA}
local function owns(value, id)
  return value and string.sub(value, 1, #id + 1) == id .. '|'
end
local function placeMove(record, at)
  local kept = {}
  for i, key in ipairs(at.newKeys) do
    kept[key] = true
    redis.call('SET', key, record.id .. '|0', 'PX', math.max(at.startsAt + i * at.slotMs - at.now, 0) + at.keep)
  end
  for _, key in ipairs(at.oldKeys) do
    if not kept[key] and owns(redis.call('GET', key), record.id) then redis.call('DEL', key) end
  end
  if at.oldDay then redis.call('HDEL', at.oldDay, record.id) end
  if at.newDay then
    redis.call('HDEL', at.newDay, record.id .. ':move')
    if at.included then
      redis.call('HSET', at.newDay, record.id, at.included .. '0')
      redis.call('PEXPIRE', at.newDay, math.max(at.startsAt - at.now, 0) + at.keep)
    end
  end
  for _, field in ipairs({ 'date', 'start', 'startsAt', 'endsAt', 'lengthMinutes', 'bayId' }) do record[field] = at.place[field] end
  -- The half hours it claims now: what releasing it later frees.
  record.slots = at.newKeys
  record.kind = at.kind
  record.includedMinutes = at.includedMinutes
  record.movedAt = at.entry.at
  local history = record.history or {}
  history[#history + 1] = at.entry
  record.history = history
  record.move = nil
  redis.call('ZREM', at.moves, record.id)
  redis.call('ZADD', at.index, at.startsAt, record.id)
end
local function dropMove(record, oldKeys, newKeys, newDay, moves)
  local own = {}
  for _, key in ipairs(oldKeys) do own[key] = true end
  for _, key in ipairs(newKeys) do
    if not own[key] and owns(redis.call('GET', key), record.id) then redis.call('DEL', key) end
  end
  if newDay then redis.call('HDEL', newDay, record.id .. ':move') end
  record.move = nil
  redis.call('ZREM', moves, record.id)
end`;

/**
 * The move: refused as 'changed' when the record is not as the page saw it, 'waiting' while another
 * move waits for its payment, 'taken' when no candidate bay has the new range free (the booking's own
 * half hours count as free to it); nothing is written then. Else the member's included time is granted
 * again where it goes (its own old time not counted), which picks the terms. Terms with a charge hold
 * the new range ('held'); any others move the booking now ('moved'): the old half hours freed, history
 * and update mail written, a cheaper time's refund owed and a gift card's part given back, in this step.
 */
const moveScript = defineScript({
  name: 'bay move',
  keys: ['booking', 'index', 'moves', 'oldDay?'],
  args: { now: 'number', seen: 'json', bays: 'json', perBay: 'number', oldCount: 'number', slotMs: 'number', startsAt: 'number', keep: 'number', terms: 'json', holdUntil: 'number', place: 'json', entry: 'json', refundKey: 'string', fills: 'json', newUseGrants: 'json' },
  steps: { member: optional(memberDay), updates: many(queueMessage), refund: oweRefund, giftCard: optional(moveBalance), oldUse: many(reportDay), newUse: many(reportDay) },
  variadicKeys: 'slots',
  lua: `${MOVE_LUA}
local text = redis.call('GET', booking)
if not text then return { 'missing' } end
local record = cjson.decode(text)
if not asSeen(record, seen) then return { 'changed', text } end
if type(record.move) == 'table' and record.move.holdUntil > now then return { 'waiting', text } end
local oldKeys = {}
for i = 1, oldCount do oldKeys[i] = slots[i] end
local chosen
for b = 1, #bays do
  local free = true
  for i = 1, perBay do
    if taken(redis.call('GET', slots[oldCount + (b - 1) * perBay + i]), now, record.id) then free = false break end
  end
  if free then chosen = b break end
end
if not chosen then return { 'taken', text } end
local newKeys = {}
for i = 1, perBay do newKeys[i] = slots[oldCount + (chosen - 1) * perBay + i] end
local included = 0
if member then included = includedGrant(memberDayNow(member, now, record.id), #terms - 1, slotMs, startsAt) end
local term = terms[included + 1]
place.bayId = bays[chosen]
entry.to.bayId = bays[chosen]
local span = nil
if included > 0 then span = term.includedMinutes .. '|' .. startsAt .. '|' .. (startsAt + included * slotMs) .. '|' end
if term.chargeCents > 0 then
  local own = {}
  for _, key in ipairs(oldKeys) do own[key] = true end
  for i, key in ipairs(newKeys) do
    if not own[key] then redis.call('SET', key, record.id .. '|' .. holdUntil, 'PX', math.max(startsAt + i * slotMs - now, 0) + keep) end
  end
  if span then
    redis.call('HSET', member.day, record.id .. ':move', span .. holdUntil)
    redis.call('PEXPIRE', member.day, math.max(startsAt - now, 0) + keep)
  end
  entry.chargedCents = term.chargeCents
  record.move = { n = seen.moves + 1, to = place, kind = term.kind, includedMinutes = term.includedMinutes, chargeCents = term.chargeCents, holdUntil = holdUntil, entry = entry }
  redis.call('ZADD', moves, holdUntil, record.id)
  text = cjson.encode(record)
  redis.call('SET', booking, text)
  return { 'held', text }
end
entry.refundCents = term.refundCents
entry.dueCents = term.dueCents
if term.refundCents > 0 then oweRefund(refund, record, refundKey, now, term.refundCents) end
if term.cardBackCents > 0 and giftCard then
  giftCard.amount = term.cardBackCents
  if moveBalance(giftCard)[1] == 'ok' then
    record.giftCard.cents = record.giftCard.cents - term.cardBackCents
    entry.cardBackCents = term.cardBackCents
  end
end
-- The reports: its bay time leaves the old half hours and fills the new ones, as the granted terms say.
for _, day in ipairs(oldUse) do tally(day, -1) end
for i, day in ipairs(newUse) do if newUseGrants[i] == included then tally(day, 1) end end
placeMove(record, { newKeys = newKeys, oldKeys = oldKeys, startsAt = startsAt, slotMs = slotMs, now = now, keep = keep, oldDay = oldDay, newDay = member and member.day, included = span, place = place, kind = term.kind, includedMinutes = term.includedMinutes, entry = entry, moves = moves, index = index })
text = cjson.encode(record)
redis.call('SET', booking, text)
if updates[included + 1] then queueMessage(updates[included + 1], now, fills[place.bayId]) end
return { 'moved', text }`,
});

export type MoveOutcome = 'missing' | 'changed' | 'waiting' | 'taken' | 'held' | 'moved';

export interface MoveAttempt {
  seen: BookingRevision;
  /** The half hours (range and buffer) the booking claims now: their keys. */
  oldKeys: readonly string[];
  /** The member's day the booking's included time is in now, if any. */
  oldDay: string | null;
  /** Candidate bays in the order to try, each with the keys of its half hours for the new range. */
  candidates: ReadonlyArray<{ bayId: string; keys: readonly string[] }>;
  /** The member's day where the booking goes, with the plan's allowance; null when no included time may apply. */
  member: { day: string; allowanceMinutes: number } | null;
  startsAt: number;
  slotMinutes: number;
  /** By half hours of included time granted (index 0: none). */
  terms: readonly MoveTerms[];
  /** Until when a dearer move's new range is held for its payment. */
  holdUntil: number;
  /** Where it goes; the script adds the bay. */
  place: { date: string; start: string; startsAt: string; endsAt: string; lengthMinutes: number };
  /** The history entry; the script writes the bay and the money. */
  entry: BayMove;
  /** The update mail by grant (same order as `terms`), with each candidate bay's fills for its marks; none when there is no one to write to. */
  updates: { messages: readonly MailMessage[]; fills: Readonly<Record<string, ReadonlyArray<readonly [string, string]>>> } | null;
  /** Stripe idempotency key of a cheaper move's refund. */
  refundKey: string;
  /** The gift card's part given back (amount set by the script); null when no card paid. */
  giftCard: StepInput<typeof moveBalance> | null;
  now: number;
}

/** One round trip: the outcome and the record as stored after it. */
export async function runMove(attempt: MoveAttempt): Promise<{ outcome: MoveOutcome; record: StoredBayBooking | null }> {
  const perBay = attempt.candidates[0]?.keys.length ?? 0;
  if (perBay === 0 || attempt.candidates.some((candidate) => candidate.keys.length !== perBay)) throw new Error('every candidate bay needs the same half hours');
  if (attempt.updates && attempt.updates.messages.length !== attempt.terms.length) throw new Error('a move needs an update for each of its terms');
  // The use each grant of included time would give the booking where it goes.
  const newUse = attempt.terms.flatMap((terms, grant) => bayUseDays({ ...attempt.place, kind: terms.kind, includedMinutes: terms.includedMinutes }).map((day) => ({ grant, day })));
  const answer = await withStore((store) =>
    moveScript.run(store, {
      keys: { booking: bookingKey(attempt.seen.id), index: INDEX_KEY, moves: MOVES_KEY, oldDay: attempt.oldDay, slots: [...attempt.oldKeys, ...attempt.candidates.flatMap((candidate) => candidate.keys)] },
      args: {
        now: attempt.now,
        seen: attempt.seen,
        bays: attempt.candidates.map((candidate) => candidate.bayId),
        perBay,
        oldCount: attempt.oldKeys.length,
        slotMs: attempt.slotMinutes * 60_000,
        startsAt: attempt.startsAt,
        keep: SLOT_KEEP_MS,
        terms: attempt.terms,
        holdUntil: attempt.holdUntil,
        place: attempt.place,
        entry: attempt.entry,
        refundKey: attempt.refundKey,
        fills: attempt.updates?.fills ?? {},
        newUseGrants: newUse.map(({ grant }) => grant),
      },
      steps: {
        member: attempt.member ? { keys: { day: attempt.member.day }, args: { allowance: attempt.member.allowanceMinutes } } : null,
        updates: (attempt.updates?.messages ?? []).map((message) => queued(message, new Date(attempt.now))),
        refund: owedRefundQueue,
        giftCard: attempt.giftCard,
        oldUse: bayUseDays(attempt.seen),
        newUse: newUse.map(({ day }) => day),
      },
    }),
  );
  const [outcome, text] = Array.isArray(answer) ? answer : [];
  return { outcome: String(outcome) as MoveOutcome, record: text === undefined ? null : readStoredBooking(text) };
}

/** The keys of a held move: the booking's old and new half hours and the member's days. */
export interface HeldMoveKeys {
  oldKeys: readonly string[];
  newKeys: readonly string[];
  oldDay: string | null;
  newDay: string | null;
  /** The new range's start (ms). */
  startsAt: number;
  slotMinutes: number;
  /** The reports' use of the booking where it is and where the held move takes it (report-tallies.ts). */
  oldUse: readonly ReportDayInput[];
  newUse: readonly ReportDayInput[];
}

/**
 * A held move's payment came: when that move (named by its `hold`, the holdUntil it was made with) still waits and its half hours are still free to the
 * booking (and, its hold lapsed, it used no included time, which the member may have used since), it
 * is made ('moved') with its history entry and update mail; else the held move is let go and the
 * payment owed back in full ('refunded'). The payment is recorded as a top-up either way, once
 * ('already' when it is one already).
 */
const confirmMoveScript = defineScript({
  name: 'bay move paid',
  keys: ['booking', 'index', 'moves', 'oldDay?', 'newDay?'],
  args: { now: 'number', hold: 'number', paymentIntent: 'string', cents: 'number', oldCount: 'number', slotMs: 'number', startsAt: 'number', keep: 'number', at: 'string', refundKey: 'string', revenueField: 'string' },
  steps: { update: optional(queueMessage), refund: oweRefund, paidDay: reportDay, oldUse: many(reportDay), newUse: many(reportDay) },
  variadicKeys: 'slots',
  lua: `${MOVE_LUA}
local text = redis.call('GET', booking)
if not text then return { 'missing' } end
local record = cjson.decode(text)
for _, payment in ipairs(record.topUps or {}) do
  if payment.paymentIntentId == paymentIntent then return { 'already', text } end
end
local topUps = record.topUps or {}
topUps[#topUps + 1] = { paymentIntentId = paymentIntent, cents = cents, refundedCents = 0, at = at }
record.topUps = topUps
record.amountCents = (record.amountCents or 0) + cents
-- What Stripe took for the move is bay revenue today, kept or owed back.
tallyField(paidDay, revenueField, cents)
local oldKeys, newKeys = {}, {}
for i, key in ipairs(slots) do
  if i <= oldCount then oldKeys[#oldKeys + 1] = key else newKeys[#newKeys + 1] = key end
end
local move = record.move
local ours = type(move) == 'table' and move.holdUntil == hold
local live = ours and record.status == 'confirmed' and (move.holdUntil > now or move.includedMinutes == 0)
if live then
  for _, key in ipairs(newKeys) do
    if taken(redis.call('GET', key), now, record.id) then live = false break end
  end
end
if not live then
  if ours then dropMove(record, oldKeys, newKeys, newDay, moves) end
  oweRefund(refund, record, refundKey, now, cents)
  text = cjson.encode(record)
  redis.call('SET', booking, text)
  return { 'refunded', text }
end
local entry = move.entry
entry.at = at
local span = nil
if move.includedMinutes > 0 then span = move.includedMinutes .. '|' .. startsAt .. '|' .. (startsAt + move.includedMinutes * 60000) .. '|' end
for _, day in ipairs(oldUse) do tally(day, -1) end
for _, day in ipairs(newUse) do tally(day, 1) end
placeMove(record, { newKeys = newKeys, oldKeys = oldKeys, startsAt = startsAt, slotMs = slotMs, now = now, keep = keep, oldDay = oldDay, newDay = newDay, included = span, place = move.to, kind = move.kind, includedMinutes = move.includedMinutes, entry = entry, moves = moves, index = index })
text = cjson.encode(record)
redis.call('SET', booking, text)
if update then queueMessage(update, now) end
return { 'moved', text }`,
});

export type MovePaidOutcome = 'missing' | 'already' | 'moved' | 'refunded';

export async function confirmMove(id: string, hold: number, keys: HeldMoveKeys, payment: { paymentIntentId: string; cents: number; refundKey: string }, update: MailMessage | null, now: number): Promise<{ outcome: MovePaidOutcome; record: StoredBayBooking | null }> {
  const answer = await withStore((store) =>
    confirmMoveScript.run(store, {
      keys: { booking: bookingKey(id), index: INDEX_KEY, moves: MOVES_KEY, oldDay: keys.oldDay, newDay: keys.newDay, slots: [...keys.oldKeys, ...keys.newKeys] },
      args: { now, hold, paymentIntent: payment.paymentIntentId, cents: payment.cents, oldCount: keys.oldKeys.length, slotMs: keys.slotMinutes * 60_000, startsAt: keys.startsAt, keep: SLOT_KEEP_MS, at: new Date(now).toISOString(), refundKey: payment.refundKey, revenueField: BAY_REVENUE_FIELD },
      steps: { update: update ? queued(update, new Date(now)) : null, refund: owedRefundQueue, paidDay: reportDayAt(now), oldUse: [...keys.oldUse], newUse: [...keys.newUse] },
    }),
  );
  const [outcome, text] = Array.isArray(answer) ? answer : [];
  return { outcome: String(outcome) as MovePaidOutcome, record: text === undefined ? null : readStoredBooking(text) };
}

/** Lets a held move go (its payment did not come, or the guest kept the booking as it was): `hold` names it. A booking with none leaves bay:moves. Answers the record after. */
const dropMoveScript = defineScript({
  name: 'bay move dropped',
  keys: ['booking', 'moves', 'newDay?'],
  args: { id: 'string', hold: 'number', oldCount: 'number' },
  variadicKeys: 'slots',
  lua: `${MOVE_LUA}
local text = redis.call('GET', booking)
if not text then
  redis.call('ZREM', moves, id)
  return ''
end
local record = cjson.decode(text)
if type(record.move) ~= 'table' then
  redis.call('ZREM', moves, id)
  return text
end
if record.move.holdUntil ~= hold then return text end
local oldKeys, newKeys = {}, {}
for i, key in ipairs(slots) do
  if i <= oldCount then oldKeys[#oldKeys + 1] = key else newKeys[#newKeys + 1] = key end
end
dropMove(record, oldKeys, newKeys, newDay, moves)
text = cjson.encode(record)
redis.call('SET', booking, text)
return text`,
});

export async function dropHeldMove(id: string, hold: number, keys: HeldMoveKeys): Promise<StoredBayBooking | null> {
  const answer = await withStore((store) =>
    dropMoveScript.run(store, { keys: { booking: bookingKey(id), moves: MOVES_KEY, newDay: keys.newDay, slots: [...keys.oldKeys, ...keys.newKeys] }, args: { id, hold, oldCount: keys.oldKeys.length } }),
  );
  return answer ? readStoredBooking(answer) : null;
}

/** Records the held move's Checkout session (id and page) on it, while that move (`hold`) still waits. */
const attachScript = defineScript({
  name: 'bay move checkout',
  keys: ['booking'],
  args: { hold: 'number', session: 'string', url: 'string' },
  lua: `
local text = redis.call('GET', booking)
if not text then return 0 end
local record = cjson.decode(text)
if type(record.move) ~= 'table' or record.move.holdUntil ~= hold then return 0 end
record.move.checkoutSessionId = session
record.move.checkoutUrl = url
redis.call('SET', booking, cjson.encode(record))
return 1`,
});

export async function attachMoveCheckout(id: string, hold: number, session: { id: string; url: string }): Promise<void> {
  await withStore((store) => attachScript.run(store, { keys: { booking: bookingKey(id) }, args: { hold, session: session.id, url: session.url } }));
}

/** Booking ids whose held move lapsed before `cutoff` (ms). */
export async function lapsedMoves(cutoff: number): Promise<string[]> {
  return withStore((store) => store.zrange<string[]>(MOVES_KEY, '-inf', cutoff, { byScore: true }));
}
