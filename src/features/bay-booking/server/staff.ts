/**
 * The staff's bookings: a day's view (bays × time, league tee times included), a search over every
 * booking, desk bookings and blocks that claim their bay under the same rule as the site's holds,
 * cancelling with or without a refund, and moving.
 */
import { eventBlocksOn } from '../../event-requests/server/quote-calendar';
import { randomUUID } from 'node:crypto';
import { bayBooking } from '../catalogue';
import type { BayDay, StaffBooking } from '../contract/admin-bay-bookings';
import type { BayBookingConfig } from '../rules/config';
import { clockText, localInstant, localMoment, weekdayOf } from '../rules/local-time';
import { claimedInstants, contentAllows, dayPlan, leagueBlocks, MINUTE_MS } from '../rules/rules';
import type { StaffBayEntry } from '../contract/booking-form';
import { HttpError } from '../../../shared/server/request';
import { TAKEN_MESSAGE } from './booking';
import { bayName, historyView, revisionOf } from './booking-view';
import { BOOKING_NOT_FOUND_MESSAGE, cancelBooking } from './manage';
import type { StoredBayBooking } from './record';
import { holdSlots } from './hold';
import { moveBooking, type MoveChoice } from './move';
import { allBookings, bookingsStartingBetween, readBooking } from './store';

const iso = (instant: number) => new Date(instant).toISOString();

/** Whether an entry still occupies its bay at `now`: confirmed, or held and not lapsed. */
export function isLive(record: StoredBayBooking, now: number): boolean {
  return record.status === 'confirmed' || (record.status === 'held' && record.holdUntil > now);
}

/** An entry as staff see it; one that has not ended carries its sealed revision, for a move (staff may lengthen a booking in play). */
export function toStaffBooking(record: StoredBayBooking, config: BayBookingConfig = bayBooking, now: number = Date.now()): StaffBooking {
  return {
    id: record.id,
    kind: record.kind,
    status: record.status,
    bayId: record.bayId,
    bayName: bayName(record.bayId, config),
    date: record.date,
    start: record.start,
    end: clockText(localMoment(Date.parse(record.endsAt)).minute),
    startsAt: record.startsAt,
    endsAt: record.endsAt,
    lengthMinutes: record.lengthMinutes,
    partySize: record.partySize,
    name: record.name,
    email: record.email,
    phone: record.phone,
    amountCents: record.amountCents,
    includedMinutes: record.includedMinutes,
    refundedCents: record.refundedCents,
    createdAt: record.createdAt,
    revision: Date.parse(record.endsAt) > now ? revisionOf(record) : '',
    history: historyView(record, config),
    moveWaiting: record.move !== undefined,
  };
}

/** The day's live entries by start, with the league's tee times and the events (event-requests) on their bays. */
export async function dayView(date: string, now: number, config: BayBookingConfig = bayBooking): Promise<BayDay> {
  const [records, events] = await Promise.all([bookingsStartingBetween(localInstant(date, 0), localInstant(date, 1440)), eventBlocksOn(date, config.bays.map((bay) => bay.id), now)]);
  const hours = dayPlan(config, date).closedReason ? null : config.hours[weekdayOf(date)];
  return {
    date,
    bays: config.bays.map((bay) => ({ id: bay.id, name: bay.name })),
    opens: hours ? clockText(hours.opens) : null,
    closes: hours ? clockText(hours.closes) : null,
    bookings: records.filter((record) => isLive(record, now)).map((record) => toStaffBooking(record, config, now)),
    league: config.bays.flatMap((bay) =>
      leagueBlocks(config, date, bay.id).map((block) => ({ bayId: bay.id, start: clockText(localMoment(block.from).minute), end: clockText(localMoment(block.until).minute), label: block.label })),
    ).concat(events),
  };
}

/** Every booking whose name, e-mail, phone, id, bay or date contains the text (case-insensitive), latest start first. */
export async function searchBookings(text: string, config: BayBookingConfig = bayBooking): Promise<StaffBooking[]> {
  const needle = text.trim().toLowerCase();
  const phoneDigits = needle.replace(/\D/g, '');
  return (await allBookings())
    .filter((record) => {
      if (!needle) return true;
      const haystack = [record.name, record.email, record.id, record.date, bayName(record.bayId, config)].join(' ').toLowerCase();
      return haystack.includes(needle) || (phoneDigits.length >= 3 && record.phone.replace(/\D/g, '').includes(phoneDigits));
    })
    .map((record) => toStaffBooking(record, config));
}

/** A desk booking or a block on one bay: confirmed at once (nothing to pay online), or 409 when the bay is taken. */
export async function addStaffEntry(entry: StaffBayEntry, now: number, config: BayBookingConfig = bayBooking): Promise<StaffBooking> {
  const bay = config.bays.find((each) => each.id === entry.bayId);
  if (!bay) throw new HttpError(400, 'Please choose a bay');
  const plan = dayPlan(config, entry.date);
  const index = plan.slots.findIndex((slot) => slot.start === entry.start);
  if (index < 0) throw new HttpError(400, plan.closedReason ? `${plan.closedReason}.` : 'Please choose a start time within the opening hours');
  // Staff book at any notice (a walk-in starts now); hours, blackouts and league nights still apply.
  if (!contentAllows(config, plan, bay, index, entry.lengthMinutes, 0)) throw new HttpError(409, TAKEN_MESSAGE);
  const startsAt = plan.slots[index]!.startsAt;
  const record: StoredBayBooking = {
    id: randomUUID(),
    kind: entry.kind === 'block' ? 'block' : 'desk',
    status: 'confirmed',
    bayId: bay.id,
    date: entry.date,
    start: entry.start,
    startsAt: iso(startsAt),
    endsAt: iso(startsAt + entry.lengthMinutes * MINUTE_MS),
    lengthMinutes: entry.lengthMinutes,
    partySize: entry.kind === 'booking' ? entry.partySize : 0,
    name: entry.kind === 'booking' ? entry.name : entry.reason,
    email: entry.kind === 'booking' ? (entry.email ?? '') : '',
    phone: entry.kind === 'booking' ? (entry.phone ?? '') : '',
    amountCents: 0,
    includedMinutes: 0,
    refundedCents: 0,
    createdAt: iso(now),
    holdUntil: 0,
  };
  const stored = await holdSlots({
    record,
    candidates: [{ bayId: bay.id, instants: claimedInstants(config, startsAt, entry.lengthMinutes) }],
    now,
    terms: [{ kind: record.kind, status: 'confirmed', amountCents: 0, includedMinutes: 0, holdUntil: 0 }],
    member: null,
    slotMinutes: config.slotMinutes,
  });
  if (!stored) throw new HttpError(409, TAKEN_MESSAGE);
  return toStaffBooking(stored.record, config);
}

/** Cancels any entry; with `refund`, what was paid goes back through Stripe. */
export async function cancelByStaff(id: string, refund: boolean, config: BayBookingConfig = bayBooking): Promise<StaffBooking> {
  const record = await readBooking(id);
  if (!record) throw new HttpError(404, BOOKING_NOT_FOUND_MESSAGE);
  if (record.status === 'cancelled' || record.status === 'expired') throw new HttpError(409, `This booking is already ${record.status}.`);
  return toStaffBooking(await cancelBooking(record, { refund }, config), config);
}

/**
 * Moves any entry to another start, length, day or bay at any notice, through the guest's move (one
 * script): a cheaper time's difference is owed back, a dearer one's settled at the venue. Answers the
 * entry as stored after it.
 */
export async function moveByStaff(id: string, revision: string, choice: MoveChoice, origin: string, now: number, config: BayBookingConfig = bayBooking): Promise<StoredBayBooking> {
  return (await moveBooking(id, revision, choice, 'staff', origin, now, config)).record;
}
