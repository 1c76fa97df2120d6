/**
 * A guest's hold has two lengths. Until its Checkout session exists it is held for PRE_CHECKOUT_HOLD_MS
 * only (booking.ts), so a hold whose Checkout never opened (Stripe failing, the function stopped) frees
 * its bay within minutes. Once the session exists, the session's own expiry governs: one script records
 * the session on the booking and moves the hold's lapse to the session's expiry plus the webhook's
 * grace, on every key that carries it (its half hours, the holds index, the visitor's unpaid-hold sets,
 * a member's included time), each half hour still free or its own, or changes nothing.
 */
import { defineScript } from '../../../shared/server/script';
import { withStore } from '../../../shared/server/store';
import { TAKEN_LUA } from './claim-rules';
import { bookingKey, HOLDS_KEY, SLOT_KEEP_MS, type BookingKeys } from './store';

/**
 * Answers 'held' (session recorded, hold extended), 'gone' (no longer held, or a half hour was taken
 * by another once the short hold lapsed: nothing written) or 'missing'.
 */
const openScript = defineScript({
  name: 'bay checkout opened',
  keys: ['booking', 'holds', 'memberDay?', 'visitorIp?', 'visitorEmail?'],
  args: { now: 'number', sessionId: 'string', holdUntil: 'number', keep: 'number', slotMs: 'number', startsAt: 'number' },
  variadicKeys: 'slots',
  lua: `${TAKEN_LUA}
local text = redis.call('GET', booking)
if not text then return 'missing' end
local record = cjson.decode(text)
if record.status ~= 'held' then return 'gone' end
for _, slot in ipairs(slots) do
  if taken(redis.call('GET', slot), now, record.id) then return 'gone' end
end
for i, slot in ipairs(slots) do
  redis.call('SET', slot, record.id .. '|' .. holdUntil, 'PX', math.max(startsAt + i * slotMs - now, 0) + keep)
end
redis.call('ZADD', holds, holdUntil, record.id)
for _, visitor in ipairs({ visitorIp or false, visitorEmail or false }) do
  if visitor then
    redis.call('ZADD', visitor, holdUntil, record.id)
    if redis.call('PTTL', visitor) < holdUntil - now then redis.call('PEXPIRE', visitor, holdUntil - now) end
  end
end
if memberDay then
  local entry = redis.call('HGET', memberDay, record.id)
  if entry then redis.call('HSET', memberDay, record.id, (string.gsub(entry, '|%d+$', '|' .. holdUntil))) end
end
record.checkoutSessionId = sessionId
record.holdUntil = holdUntil
redis.call('SET', booking, cjson.encode(record))
return 'held'`,
});

export type OpenOutcome = 'held' | 'gone' | 'missing';

/** Records the Checkout session paying the hold and holds it until `holdUntil` (ms); one round trip. */
export async function openCheckoutHold(id: string, keys: BookingKeys, sessionId: string, holdUntil: number, now: number): Promise<OpenOutcome> {
  const answer = await withStore((store) =>
    openScript.run(store, {
      keys: { booking: bookingKey(id), holds: HOLDS_KEY, memberDay: keys.memberKey || null, visitorIp: keys.visitorKeys[0] ?? null, visitorEmail: keys.visitorKeys[1] ?? null, slots: [...keys.slotKeys] },
      args: { now, sessionId, holdUntil, keep: SLOT_KEEP_MS, slotMs: keys.slotMinutes * 60_000, startsAt: keys.startsAt },
    }),
  );
  return String(answer) as OpenOutcome;
}
