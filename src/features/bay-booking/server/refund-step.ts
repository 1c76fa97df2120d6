/**
 * The owed-refund entries, written by the script that gives money back (a cancel with refund, a
 * payment that came after its bay was taken, a move to a cheaper time) in the same atomic step: the
 * amount is decided there from the record as it is then, with its Stripe idempotency key, and the
 * booking id is queued in bay:refunds, due at once. refunds.ts pays them (the request that wrote them,
 * else the scheduled run with backoff). A Stripe refund goes back to one payment, so an amount is
 * split over the booking's payments, its latest first (a move's top-up before the first payment),
 * each never beyond what is left on it: paid, less refunded, less what is owed on it already. The
 * first entry is `record.refundOwed`; entries owed meanwhile wait in its `later` list, in order.
 *   record.refundOwed = { cents, key, paymentIntentId, attempts, lastError?, failed?, later? }
 */
import { defineStep } from '../../../shared/server/script';

/** Booking ids owing a refund, score = when it is next tried (ms). */
export const REFUNDS_KEY = 'bay:refunds';
/** Booking ids whose refund failed every attempt, score = when it was given up (ms): the staff retry them. */
export const FAILED_REFUNDS_KEY = 'bay:refunds:failed';

/**
 * oweRefund(refund, record, key, now, cents) → the cents owed by this call: `cents`, or (nil) all that
 * is left to refund, capped at what is left. The part going back to the first payment is keyed `key`;
 * a part going back to a top-up `key:{its payment intent}`.
 */
export const oweRefund = defineStep({
  keys: ['queue'],
  args: {},
  lua: `
local function refundablePayments(record)
  local list, topUpCents, topUpRefunded = {}, 0, 0
  local topUps = record.topUps or {}
  for i = #topUps, 1, -1 do
    local payment = topUps[i]
    list[#list + 1] = { intent = payment.paymentIntentId, left = payment.cents - (payment.refundedCents or 0) }
    topUpCents = topUpCents + payment.cents
    topUpRefunded = topUpRefunded + (payment.refundedCents or 0)
  end
  if record.paymentIntentId and record.paymentIntentId ~= '' then
    list[#list + 1] = { intent = record.paymentIntentId, left = (record.amountCents or 0) - topUpCents - ((record.refundedCents or 0) - topUpRefunded) }
  end
  local owed = record.refundOwed
  if type(owed) == 'table' then
    local entries = { owed }
    for _, entry in ipairs(owed.later or {}) do entries[#entries + 1] = entry end
    for _, entry in ipairs(entries) do
      local intent = entry.paymentIntentId or record.paymentIntentId
      for _, payment in ipairs(list) do
        if payment.intent == intent then payment.left = payment.left - entry.cents end
      end
    end
  end
  return list
end
local function oweRefund(refund, record, key, now, cents)
  local given = 0
  for _, payment in ipairs(refundablePayments(record)) do
    local part = math.max(payment.left, 0)
    if cents then part = math.min(part, cents - given) end
    if part > 0 then
      local entry = { cents = part, key = payment.intent == record.paymentIntentId and key or (key .. ':' .. payment.intent), paymentIntentId = payment.intent }
      if type(record.refundOwed) ~= 'table' then
        entry.attempts = 0
        record.refundOwed = entry
        redis.call('ZADD', refund.queue, now, record.id)
      else
        local later = record.refundOwed.later or {}
        later[#later + 1] = entry
        record.refundOwed.later = later
      end
      given = given + part
    end
  end
  return given
end`,
});

/** The step's keys. */
export const owedRefundQueue = { keys: { queue: REFUNDS_KEY }, args: {} };
