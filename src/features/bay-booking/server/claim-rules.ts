/**
 * The rules the store's scripts decide inside Redis, each written once: whether a half hour is taken,
 * and how much of a member's included time a booking gets. Availability and holds run the same Lua.
 */
import { defineStep } from '../../../shared/server/script';

/** The rule: a slot value ('{bookingId}|{holdUntilMs}') is taken unless empty, owned by `self`, or a hold lapsed at `now`. */
export const TAKEN_LUA = `
local function taken(value, now, self)
  if not value then return false end
  local owner, holdUntil = string.match(value, '^(.*)|(%d+)$')
  if not owner then return true end
  if owner == self then return false end
  holdUntil = tonumber(holdUntil)
  return holdUntil == 0 or holdUntil > now
end`;

/**
 * A member's included time that day: their day's hash (booking id → 'minutes|fromMs|untilMs|holdUntilMs')
 * and the plan's daily allowance.
 *
 * The included-time rule is decided here and nowhere else: what the day has left and whether a new
 * span overlaps the member's included time on another booking depend on the member's day as stored
 * at the moment of the claim, so the hold decides them in the script that claims; availability asks
 * the same functions. TypeScript only prepares the cap (rules.ts includedSlots: the plan's days and
 * party size, the booking's length and the allowance).
 *
 * memberDayNow(member, now, except) → { spans, used, left }: the included time live at `now` (confirmed,
 * or held and not lapsed), leaving out booking `except`'s own (a booking being moved: its included
 * time is counted again where it goes; its held move's entry is '{id}:move'). includedGrant(live, cap, slotMs, startsAt) → the half hours included from
 * `startsAt`: up to `cap`, no more than the day has left in whole half hours, and none when they would
 * overlap included time on another booking (it covers one bay at a time).
 */
export const memberDay = defineStep({
  keys: ['day'],
  args: { allowance: 'number' },
  lua: `
local function memberDayNow(member, now, except)
  local spans, used = {}, 0
  local entries = redis.call('HGETALL', member.day)
  for j = 1, #entries, 2 do
    local minutes, from, to, holdUntil = string.match(entries[j + 1], '^(%d+)|(%d+)|(%d+)|(%d+)$')
    holdUntil = tonumber(holdUntil)
    local own = except and (entries[j] == except or entries[j] == except .. ':move')
    if minutes and not own and (holdUntil == 0 or holdUntil > now) then
      used = used + tonumber(minutes)
      spans[#spans + 1] = { tonumber(from), tonumber(to) }
    end
  end
  return { spans = spans, used = used, left = math.max(member.allowance - used, 0) }
end
local function includedGrant(live, cap, slotMs, startsAt)
  local included = math.min(cap, math.floor(live.left / (slotMs / 60000)))
  if included <= 0 then return 0 end
  for _, span in ipairs(live.spans) do
    if span[1] < startsAt + included * slotMs and startsAt < span[2] then return 0 end
  end
  return included
end`,
});
