/**
 * Fair holds: a visitor (their connection's address and the e-mail they give, each on its own) has at
 * most maxUnpaidHolds() (2) unpaid holds at once, so a few visitors cannot hold a day's bays without
 * paying. Each is a sorted set of the visitor's held booking ids by when the hold lapses:
 *   bay:visitor:ip:{sha256}      bay:visitor:email:{sha256 of the address in lower case}
 * The hold script drops lapsed entries, refuses a new hold when either set is full, and adds the hold
 * (hold.ts); confirming or releasing a booking takes it off both (store.ts, through the record's
 * `visitorKeys`).
 *
 * A new hold for the same choice (same address and e-mail, date, start, length and bay type) replaces
 * the visitor's unpaid one in the same step: a guest who left Checkout without its back link (the
 * browser's back button, a closed tab) and chooses again is not refused their own time. The old hold
 * is released (expired, `replacedBy` the new one) only when the new one finds a bay, its half hours
 * counting as free for it. A hold paid in part by a gift card, or with included time on another
 * member's day, is not replaced: giving those back needs keys this step does not hold; it lapses.
 * The old record is found through the visitor's sets, so its key is derived in the script.
 */
import { createHash } from 'node:crypto';
import { readUnpaidHoldsPerVisitor } from '../../../shared/server/env';
import { defineStep, type StepInput } from '../../../shared/server/script';
import { bookingKey } from './store';

/** Unpaid holds a visitor may have at once: 2 (BAY_UNPAID_HOLDS_PER_VISITOR overrides it for load tests). */
export const maxUnpaidHolds = (env: NodeJS.ProcessEnv = process.env) => readUnpaidHoldsPerVisitor(env);
export const UNPAID_HOLDS_MESSAGE = 'You already have bookings waiting for payment. Please pay for or cancel one first, or wait a few minutes.';

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/** The visitor's two sets: by connection address and by e-mail. */
export function visitorHoldKeys(client: string, email: string): [string, string] {
  return [`bay:visitor:ip:${hash(client)}`, `bay:visitor:email:${hash(email.trim().toLowerCase())}`];
}

/** What makes a hold the same choice: its day, start and length, and the bays of its type. */
export interface SameChoice {
  date: string;
  start: string;
  lengthMinutes: number;
  bayIds: readonly string[];
}

export const visitorHolds = defineStep({
  keys: ['ip', 'email'],
  args: { max: 'number', bookingPrefix: 'string', same: 'json' },
  lua: `
local function visitorHoldsFull(visitor, now, replacing)
  for _, key in ipairs({ visitor.ip, visitor.email }) do
    redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
    local count = redis.call('ZCARD', key)
    if replacing and redis.call('ZSCORE', key, replacing) then count = count - 1 end
    if count >= visitor.max then return true end
  end
  return false
end
local function addVisitorHold(visitor, id, holdUntil, now)
  for _, key in ipairs({ visitor.ip, visitor.email }) do
    redis.call('ZADD', key, holdUntil, id)
    if redis.call('PTTL', key) < holdUntil - now then redis.call('PEXPIRE', key, holdUntil - now) end
  end
end
local function absent(value) return value == nil or value == cjson.null end
local function sameChoiceHold(visitor, now, member)
  local choice = visitor.same
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', visitor.ip, '(' .. now, '+inf')) do
    local text = redis.call('ZSCORE', visitor.email, id) and redis.call('GET', visitor.bookingPrefix .. id)
    if text then
      local old = cjson.decode(text)
      local ownDay = absent(old.memberId) or old.includedMinutes == 0 or (member and redis.call('HEXISTS', member.day, old.id) == 1)
      if old.status == 'held' and old.date == choice.date and old.start == choice.start and old.lengthMinutes == choice.lengthMinutes
        and choice.bays[old.bayId] and type(old.slots) == 'table' and absent(old.giftCard) and ownDay then
        return old
      end
    end
  end
  return nil
end
local function releaseReplaced(visitor, old, holds, member, by)
  for _, slot in ipairs(old.slots) do
    local value = redis.call('GET', slot)
    if value and string.sub(value, 1, #old.id + 1) == old.id .. '|' then redis.call('DEL', slot) end
  end
  redis.call('ZREM', holds, old.id)
  redis.call('ZREM', visitor.ip, old.id)
  redis.call('ZREM', visitor.email, old.id)
  if member then redis.call('HDEL', member.day, old.id) end
  old.status = 'expired'
  old.holdUntil = 0
  old.replacedBy = by
  redis.call('SET', visitor.bookingPrefix .. old.id, cjson.encode(old))
end`,
});

export function visitorStep(keys: readonly [string, string], same: SameChoice): StepInput<typeof visitorHolds> {
  return {
    keys: { ip: keys[0], email: keys[1] },
    args: { max: maxUnpaidHolds(), bookingPrefix: bookingKey(''), same: { date: same.date, start: same.start, lengthMinutes: same.lengthMinutes, bays: Object.fromEntries(same.bayIds.map((id) => [id, true])) } },
  };
}
