/**
 * A hold in one round trip: one script counts the client's request, claims the first candidate bay
 * whose every half hour is free, grants the member's included time, stores the record on the terms
 * TypeScript decided for that grant, and queues the confirmation when those terms confirm it at once.
 */
import type { MailMessage } from '../../../shared/mail/message';
import { queued, queueMessage } from '../../../shared/mail/outbox';
import { countRequest, limitOf, refuseOverLimit, type LimitPolicy } from '../../../shared/server/rate-limit';
import { defineScript, many, optional } from '../../../shared/server/script';
import { withStore } from '../../../shared/server/store';
import { memberDay, TAKEN_LUA } from './claim-rules';
import { readStoredBooking, type StoredBayBooking } from './record';
import { bookingKey, HOLDS_KEY, INDEX_KEY, memberDayKey, SLOT_KEEP_MS, slotKey } from './store';
import { HttpError } from '../../../shared/server/request';
import { UNPAID_HOLDS_MESSAGE, visitorHolds, visitorStep, type SameChoice } from './visitor-holds';
import { giftCardSpend, spendOf } from '../../gift-cards/server/spend-step';
import { APPLY_CARD_LUA, refuseCard } from './gift-card-hold';
import { reportDay } from '../../reports/server/tally-step';
import { bayUseDays } from './report-tallies';

/**
 * Over the client's limit it answers the milliseconds left and writes nothing. Else it holds the first
 * candidate bay (`bays`, each with `perBay` of the `slots`, in order) whose every half hour is free,
 * or answers '' when none is; the record keeps the keys it claimed (`slots`), so whatever releases it
 * later frees exactly those. The member's included half hours are granted by the one rule
 * (claim-rules.ts) up to the last of `terms`; the record takes the terms for that grant (kind,
 * status, amount, included minutes, hold expiry), its bay, and is stored, indexed and, while held,
 * listed among the holds. A confirmation given is queued when the terms confirm the booking, with the
 * chosen bay's `fills` written into it. A visitor's unpaid hold for the same choice is replaced in the
 * same step (visitor-holds.ts). Answers the stored record's JSON and the replaced hold's Checkout
 * session ('' for none). With a gift card, the card
 * is found first (an unknown, void or empty one answers 'card:<reason>', nothing written) and, once
 * the terms are decided, pays min(balance, price) (gift-card-hold.ts); a card covering it all
 * confirms the booking and queues that grant's `cardConfirmations` entry.
 */
const holdScript = defineScript({
  name: 'bay hold',
  keys: ['booking', 'index', 'holds'],
  args: { now: 'number', record: 'json', bays: 'json', perBay: 'number', slotMs: 'number', startsAt: 'number', terms: 'json', keep: 'number', fills: 'json', useGrants: 'json' },
  steps: { limit: optional(countRequest), member: optional(memberDay), confirmation: optional(queueMessage), visitor: optional(visitorHolds), giftCard: optional(giftCardSpend), cardConfirmations: many(queueMessage), use: many(reportDay) },
  variadicKeys: 'slots',
  lua: `${TAKEN_LUA}${APPLY_CARD_LUA}
if limit then
  local left = countRequest(limit)
  if left > 0 then return left end
end
local card
if giftCard then
  card = findGiftCard(giftCard)
  if type(card) == 'string' then return 'card:' .. card end
end
local previous
if visitor then previous = sameChoiceHold(visitor, now, member) end
if visitor and visitorHoldsFull(visitor, now, previous and previous.id) then return 'visitor' end
local chosen
for b = 1, #bays do
  local free = true
  for i = 1, perBay do
    if taken(redis.call('GET', slots[(b - 1) * perBay + i]), now, previous and previous.id or '') then free = false break end
  end
  if free then chosen = b break end
end
if not chosen then return '' end
if previous then releaseReplaced(visitor, previous, holds, member, record.id) end
local included = 0
if member then included = includedGrant(memberDayNow(member, now, nil), #terms - 1, slotMs, startsAt) end
for field, value in pairs(terms[included + 1]) do record[field] = value end
record.bayId = bays[chosen]
local cardCovered = card and applyGiftCard(giftCard, card, record)
-- Confirmed at once (included time, the desk, a block, a card covering it): its bay time counts as use now.
if record.status == 'confirmed' then
  for i, day in ipairs(use) do if useGrants[i] == included then tally(day, 1) end end
end
local value = record.id .. '|' .. record.holdUntil
record.slots = {}
for i = 1, perBay do
  local slot = slots[(chosen - 1) * perBay + i]
  redis.call('SET', slot, value, 'PX', math.max(startsAt + i * slotMs - now, 0) + keep)
  record.slots[i] = slot
end
local text = cjson.encode(record)
redis.call('SET', booking, text)
redis.call('ZADD', index, startsAt, record.id)
if record.holdUntil > 0 then redis.call('ZADD', holds, record.holdUntil, record.id) end
if visitor and record.holdUntil > 0 then addVisitorHold(visitor, record.id, record.holdUntil, now) end
if included > 0 then
  redis.call('HSET', member.day, record.id, record.includedMinutes .. '|' .. startsAt .. '|' .. (startsAt + included * slotMs) .. '|' .. record.holdUntil)
  redis.call('PEXPIRE', member.day, math.max(startsAt - now, 0) + keep)
end
if cardCovered then queueMessage(cardConfirmations[included + 1], now, fills[record.bayId])
elseif confirmation and record.status == 'confirmed' then queueMessage(confirmation, now, fills[record.bayId]) end
return { text, previous and previous.checkoutSessionId or '' }`,
});

/** What the record becomes for a given grant of included half hours: decided in TypeScript before the hold. */
export type HoldTerms = Pick<StoredBayBooking, 'kind' | 'status' | 'amountCents' | 'includedMinutes' | 'holdUntil'>;

export interface HoldAttempt {
  /** The record as stored, but for its bay and its terms. */
  record: StoredBayBooking;
  /** Candidate bays in the order to try, each with its slot instants (range and buffer). */
  candidates: ReadonlyArray<{ bayId: string; instants: readonly number[] }>;
  now: number;
  /** The record's terms by the number of included half hours granted (index 0: none); the last index is the most that may be granted. */
  terms: readonly HoldTerms[];
  member: { id: string; date: string; allowanceMinutes: number } | null;
  slotMinutes: number;
  /** The client's request limit, counted in the same step; none for staff. */
  limit?: { policy: LimitPolicy; client: string } | undefined;
  /** The visitor's unpaid-hold sets and what makes a hold of theirs the same choice (visitor-holds.ts): a full set refuses the hold (429); none for staff. */
  visitor?: { keys: readonly [string, string]; same: SameChoice } | null | undefined;
  /** The confirmation queued when the granted terms confirm the booking: rendered once, with each candidate bay's fills for its marks. */
  confirmation?: { message: MailMessage; fills: Readonly<Record<string, ReadonlyArray<readonly [string, string]>>> } | null | undefined;
  /** A gift card applied (normalized, checked code): min(balance, price) is taken in the same step (gift-card-hold.ts). */
  giftCardCode?: string | null | undefined;
  /** With a card, the confirmation for each of `terms` should the card cover it wholly (same fills as `confirmation`'s). */
  cardConfirmations?: { messages: readonly MailMessage[]; fills: Readonly<Record<string, ReadonlyArray<readonly [string, string]>>> } | null | undefined;
}

export interface HoldOutcome {
  record: StoredBayBooking;
  /** The Checkout session of the visitor's hold this one replaced, to expire after the answer; null for none. */
  replacedSession: string | null;
}

/**
 * One round trip: the stored record (bay and terms decided atomically), or null when every candidate
 * bay is taken. Over the client's limit it throws HttpError 429 and stores nothing.
 */
export async function holdSlots(attempt: HoldAttempt): Promise<HoldOutcome | null> {
  const perBay = attempt.candidates[0]?.instants.length ?? 0;
  if (perBay === 0 || attempt.candidates.some((candidate) => candidate.instants.length !== perBay)) throw new Error('every candidate bay needs the same half hours');
  if (attempt.terms.length === 0) throw new Error('a hold needs its terms');
  // One message is rendered for the one way the hold may be confirmed at once.
  if (attempt.confirmation && attempt.terms.filter((terms) => terms.status === 'confirmed').length !== 1) throw new Error('a confirmation belongs to exactly one of the terms');
  if (attempt.giftCardCode && attempt.cardConfirmations?.messages.length !== attempt.terms.length) throw new Error('a gift card needs a confirmation for each of the terms');
  const startsAt = attempt.candidates[0]!.instants[0]!;
  const card = attempt.giftCardCode ? attempt.cardConfirmations! : null;
  // The use each grant of included time would add, should the hold confirm at once.
  const uses = attempt.terms.flatMap((terms, grant) => bayUseDays({ ...attempt.record, ...terms }).map((day) => ({ grant, day })));
  const answer = await withStore((store) =>
    holdScript.run(store, {
      keys: {
        booking: bookingKey(attempt.record.id),
        index: INDEX_KEY,
        holds: HOLDS_KEY,
        slots: attempt.candidates.flatMap((candidate) => candidate.instants.map((instant) => slotKey(candidate.bayId, instant))),
      },
      args: {
        now: attempt.now,
        record: attempt.record,
        bays: attempt.candidates.map((candidate) => candidate.bayId),
        perBay,
        slotMs: attempt.slotMinutes * 60_000,
        startsAt,
        terms: attempt.terms,
        keep: SLOT_KEEP_MS,
        fills: attempt.confirmation?.fills ?? card?.fills ?? {},
        useGrants: uses.map(({ grant }) => grant),
      },
      steps: {
        limit: attempt.limit ? limitOf(attempt.limit.policy, attempt.limit.client) : null,
        member: attempt.member ? { keys: { day: memberDayKey(attempt.member.id, attempt.member.date) }, args: { allowance: attempt.member.allowanceMinutes } } : null,
        confirmation: attempt.confirmation ? queued(attempt.confirmation.message, new Date(attempt.now)) : null,
        visitor: attempt.visitor ? visitorStep(attempt.visitor.keys, attempt.visitor.same) : null,
        giftCard: attempt.giftCardCode ? spendOf(attempt.giftCardCode, new Date(attempt.now)) : null,
        cardConfirmations: card ? card.messages.map((message) => queued(message, new Date(attempt.now))) : [],
        use: uses.map(({ day }) => day),
      },
    }),
  );
  if (typeof answer === 'number') refuseOverLimit(attempt.limit!.policy, answer);
  refuseCard(answer);
  if (answer === 'visitor') throw new HttpError(429, UNPAID_HOLDS_MESSAGE);
  if (!Array.isArray(answer)) return null;
  const record = readStoredBooking(answer[0]);
  if (!record) throw new Error('the bay hold answered no record');
  return { record, replacedSession: answer[1] ? String(answer[1]) : null };
}
