/**
 * The next day with a free start: when the day asked has none (closed, fully booked, or too late in
 * the day), /book names the first later date in the window that has one for the same party and length,
 * so a visitor is never left at "0 start times free". One store round trip for the rest of the window.
 */
import type { AvailabilityQuery } from '../contract/booking-form';
import type { BayBookingConfig } from '../rules/config';
import { addDays } from '../rules/local-time';
import { dayInstants, dayPlan, freeBaysAt } from '../rules/rules';
import { readTaken, slotKey } from './store';

/** The first date after `query.date`, up to `lastDate`, with a free start for the party and length; null when none has one. */
export async function nextFreeDate(config: BayBookingConfig, query: AvailabilityQuery, lastDate: string, now: number): Promise<string | null> {
  const types = config.bayTypes.filter((type) => query.partySize >= type.minGuests && query.partySize <= type.maxGuests);
  if (types.length === 0) return null;
  const days = [];
  for (let date = addDays(query.date, 1); date <= lastDate; date = addDays(date, 1)) {
    const plan = dayPlan(config, date);
    if (plan.slots.length > 0) days.push({ plan, instants: dayInstants(config, plan) });
  }
  const keys = days.flatMap((day) => config.bays.flatMap((bay) => day.instants.map((instant) => slotKey(bay.id, instant))));
  if (keys.length === 0) return null;
  const answer = await readTaken(keys, null, now);
  const taken = new Set(keys.filter((_, index) => answer.taken[index]));
  const isTaken = (bayId: string, instant: number) => taken.has(slotKey(bayId, instant));
  const free = days.find(({ plan }) => plan.slots.some((_, index) => types.some((type) => freeBaysAt(config, plan, type.id, index, query.lengthMinutes, now, isTaken).length > 0)));
  return free?.plan.date ?? null;
}
