/**
 * The one availability rule of bay booking (pure): which half hours a venue-local day has, what a
 * range costs, and whether a bay may take a range as far as the content says (opening hours, window,
 * notice, blackouts, league nights). Whether the bay's half hours are free in the store is the other
 * half of the rule; the store answers it with one Lua function for both availability and holds, over
 * the half hours `claimedInstants` names.
 */
import type { Weekday } from '../../../domain/weekdays';
import type { Bay, BayBookingConfig, BayType } from './config';
import { addDays, clockText, localInstant, localMoment, weekdayOf } from './local-time';
import type { MemberBenefit } from './member-benefits';

export const MINUTE_MS = 60_000;

export interface DaySlot {
  /** UTC instant of the half hour's start. */
  startsAt: number;
  /** Venue-local wall clock: '18:30'. */
  start: string;
  weekday: Weekday;
  peak: boolean;
}

export interface DayPlan {
  date: string;
  weekday: Weekday;
  /** Every bookable half hour from opening to closing, in time order (none when closed). */
  slots: DaySlot[];
  /** The instant the venue closes (the last booking ends by then). */
  closesAt: number | null;
  /** Why no one can book that day, or null. */
  closedReason: string | null;
}

function isPeak(config: BayBookingConfig, weekday: Weekday, minute: number): boolean {
  return config.peak.some((window) => window.days.includes(weekday) && minute >= window.from && minute < window.until);
}

/** Blackouts of the date that close it for every bay, or the bays they close. */
function blackoutsOf(config: BayBookingConfig, date: string) {
  return config.blackouts.filter((blackout) => blackout.date === date);
}

/** The day's half hours in the venue's zone: walked as instants, so a daylight-saving day has one more or one fewer hour, and none twice. */
export function dayPlan(config: BayBookingConfig, date: string): DayPlan {
  const weekday = weekdayOf(date);
  const hours = config.hours[weekday];
  const closedAllDay = blackoutsOf(config, date).find((blackout) => !blackout.bays);
  if (!hours || closedAllDay) {
    return { date, weekday, slots: [], closesAt: null, closedReason: closedAllDay?.reason ?? `Closed on ${weekday}s` };
  }
  const opensAt = localInstant(date, hours.opens);
  const closesAt = localInstant(date, hours.closes);
  const step = config.slotMinutes * MINUTE_MS;
  const slots: DaySlot[] = [];
  for (let startsAt = opensAt; startsAt + step <= closesAt; startsAt += step) {
    const local = localMoment(startsAt);
    slots.push({ startsAt, start: clockText(local.minute), weekday: local.weekday, peak: isPeak(config, local.weekday, local.minute) });
  }
  return { date, weekday, slots, closesAt, closedReason: null };
}

/** The half-hour instants a booking from `startsAt` claims: its own and the cleaning buffer after it. */
export function claimedInstants(config: Pick<BayBookingConfig, 'slotMinutes' | 'bufferMinutes'>, startsAt: number, lengthMinutes: number): number[] {
  const count = (lengthMinutes + config.bufferMinutes) / config.slotMinutes;
  return Array.from({ length: count }, (_, index) => startsAt + index * config.slotMinutes * MINUTE_MS);
}

/** Every instant the day's bookings can claim: its half hours and the buffer after closing. */
export function dayInstants(config: BayBookingConfig, plan: DayPlan): number[] {
  const last = plan.slots.at(-1);
  if (!last) return [];
  return [...plan.slots.map((slot) => slot.startsAt), ...claimedInstants(config, last.startsAt, config.slotMinutes).slice(1)];
}

/**
 * What these half hours cost on a bay type, each at its own peak or off-peak rate; the first
 * `includedSlots` are free. Summed exactly (cent-minutes) and rounded once to the cent for the whole
 * range: an hourly rate of $45.99 costs $45.99 an hour, not two rounded halves.
 */
export function rangePrice(config: BayBookingConfig, type: BayType, slots: readonly DaySlot[], includedSlots = 0): number {
  const centMinutes = slots.slice(includedSlots).reduce((sum, slot) => {
    const rates = type.rates[slot.weekday];
    if (!rates) throw new Error(`bay type ${type.id} has no price for ${slot.weekday}`);
    return sum + (slot.peak ? rates.peakCents : rates.offPeakCents) * config.slotMinutes;
  }, 0);
  return Math.round(centMinutes / 60);
}

/** The venue-local booking window: today (in the venue's zone) to `daysAhead` days later. */
export function bookingWindow(config: BayBookingConfig, now: number): { firstDate: string; lastDate: string } {
  const today = localMoment(now).date;
  return { firstDate: today, lastDate: addDays(today, config.window.daysAhead) };
}

/** League tee times on the bay that day, as instants [from, until). */
export function leagueBlocks(config: BayBookingConfig, date: string, bayId: string): Array<{ from: number; until: number; label: string }> {
  if (!config.league.bays.includes(bayId)) return [];
  const weekday = weekdayOf(date);
  return config.league.nights
    .filter((night) => night.weekday === weekday && night.startDate <= date && date <= night.endDate)
    .map((night) => ({ from: localInstant(date, night.minute), until: localInstant(date, night.minute + config.league.lengthMinutes), label: night.label }));
}

/** Why the request itself cannot be booked (length, party, date), in words for the visitor; null when it can be looked up. */
export function choiceProblem(config: BayBookingConfig, choice: { date: string; lengthMinutes: number; partySize: number }, now: number): string | null {
  const { minMinutes, maxMinutes } = config.lengths;
  if (choice.lengthMinutes < minMinutes || choice.lengthMinutes > maxMinutes || choice.lengthMinutes % config.slotMinutes !== 0) {
    return `Bookings are ${minMinutes / 60} to ${maxMinutes / 60} hours, in half hours.`;
  }
  const largest = Math.max(...config.bayTypes.map((type) => type.maxGuests));
  if (choice.partySize > largest) return `Our largest bay holds ${largest} guests. For a bigger group, please send an event request.`;
  const window = bookingWindow(config, now);
  if (choice.date < window.firstDate || choice.date > window.lastDate) return `Please choose a date from ${window.firstDate} to ${window.lastDate}.`;
  return null;
}

/**
 * Whether the content lets `bay` take `count` half hours from slot `index` of the day: inside the
 * opening hours, far enough ahead, not blacked out, and clear of league tee times (buffer included).
 */
export function contentAllows(config: BayBookingConfig, plan: DayPlan, bay: Bay, index: number, lengthMinutes: number, now: number): boolean {
  const count = lengthMinutes / config.slotMinutes;
  const first = plan.slots[index];
  if (!first || index + count > plan.slots.length) return false;
  if (first.startsAt < now + config.window.minNoticeMinutes * MINUTE_MS) return false;
  if (blackoutsOf(config, plan.date).some((blackout) => !blackout.bays || blackout.bays.includes(bay.id))) return false;
  const claimed = claimedInstants(config, first.startsAt, lengthMinutes);
  const until = claimed.at(-1)! + config.slotMinutes * MINUTE_MS;
  return leagueBlocks(config, plan.date, bay.id).every((block) => block.until <= first.startsAt || block.from >= until);
}

/**
 * The bays of `typeId` free for a booking of `lengthMinutes` from slot `index`: the content allows it
 * and none of the half hours it claims is `taken` (the store's answer, per bay and instant).
 */
export function freeBaysAt(config: BayBookingConfig, plan: DayPlan, typeId: string, index: number, lengthMinutes: number, now: number, taken: (bayId: string, instant: number) => boolean): Bay[] {
  const first = plan.slots[index];
  if (!first) return [];
  return baysOfType(config, typeId).filter(
    (bay) => contentAllows(config, plan, bay, index, lengthMinutes, now) && claimedInstants(config, first.startsAt, lengthMinutes).every((instant) => !taken(bay.id, instant)),
  );
}

/** The bays of a type, in content order. */
export function baysOfType(config: BayBookingConfig, typeId: string): Bay[] {
  return config.bays.filter((bay) => bay.type === typeId);
}

/**
 * The most of a booking a member's included time may cover: none on a day the plan excludes or for a
 * larger party than it allows; else up to `minutes` (the plan's daily allowance), in whole half hours.
 * What the day has left and the overlap with the member's other included time are decided in the
 * store's scripts (server/claim-rules.ts), where the member's day is read as the time is claimed.
 */
export function includedSlots(config: BayBookingConfig, benefit: MemberBenefit | null, weekday: Weekday, partySize: number, lengthMinutes: number, minutes: number): number {
  if (!benefit || !benefit.days.includes(weekday)) return 0;
  if (benefit.maxPartySize !== null && partySize > benefit.maxPartySize) return 0;
  return Math.floor(Math.min(lengthMinutes, Math.max(0, minutes)) / config.slotMinutes);
}

/** The latest moment a booking starting at `startsAt` can be cancelled for free (and refunded). */
export function freeCancellationUntil(config: BayBookingConfig, startsAt: number): number {
  return startsAt - config.cancellation.freeUntilHoursBefore * 60 * MINUTE_MS;
}
