/**
 * Availability and holds: the content rule (src/features/bay-booking/rules/rules.ts) picks the bays and half
 * hours a choice may use and prices them; the store's one Lua rule says which are free and claims
 * them atomically. The client never decides an amount: prices and included time are computed here.
 */
import { randomUUID } from 'node:crypto';
import { bayBooking } from '../catalogue';
import type { BayAvailability, BayStartTime } from '../contract/bay-availability';
import type { BayHoldAnswer } from '../contract/bay-hold';
import type { BayBookingConfig, BayType } from '../rules/config';
import { bookingSuccessUrl } from '../rules/links';
import {
  baysOfType,
  bookingWindow,
  choiceProblem,
  claimedInstants,
  contentAllows,
  dayInstants,
  dayPlan,
  freeBaysAt,
  includedSlots,
  MINUTE_MS,
  rangePrice,
  type DayPlan,
} from '../rules/rules';
import type { AvailabilityQuery, BayHoldRequest } from '../contract/booking-form';
import type { BookingMember } from '../../memberships/server/member-session';
import { HttpError } from '../../../shared/server/request';
import { bookingToken } from './link-token';
import type { StoredBayBooking } from './record';
import { bayConfirmationKey, heldConfirmation } from '../mail/emails';
import { benefitApplies } from '../rules/member-benefits';
import { bookingKeys } from './booking-keys';
import { holdSlots, type HoldTerms } from './hold';
import { visitorHoldKeys } from './visitor-holds';
import { cardConfirmationsOf } from './gift-card-confirmations';
import { readTaken, releaseBooking, slotKey } from './store';
import { nextFreeDate } from './next-free';
import { bayHoldLimit } from '../../../shared/server/rate-limit';

/** Checkout sessions for bay time expire after 30 minutes, Stripe's shortest. */
export const CHECKOUT_EXPIRY_SECONDS = 30 * 60;
/** A hold outlives its Checkout session by a few minutes, so a payment made at the last moment still finds its bay. */
export const HOLD_GRACE_MS = 5 * 60_000;
/**
 * How long a hold lasts until its Checkout session exists (then the session's expiry governs,
 * checkout-hold.ts): longer than creating the session may take (Stripe's timeout, once retried), and
 * short, so a hold whose Checkout never opened frees its bay within minutes.
 */
export const PRE_CHECKOUT_HOLD_MS = 2 * 60_000;

export const TAKEN_MESSAGE = 'Sorry, that time was just taken. Please choose another time.';

const iso = (instant: number) => new Date(instant).toISOString();

function refuseChoice(config: BayBookingConfig, choice: AvailabilityQuery, now: number): void {
  const problem = choiceProblem(config, choice, now);
  if (problem) throw new HttpError(400, problem);
}

/** The member's benefit for this request, when their plan has one. */
function benefitOf(config: BayBookingConfig, member: BookingMember | null) {
  return member ? (config.benefits[member.planSlug] ?? null) : null;
}

/** Free start times of the day per bay type, priced for this visitor: one store round trip. */
export async function dayAvailability(query: AvailabilityQuery, member: BookingMember | null, now: number, config: BayBookingConfig = bayBooking): Promise<BayAvailability> {
  refuseChoice(config, query, now);
  const plan = dayPlan(config, query.date);
  const benefit = benefitOf(config, member);
  const instants = dayInstants(config, plan);
  const keys = config.bays.flatMap((bay) => instants.map((instant) => slotKey(bay.id, instant)));
  const memberDay = member && benefit ? { id: member.customerId, date: query.date, allowanceMinutes: benefit.includedMinutesPerDay } : null;
  // The most any start may include; the store grants each start what the member's day allows (claim-rules.ts).
  const cap = includedSlots(config, benefit, plan.weekday, query.partySize, query.lengthMinutes, benefit?.includedMinutesPerDay ?? 0);
  // Included time only for starts within the membership's paid period and before any scheduled cancellation.
  const starts = memberDay && cap > 0 ? plan.slots.map((slot) => ({ startsAt: slot.startsAt, cap: benefitApplies(member?.benefits, slot.startsAt) ? cap : 0 })) : [];
  const answer =
    instants.length > 0
      ? await readTaken(keys, memberDay, now, { slotMinutes: config.slotMinutes, starts })
      : { taken: [], memberUsedMinutes: 0, memberMinutesLeft: memberDay?.allowanceMinutes ?? 0, included: [] };
  const takenByBay = new Map(config.bays.map((bay, b) => [bay.id, new Set(instants.filter((_, i) => answer.taken[b * instants.length + i]))]));
  const count = query.lengthMinutes / config.slotMinutes;

  const times = (type: BayType): BayStartTime[] =>
    plan.slots.flatMap((slot, index) => {
      const bays = freeBaysAt(config, plan, type.id, index, query.lengthMinutes, now, (bayId, instant) => takenByBay.get(bayId)?.has(instant) ?? false);
      if (bays.length === 0) return [];
      const range = plan.slots.slice(index, index + count);
      const included = answer.included[index] ?? 0;
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

  const bayTypes = config.bayTypes.map((type) => {
    const fits = query.partySize >= type.minGuests && query.partySize <= type.maxGuests;
    return { id: type.id, name: type.name, minGuests: type.minGuests, maxGuests: type.maxGuests, fits, times: fits ? times(type) : [] };
  });
  const window = bookingWindow(config, now);
  // A day with no free start names the next one that has one (a second round trip, only then).
  const none = bayTypes.every((type) => type.times.length === 0);
  return {
    date: query.date,
    lengthMinutes: query.lengthMinutes,
    partySize: query.partySize,
    ...window,
    closedReason: plan.closedReason,
    chooseBay: config.chooseBay,
    member: member && benefit ? { plan: benefit.plan, includedMinutesLeft: answer.memberMinutesLeft } : null,
    nextFreeDate: none ? await nextFreeDate(config, query, window.lastDate, now) : null,
    bayTypes,
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
  /** The Checkout session of the visitor's hold for the same choice that this one replaced (expire it after answering). */
  replacedSession?: string | null;
}

/** Where a hold comes from: the site's origin (for the confirmation's links) and the client's address (its request limit; null: not limited). */
export interface HoldSource {
  origin: string;
  client: string | null;
}

/**
 * What the booking becomes when the hold grants `includedMinutes`: nothing to pay confirms it at once
 * (rates are positive, so only when included time covers all of it), else it is held until `holdUntil`;
 * included time makes an online booking a member's.
 */
function holdTerms(kind: StoredBayBooking['kind'], amountCents: number, includedMinutes: number, holdUntil: number): HoldTerms {
  const free = amountCents === 0;
  return { kind: includedMinutes > 0 && kind === 'online' ? 'member' : kind, status: free ? 'confirmed' : 'held', amountCents, includedMinutes, holdUntil: free ? 0 : holdUntil };
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
  const startsAt = plan.slots[index]!.startsAt;
  const maxIncluded = benefitApplies(member?.benefits, startsAt) ? includedSlots(config, benefit, plan.weekday, body.partySize, body.lengthMinutes, benefit?.includedMinutesPerDay ?? 0) : 0;
  const id = randomUUID();
  // Signed first: without the link secret nothing is held.
  const token = bookingToken(id);
  // A visitor's unpaid holds are counted by address and by e-mail (staff and tests without a client are not).
  const visitor = source.client === null ? null : visitorHoldKeys(source.client, body.email);
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
    ...(visitor ? { visitorKeys: [...visitor] } : {}),
  };
  const holdUntil = now + PRE_CHECKOUT_HOLD_MS;
  const terms = Array.from({ length: maxIncluded + 1 }, (_, included) => holdTerms(record.kind, rangePrice(config, type, range, included), included * config.slotMinutes, holdUntil));
  // The confirmation is rendered once, for the terms that confirm at once, before the script chooses
  // the bay: the script writes the chosen bay's name into it (heldConfirmation's marks), so the hold
  // stays one round trip and its message is queued in the same atomic step as the booking.
  const confirming = terms.find((each) => each.status === 'confirmed');
  const stored = await holdSlots({
    record,
    candidates,
    now,
    terms,
    member: member && maxIncluded > 0 ? { id: member.customerId, date: body.date, allowanceMinutes: benefit!.includedMinutesPerDay } : null,
    slotMinutes: config.slotMinutes,
    limit: source.client === null ? undefined : { policy: bayHoldLimit(), client: source.client },
    visitor: visitor ? { keys: visitor, same: { date: body.date, start: body.start, lengthMinutes: body.lengthMinutes, bayIds: baysOfType(config, type.id).map((bay) => bay.id) } } : null,
    confirmation: confirming ? heldConfirmation({ ...record, ...confirming }, candidates.map((candidate) => candidate.bayId), source.origin, new Date(now)) : null,
    giftCardCode: body.giftCardCode,
    cardConfirmations: body.giftCardCode ? cardConfirmationsOf(record, terms, candidates.map((candidate) => candidate.bayId), source.origin, new Date(now)) : null,
  });
  if (!stored) throw new HttpError(409, TAKEN_MESSAGE);
  return { record: stored.record, token, replacedSession: stored.replacedSession };
}

/** Gives a hold's bay back when its payment could not even start. */
export async function dropHold(record: StoredBayBooking, config: BayBookingConfig = bayBooking): Promise<void> {
  await releaseBooking(record.id, bookingKeys(record, config), { status: 'expired', from: ['held'] });
}

/**
 * A hold wholly covered by included time is a booking already, its confirmation queued by the hold:
 * the answer is the booking's page, with the queued message's key to send after it.
 */
export function confirmedAnswer(held: HeldBooking, origin: string): { answer: BayHoldAnswer; queued: string[] } {
  return { answer: { url: bookingSuccessUrl(origin, held.record.id, held.token), needsPayment: false, bookingId: held.record.id }, queued: [bayConfirmationKey(held.record.id)] };
}
