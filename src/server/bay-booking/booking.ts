/**
 * Availability and holds: the content rule (src/domain/bay-booking/rules.ts) picks the bays and half
 * hours a choice may use and prices them; the store's one Lua rule says which are free and claims
 * them atomically. The client never decides an amount: prices and included time are computed here.
 */
import { randomUUID } from 'node:crypto';
import { bayBooking } from '../../data/bay-booking';
import type { BayAvailability, BayStartTime } from '../../domain/api/bay-availability';
import type { BayHoldAnswer } from '../../domain/api/bay-hold';
import type { BayBookingConfig, BayType } from '../../domain/bay-booking/config';
import { bookingSuccessUrl } from '../../domain/bay-booking/links';
import {
  baysOfType,
  bookingWindow,
  choiceProblem,
  claimedInstants,
  contentAllows,
  dayInstants,
  dayPlan,
  includedSlots,
  MINUTE_MS,
  rangePrice,
  type DayPlan,
} from '../../domain/bay-booking/rules';
import type { AvailabilityQuery, BayHoldRequest } from '../../domain/forms/bay-booking';
import type { BookingMember } from '../members/session';
import { HttpError } from '../request';
import { bookingToken } from './link-token';
import type { StoredBayBooking } from './record';
import { bayConfirmation, bayConfirmationKey } from './messages';
import { holdSlots, memberDayKey, readTaken, releaseBooking, slotKey, type BookingKeys, type HeldConfirmation } from './store';
import { bayHoldLimit } from '../rate-limit';

/** Checkout sessions for bay time expire after 30 minutes, Stripe's shortest. */
export const CHECKOUT_EXPIRY_SECONDS = 30 * 60;
/** A hold outlives its Checkout session by a few minutes, so a payment made at the last moment still finds its bay. */
export const HOLD_GRACE_MS = 5 * 60_000;

export const TAKEN_MESSAGE = 'Sorry, that time was just taken. Please choose another time.';

const iso = (instant: number) => new Date(instant).toISOString();

/** The keys of a stored booking's half hours (range and buffer) and its member's day. */
export function bookingKeys(record: Pick<StoredBayBooking, 'bayId' | 'startsAt' | 'lengthMinutes' | 'memberId' | 'date'>, config: BayBookingConfig = bayBooking): BookingKeys {
  const startsAt = Date.parse(record.startsAt);
  return {
    slotKeys: claimedInstants(config, startsAt, record.lengthMinutes).map((instant) => slotKey(record.bayId, instant)),
    memberKey: record.memberId ? memberDayKey(record.memberId, record.date) : '',
    startsAt,
    slotMinutes: config.slotMinutes,
  };
}

function refuseChoice(config: BayBookingConfig, choice: AvailabilityQuery, now: number): void {
  const problem = choiceProblem(config, choice, now);
  if (problem) throw new HttpError(400, problem);
}

/** The member's benefit for this request, when their plan has one. */
function benefitOf(config: BayBookingConfig, member: BookingMember | null) {
  return member ? (config.benefits[member.planSlug] ?? null) : null;
}

const overlaps = (spans: ReadonlyArray<readonly [number, number]>, from: number, until: number) => spans.some(([start, end]) => start < until && from < end);

/** Free start times of the day per bay type, priced for this visitor: one store round trip. */
export async function dayAvailability(query: AvailabilityQuery, member: BookingMember | null, now: number, config: BayBookingConfig = bayBooking): Promise<BayAvailability> {
  refuseChoice(config, query, now);
  const plan = dayPlan(config, query.date);
  const benefit = benefitOf(config, member);
  const instants = dayInstants(config, plan);
  const keys = config.bays.flatMap((bay) => instants.map((instant) => slotKey(bay.id, instant)));
  const memberDay = member && benefit ? { id: member.customerId, date: query.date } : null;
  const answer = instants.length > 0 ? await readTaken(keys, memberDay, now) : { taken: [], memberUsedMinutes: 0, memberSpans: [] };
  const takenByBay = new Map(config.bays.map((bay, b) => [bay.id, new Set(instants.filter((_, i) => answer.taken[b * instants.length + i]))]));
  const minutesLeft = benefit ? Math.max(0, benefit.includedMinutesPerDay - answer.memberUsedMinutes) : 0;
  const count = query.lengthMinutes / config.slotMinutes;

  const times = (type: BayType): BayStartTime[] =>
    plan.slots.flatMap((slot, index) => {
      const bays = baysOfType(config, type.id).filter(
        (bay) => contentAllows(config, plan, bay, index, query.lengthMinutes, now) && claimedInstants(config, slot.startsAt, query.lengthMinutes).every((instant) => !takenByBay.get(bay.id)?.has(instant)),
      );
      if (bays.length === 0) return [];
      const range = plan.slots.slice(index, index + count);
      let included = includedSlots(config, benefit, plan.weekday, query.partySize, query.lengthMinutes, minutesLeft);
      if (overlaps(answer.memberSpans, slot.startsAt, slot.startsAt + included * config.slotMinutes * MINUTE_MS)) included = 0;
      return [
        {
          start: slot.start,
          startsAt: iso(slot.startsAt),
          endsAt: iso(slot.startsAt + query.lengthMinutes * MINUTE_MS),
          fullPriceCents: rangePrice(config, type, range),
          priceCents: rangePrice(config, type, range, included),
          includedMinutes: included * config.slotMinutes,
          peak: range.some((each) => each.peak),
          bays: bays.map((bay) => bay.id),
        },
      ];
    });

  return {
    date: query.date,
    lengthMinutes: query.lengthMinutes,
    partySize: query.partySize,
    ...bookingWindow(config, now),
    closedReason: plan.closedReason,
    chooseBay: config.chooseBay,
    member: member && benefit ? { plan: benefit.plan, includedMinutesLeft: minutesLeft } : null,
    bayTypes: config.bayTypes.map((type) => {
      const fits = query.partySize >= type.minGuests && query.partySize <= type.maxGuests;
      return { id: type.id, name: type.name, minGuests: type.minGuests, maxGuests: type.maxGuests, fits, times: fits ? times(type) : [] };
    }),
  };
}

export interface HoldPlan {
  plan: DayPlan;
  type: BayType;
  index: number;
  candidates: Array<{ bayId: string; instants: number[] }>;
}

/** Where a choice may go as far as the content says: the day, the start, and the bays (of the type, or the one chosen) that may take it. */
export function planHold(config: BayBookingConfig, choice: Pick<BayHoldRequest, 'date' | 'start' | 'lengthMinutes' | 'partySize' | 'bayType' | 'bayId'>, now: number): HoldPlan {
  refuseChoice(config, choice, now);
  const type = config.bayTypes.find((each) => each.id === choice.bayType);
  if (!type) throw new HttpError(400, 'Please choose a bay');
  if (choice.partySize < type.minGuests || choice.partySize > type.maxGuests) throw new HttpError(400, `A ${type.name.toLowerCase()} holds ${type.minGuests} to ${type.maxGuests} guests.`);
  const plan = dayPlan(config, choice.date);
  if (plan.closedReason) throw new HttpError(400, `${plan.closedReason}. Please choose another date.`);
  const index = plan.slots.findIndex((slot) => slot.start === choice.start);
  if (index < 0) throw new HttpError(400, 'Please choose a start time');
  let bays = baysOfType(config, type.id);
  if (config.chooseBay && choice.bayId) {
    bays = bays.filter((bay) => bay.id === choice.bayId);
    if (bays.length === 0) throw new HttpError(400, 'Please choose a bay');
  }
  const candidates = bays
    .filter((bay) => contentAllows(config, plan, bay, index, choice.lengthMinutes, now))
    .map((bay) => ({ bayId: bay.id, instants: claimedInstants(config, plan.slots[index]!.startsAt, choice.lengthMinutes) }));
  if (candidates.length === 0) throw new HttpError(409, TAKEN_MESSAGE);
  return { plan, type, index, candidates };
}

export interface HeldBooking {
  record: StoredBayBooking;
  token: string;
}

/** Where a hold comes from: the site's origin (for the confirmation's links) and the client's address (its request limit; null: not limited). */
export interface HoldSource {
  origin: string;
  client: string | null;
}

/**
 * The confirmation for each way the hold may be confirmed at once: on each candidate bay, with each
 * count of included half hours whose price is nothing. The record is the one the hold's script stores then.
 */
function confirmationsOf(record: StoredBayBooking, candidates: HoldPlan['candidates'], prices: readonly number[], slotMinutes: number, origin: string, now: number): HeldConfirmation[] {
  return prices.flatMap((price, includedSlots) =>
    price !== 0
      ? []
      : candidates.map(({ bayId }) => ({
          bayId,
          includedSlots,
          message: bayConfirmation(
            { ...record, bayId, amountCents: 0, includedMinutes: includedSlots * slotMinutes, kind: includedSlots > 0 && record.kind === 'online' ? 'member' : record.kind, status: 'confirmed', holdUntil: 0 },
            origin,
            new Date(now),
          ),
        })),
  );
}

/**
 * Holds a bay for the guest (one round trip, the client's request limit counted in it): the stored
 * record, priced and assigned; a booking with nothing to pay is confirmed and its confirmation queued
 * in the same step. 409 when no candidate bay is free, 429 over the limit.
 */
export async function holdForGuest(body: BayHoldRequest, member: BookingMember | null, now: number, source: HoldSource, config: BayBookingConfig = bayBooking): Promise<HeldBooking> {
  const { plan, type, index, candidates } = planHold(config, body, now);
  const benefit = benefitOf(config, member);
  const range = plan.slots.slice(index, index + body.lengthMinutes / config.slotMinutes);
  const maxIncluded = includedSlots(config, benefit, plan.weekday, body.partySize, body.lengthMinutes, benefit?.includedMinutesPerDay ?? 0);
  const id = randomUUID();
  // Signed first: without the link secret nothing is held.
  const token = bookingToken(id);
  const startsAt = plan.slots[index]!.startsAt;
  const record: StoredBayBooking = {
    id,
    kind: 'online',
    status: 'held',
    bayId: '',
    date: body.date,
    start: body.start,
    startsAt: iso(startsAt),
    endsAt: iso(startsAt + body.lengthMinutes * MINUTE_MS),
    lengthMinutes: body.lengthMinutes,
    partySize: body.partySize,
    name: body.name,
    email: body.email,
    phone: body.phone,
    amountCents: 0,
    includedMinutes: 0,
    refundedCents: 0,
    createdAt: iso(now),
    holdUntil: 0,
    ...(member && maxIncluded > 0 ? { memberId: member.customerId } : {}),
  };
  const prices = Array.from({ length: maxIncluded + 1 }, (_, included) => rangePrice(config, type, range, included));
  const stored = await holdSlots({
    record,
    candidates,
    now,
    holdUntil: now + CHECKOUT_EXPIRY_SECONDS * 1000 + HOLD_GRACE_MS,
    member: member && maxIncluded > 0 ? { id: member.customerId, date: body.date, allowanceMinutes: benefit!.includedMinutesPerDay, maxIncludedSlots: maxIncluded } : null,
    slotMinutes: config.slotMinutes,
    prices,
    limit: source.client === null ? undefined : { policy: bayHoldLimit(), client: source.client },
    confirmations: confirmationsOf(record, candidates, prices, config.slotMinutes, source.origin, now),
  });
  if (!stored) throw new HttpError(409, TAKEN_MESSAGE);
  return { record: stored, token };
}

/** Gives a hold's bay back when its payment could not even start. */
export async function dropHold(record: StoredBayBooking, config: BayBookingConfig = bayBooking): Promise<void> {
  await releaseBooking(record.id, bookingKeys(record, config), { status: 'expired', from: ['held'], refundedCents: 0 });
}

/**
 * A hold wholly covered by included time is a booking already, its confirmation queued by the hold:
 * the answer is the booking's page, with the queued message's key to send after it.
 */
export function confirmedAnswer(held: HeldBooking, origin: string): { answer: BayHoldAnswer; queued: string[] } {
  return { answer: { url: bookingSuccessUrl(origin, held.record.id, held.token), needsPayment: false, bookingId: held.record.id }, queued: [bayConfirmationKey(held.record.id)] };
}
