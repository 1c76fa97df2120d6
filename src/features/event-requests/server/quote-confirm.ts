/**
 * Settling a quote's payments in the store, each one script: the deposit turns the tentative hold
 * into a booking on the calendar (every half hour still free or the quote's own) and the request
 * into a confirmed one, with the customer's confirmation and staff's notice queued in the same step;
 * a deposit paid after the quote was withdrawn or cancelled, or after its released half hours were
 * taken, is recorded as paid too late (the caller refunds it) with staff's notice queued. A balance
 * payment is added once. Replays change nothing.
 */
import type { MailMessage } from '../../../shared/mail/message';
import { PREPARED_BODY_LUA, queued, queuedPrepared, queueMessage } from '../../../shared/mail/outbox';
import type { SettleStep } from '../../../shared/payments/registry';
import { defineScript, optional } from '../../../shared/server/script';
import { withStore } from '../../../shared/server/store';
import { TAKEN_LUA } from '../../bay-booking/server/claim-rules';
import type { QuoteConfig } from '../rules/quote-config';
import { readStoredQuote, type PreparedDeposit, type StoredQuote } from '../quote-record';
import { reqKey } from './requests';
import { depositConfirmationKey, depositLateKey, depositStaffKey, type DepositMessages } from '../mail/quote-emails';
import { MINUTE_MS } from '../rules/quote';
import { QUOTE_HOLDS_KEY, quoteKey, SLOT_TTL_LUA } from './quote-store';
import { reportDay, reportDayAt, reportDayOf } from '../../reports/server/tally-step';
import { EVENT_FIELDS } from './report-tallies';

/**
 * Confirms a paid deposit, reading nothing before: the messages to queue are those prepared for its
 * Checkout session when the customer started paying (`prepared` = 1, the record's depositMessages,
 * used only for that session and quote version, else answers 'unprepared' having written nothing), or
 * given (`prepared` = 0). Confirmed → the webhook event is marked done in the same step (`event`).
 */
const confirmScript = defineScript({
  name: 'event quote confirm',
  keys: ['quote', 'holds', 'request', 'event?'],
  args: { now: 'number', paymentIntent: 'string', session: 'string', prepared: 'number', amount: 'number', at: 'string', slotMs: 'number', eventTtl: 'number', eventDate: 'string', fields: 'json' },
  steps: { confirmation: queueMessage, staff: queueMessage, late: queueMessage, day: reportDay, eventDay: reportDay },
  lua: `${TAKEN_LUA}
${SLOT_TTL_LUA}
${PREPARED_BODY_LUA}
local text = redis.call('GET', quote)
if not text then return { 'missing' } end
local record = cjson.decode(text)
if record.paymentIntentId == paymentIntent or record.status == 'confirmed' then return { 'already', text } end
if prepared == 1 then
  local ready = record.depositMessages
  if type(ready) ~= 'table' or ready.session ~= session or ready.version ~= record.version or record.quote.date ~= eventDate then return { 'unprepared' } end
  confirmation.body = preparedBody(ready.confirmation, at)
  staff.body = preparedBody(ready.staff, at)
  late.body = preparedBody(ready.late, at)
end
record.depositMessages = nil
record.paymentIntentId = paymentIntent
-- What Stripe captured is revenue on its day, kept or refunded later.
tallyField(day, fields.revenue, amount)
local owner = 'event-' .. record.id
local tooLate = record.status == 'withdrawn' or record.status == 'cancelled'
if not tooLate then
  for _, slot in ipairs(record.slots) do
    if taken(redis.call('GET', slot), now, owner) then tooLate = true break end
  end
end
if tooLate then
  for _, slot in ipairs(record.slots) do
    local value = redis.call('GET', slot)
    if value and string.sub(value, 1, #owner + 1) == owner .. '|' then redis.call('DEL', slot) end
  end
  redis.call('ZREM', holds, record.id)
  if record.status == 'sent' then record.status = 'expired' end
  record.holdUntil = 0
  record.paidTooLate = true
  record.history[#record.history + 1] = { at = at, change = 'paid-too-late', amountCents = amount }
  redis.call('SET', quote, cjson.encode(record))
  queueMessage(late, now)
  return { 'late' }
end
for _, slot in ipairs(record.slots) do redis.call('SET', slot, owner .. '|0', 'PX', slotTtl(slot, now, slotMs)) end
redis.call('ZREM', holds, record.id)
record.status = 'confirmed'
record.holdUntil = 0
record.depositPaidCents = amount
record.history[#record.history + 1] = { at = at, change = 'paid', amountCents = amount }
redis.call('SET', quote, cjson.encode(record))
-- The funnel: the deposit paid today, the event held on its day.
tallyField(day, fields.paid, 1)
tallyField(eventDay, fields.held, 1)
local requestText = redis.call('GET', request)
if requestText then
  local ok, inbox = pcall(cjson.decode, requestText)
  if ok and type(inbox) == 'table' then
    inbox.status = 'confirmed'
    if type(inbox.history) ~= 'table' then inbox.history = {} end
    inbox.history[#inbox.history + 1] = { at = at, status = 'confirmed' }
    redis.call('SET', request, cjson.encode(inbox))
  end
end
queueMessage(confirmation, now)
queueMessage(staff, now)
if event then redis.call('SET', event, 'done', 'EX', eventTtl) end
return { 'confirmed' }`,
});

export type DepositOutcome = 'confirmed' | 'already' | 'late' | 'missing' | 'unprepared';

/** A deposit Stripe took: for which quote, through which session and payment, how much. */
export interface DepositPayment {
  id: string;
  sessionId: string;
  paymentIntentId: string;
  amountCents: number;
  /** The event's date for the quote version paid (the reports count the event held that day). */
  eventDate: string;
}

/**
 * One round trip. `messages` null: those prepared for the session (answers 'unprepared' when there
 * are none for it); else these. Each message is queued only by the outcome it is for. Answers the
 * record as it was when the payment was already applied ('already').
 */
export async function confirmDeposit(config: QuoteConfig, payment: DepositPayment, step: SettleStep, messages: DepositMessages | null): Promise<{ outcome: DepositOutcome; record: StoredQuote | null }> {
  const at = new Date(step.now);
  const { id, sessionId } = payment;
  const answer = await withStore((store) =>
    confirmScript.run(store, {
      keys: { quote: quoteKey(id), holds: QUOTE_HOLDS_KEY, request: reqKey(id), event: step.done?.key ?? null },
      args: { now: step.now, paymentIntent: payment.paymentIntentId, session: sessionId, prepared: messages ? 0 : 1, amount: payment.amountCents, at: at.toISOString(), slotMs: config.calendar.slotMinutes * MINUTE_MS, eventTtl: step.done?.ttlSeconds ?? 0, eventDate: payment.eventDate, fields: EVENT_FIELDS },
      steps: {
        ...(messages
          ? { confirmation: queued(messages.confirmation, at), staff: queued(messages.staff, at), late: queued(messages.late, at) }
          : { confirmation: queuedPrepared(depositConfirmationKey(id)), staff: queuedPrepared(depositStaffKey(id)), late: queuedPrepared(depositLateKey(id, sessionId)) }),
        day: reportDayAt(step.now),
        eventDay: reportDayOf(payment.eventDate),
      },
    }),
  );
  const [outcome, text] = answer as [DepositOutcome, string?];
  return { outcome, record: text ? readStoredQuote(text) : null };
}

/**
 * Changes a record once: adds to a total once per payment (`marker` remembers it), sets fields, and
 * appends a history entry, when its status is `requires` (any when ''); queues `mail` when it
 * changed. Answers the record after and whether it changed.
 */
const addScript = defineScript({
  name: 'event quote add',
  keys: ['quote'],
  args: { field: 'string', amount: 'number', marker: 'string', reference: 'string', entry: 'json', patch: 'json', requires: 'string', now: 'number', countAs: 'string' },
  steps: { mail: optional(queueMessage), day: reportDay },
  lua: `
local text = redis.call('GET', quote)
if not text then return '' end
local record = cjson.decode(text)
if requires ~= '' and record.status ~= requires then return { text, 0 } end
if marker ~= '' and record[marker] == reference then return { text, 0 } end
if marker ~= '' then record[marker] = reference end
if field ~= '' then record[field] = (record[field] or 0) + amount end
for key, value in pairs(patch) do record[key] = value end
if entry.change then record.history[#record.history + 1] = entry end
if countAs ~= '' then tallyField(day, countAs, amount) end
text = cjson.encode(record)
redis.call('SET', quote, text)
if mail then queueMessage(mail, now) end
return { text, 1 }`,
});

export interface QuoteAddition {
  field?: 'balancePaidCents' | 'refundedCents';
  amountCents?: number;
  /** The field remembering what was added ('' or absent: always add). */
  marker?: 'balancePaymentIntentId' | 'refundMarker';
  reference?: string;
  entry?: Omit<StoredQuote['history'][number], 'at'>;
  /** Fields set as given. */
  patch?: Partial<Pick<StoredQuote, 'checkoutSessionId' | 'balanceSessionId' | 'quote'>> & { depositMessages?: PreparedDeposit };
  /** Only a record in this status changes. */
  requires?: StoredQuote['status'];
  mail?: MailMessage | null;
  /** Money that went through Stripe, counted in the reports on the day: a payment as revenue, a refund as a refund. */
  countAs?: 'revenue' | 'refund';
}

/** One round trip: the record after and whether this call changed it, or null when there is none. */
export async function addToQuote(id: string, addition: QuoteAddition, now: number): Promise<{ record: StoredQuote; changed: boolean } | null> {
  const answer = await withStore((store) =>
    addScript.run(store, {
      keys: { quote: quoteKey(id) },
      args: {
        field: addition.field ?? '',
        amount: addition.amountCents ?? 0,
        marker: addition.marker ?? '',
        reference: addition.reference ?? '',
        entry: addition.entry ? { at: new Date(now).toISOString(), ...addition.entry } : {},
        patch: addition.patch ?? {},
        requires: addition.requires ?? '',
        now,
        countAs: addition.countAs ? EVENT_FIELDS[addition.countAs] : '',
      },
      steps: { mail: addition.mail ? queued(addition.mail, new Date(now)) : null, day: reportDayAt(now) },
    }),
  );
  if (!Array.isArray(answer)) return null;
  const record = readStoredQuote(answer[0]);
  return record ? { record, changed: Number(answer[1]) === 1 } : null;
}
