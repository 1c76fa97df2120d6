/**
 * The step every write composes into its own script to keep the report aggregates: a day's hash and
 * its changes, applied by the script only when its write happens (so no extra round trip, and a
 * replayed write that changes nothing counts nothing). `tally(day, sign)` adds the changes (sign -1
 * takes them back); `tallyField(day, field, delta)` adds one amount the script reads itself.
 */
import { defineStep, type StepInput } from '../../../shared/server/script';
import { byDay, type Tally } from '../rules/tally';
import { venueDate } from '../../../domain/venue-calendar';
import { MEMBERS_ACTIVE_KEY, REPORT_RUNNING_KEY, reportDayKey } from './report-keys';

export const reportDay = defineStep({
  keys: ['key'],
  args: { changes: 'json' },
  lua: `
local function tally(day, sign)
  for _, change in ipairs(day.changes) do redis.call('HINCRBY', day.key, change[1], change[2] * sign) end
end
local function tallyField(day, field, delta)
  if delta ~= 0 then redis.call('HINCRBY', day.key, field, delta) end
end`,
});

export type ReportDayInput = StepInput<typeof reportDay>;

/** The step inputs for `tallies`, one per day they touch. */
export function reportDays(tallies: readonly Tally[]): ReportDayInput[] {
  return byDay(tallies).map(({ date, changes }) => ({ keys: { key: reportDayKey(date) }, args: { changes } }));
}

/** The step input of the venue-local day `now` (ms) falls on: a payment or refund counted when it happens. */
export const reportDayAt = (now: number): ReportDayInput => reportDayOf(venueDate(new Date(now)));

/** The step input of one day with no precomputed changes (the script adds what it reads with tallyField). */
export function reportDayOf(date: string): ReportDayInput {
  return { keys: { key: reportDayKey(date) }, args: { changes: [] } };
}

/** The running count of active members, moved by the membership events' own step. */
export const activeMembers = defineStep({
  keys: ['count'],
  args: { delta: 'number' },
  lua: `
local function countMembers(members)
  if members.delta ~= 0 then redis.call('INCRBY', members.count, members.delta) end
end`,
});

export function activeMembersBy(delta: number): StepInput<typeof activeMembers> {
  return { keys: { count: MEMBERS_ACTIVE_KEY }, args: { delta } };
}

/** Running totals beside the day's (the gift card liability): the same changes, all days summed. */
export const reportRunning = defineStep({
  keys: ['key'],
  args: { changes: 'json' },
  lua: `
local function tallyRunning(running, sign)
  for _, change in ipairs(running.changes) do redis.call('HINCRBY', running.key, change[1], change[2] * sign) end
end`,
});

/** The running step's input for `tallies` (their days summed). */
export function reportRunningOf(tallies: readonly Tally[]): StepInput<typeof reportRunning> {
  const sums = new Map<string, number>();
  for (const { field, delta } of tallies) sums.set(field, (sums.get(field) ?? 0) + delta);
  return { keys: { key: REPORT_RUNNING_KEY }, args: { changes: [...sums.entries()].filter(([, delta]) => delta !== 0) } };
}
