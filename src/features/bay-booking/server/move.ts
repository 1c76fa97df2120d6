/**
 * Moving a booking, by its guest (the manage link, before the policy's limit) or by staff (any time,
 * any bay): the content rule picks the bays that may take the new range and prices it for each grant
 * of the member's included time; one script (move-store.ts) then claims the new range and frees the
 * old one, or changes nothing. A dearer time the guest moves to is held and paid through Checkout
 * (move-payment.ts) before the booking moves; a cheaper one's difference is owed back in the same step.
 */
import { bayBooking } from '../catalogue';
import type { BayBookingConfig, BayType } from '../rules/config';
import { baysOfType, choiceProblem, claimedInstants, contentAllows, dayPlan, includedSlots, MINUTE_MS } from '../rules/rules';
import { moveRefusal, moveTermsByGrant, type MoveActor } from '../rules/move';
import { benefitApplies, type BenefitPeriod, type MemberBenefit } from '../rules/member-benefits';
import type { Weekday } from '../../../domain/weekdays';
import { HttpError } from '../../../shared/server/request';
import { activeMembershipOfCustomer } from '../../memberships/server/active-member';
import { moveOf } from '../../gift-cards/server/balance-script';
import { heldMoveUpdates, type MovedBooking } from '../mail/move';
import { CHECKOUT_EXPIRY_SECONDS, HOLD_GRACE_MS, TAKEN_MESSAGE } from './booking';
import { BOOKING_NOT_FOUND_MESSAGE } from './manage';
import { MOVE_CHANGED_MESSAGE, openRevision, paidOf, type BookingRevision } from './revision';
import { runMove, type MoveAttempt } from './move-store';
import type { BayMove, StoredBayBooking } from './record';
import { memberDayKey, slotKey } from './store';

export const MOVE_WAITING_MESSAGE = 'A move of this booking is waiting for its payment. Please pay for it, or keep the booking as it is, first.';
export const SAME_PLACE_MESSAGE = 'That is the booking’s time already. Please choose another start, length or day.';

export interface MoveChoice {
  date: string;
  start: string;
  lengthMinutes: number;
  /** Staff only: the bay to move to (else one of the booking's bay type, its own first). */
  bayId?: string | undefined;
}

const iso = (instant: number) => new Date(instant).toISOString();

/** The bay type of a bay. */
export function typeOfBay(config: BayBookingConfig, bayId: string): BayType | null {
  const bay = config.bays.find((each) => each.id === bayId);
  return config.bayTypes.find((type) => type.id === bay?.type) ?? null;
}

/** The bays the move may go to, in the order to try: the one staff named, else the booking's type with its own bay first. */
function candidateBays(config: BayBookingConfig, revision: BookingRevision, choice: MoveChoice, actor: MoveActor) {
  if (actor === 'staff' && choice.bayId) {
    const bay = config.bays.find((each) => each.id === choice.bayId);
    const type = bay ? typeOfBay(config, bay.id) : null;
    if (!bay || !type) throw new HttpError(400, 'Please choose a bay');
    if (revision.partySize > 0 && (revision.partySize < type.minGuests || revision.partySize > type.maxGuests)) throw new HttpError(400, `A ${type.name.toLowerCase()} holds ${type.minGuests} to ${type.maxGuests} guests.`);
    return { type, bays: [bay] };
  }
  const type = typeOfBay(config, revision.bayId);
  if (!type) throw new HttpError(409, MOVE_CHANGED_MESSAGE);
  const bays = baysOfType(config, type.id);
  return { type, bays: [...bays.filter((bay) => bay.id === revision.bayId), ...bays.filter((bay) => bay.id !== revision.bayId)] };
}

/** The booking's member's benefit as Stripe says it is now (plan and paid period), or null: no included time where it goes. */
export async function memberBenefitOf(config: BayBookingConfig, memberId: string): Promise<{ benefit: MemberBenefit; period: BenefitPeriod | undefined } | null> {
  if (!memberId) return null;
  const membership = await activeMembershipOfCustomer(memberId);
  const benefit = membership ? (config.benefits[membership.plan.slug] ?? null) : null;
  return benefit ? { benefit, period: membership?.benefits ?? undefined } : null;
}

/** The most half hours the booking's member may have included where it goes: the plan's cap there, none outside its paid period. */
async function memberGrant(config: BayBookingConfig, revision: BookingRevision, weekday: Weekday, choice: MoveChoice, startsAt: number) {
  const member = await memberBenefitOf(config, revision.memberId);
  if (!member || !benefitApplies(member.period, startsAt)) return { maxIncluded: 0, allowance: 0 };
  return { maxIncluded: includedSlots(config, member.benefit, weekday, revision.partySize, choice.lengthMinutes, member.benefit.includedMinutesPerDay), allowance: member.benefit.includedMinutesPerDay };
}

/** Everything the move's script needs, decided from the content and the revision (and Stripe, for a member). */
export async function planMove(revision: BookingRevision, choice: MoveChoice, actor: MoveActor, origin: string, now: number, config: BayBookingConfig = bayBooking): Promise<MoveAttempt> {
  if (actor === 'guest') {
    const problem = choiceProblem(config, { ...choice, partySize: revision.partySize }, now);
    if (problem) throw new HttpError(400, problem);
  }
  if (choice.date === revision.date && choice.start === revision.start && choice.lengthMinutes === revision.lengthMinutes && (!choice.bayId || choice.bayId === revision.bayId)) throw new HttpError(400, SAME_PLACE_MESSAGE);
  const plan = dayPlan(config, choice.date);
  if (plan.closedReason) throw new HttpError(400, `${plan.closedReason}. Please choose another date.`);
  const index = plan.slots.findIndex((slot) => slot.start === choice.start);
  if (index < 0) throw new HttpError(400, 'Please choose a start time');
  const { type, bays } = candidateBays(config, revision, choice, actor);
  const startsAt = plan.slots[index]!.startsAt;
  // Staff move at any notice (a walk-in moves now); hours, blackouts and league nights still apply.
  const candidates = bays
    .filter((bay) => contentAllows(config, plan, bay, index, choice.lengthMinutes, actor === 'guest' ? now : 0))
    .map((bay) => ({ bayId: bay.id, keys: claimedInstants(config, startsAt, choice.lengthMinutes).map((instant) => slotKey(bay.id, instant)) }));
  if (candidates.length === 0) throw new HttpError(409, TAKEN_MESSAGE);

  const { maxIncluded, allowance } = await memberGrant(config, revision, plan.weekday, choice, startsAt);
  const range = plan.slots.slice(index, index + choice.lengthMinutes / config.slotMinutes);
  const terms = moveTermsByGrant(config, type, range, maxIncluded, paidOf(revision), revision.kind, actor);
  const place = { date: choice.date, start: choice.start, startsAt: iso(startsAt), endsAt: iso(startsAt + choice.lengthMinutes * MINUTE_MS), lengthMinutes: choice.lengthMinutes };
  const entry: BayMove = {
    at: iso(now),
    by: actor,
    from: { date: revision.date, start: revision.start, lengthMinutes: revision.lengthMinutes, bayId: revision.bayId },
    to: { date: choice.date, start: choice.start, lengthMinutes: choice.lengthMinutes, bayId: '' },
    chargedCents: 0,
    refundCents: 0,
    cardBackCents: 0,
    dueCents: 0,
  };
  const sequence = revision.moves + 1;
  // One update per grant, rendered before the script picks the bay (it writes the bay's name in).
  const moved: MovedBooking[] = terms.map((each) => ({ id: revision.id, name: revision.name, email: revision.email, partySize: revision.partySize, bayId: '', ...place, includedMinutes: each.includedMinutes }));
  const entries = terms.map((each) => ({ ...entry, refundCents: each.refundCents, cardBackCents: each.cardBackCents, dueCents: each.dueCents }));
  return {
    seen: revision,
    oldKeys: revision.slots,
    oldDay: revision.memberId ? memberDayKey(revision.memberId, revision.date) : null,
    candidates,
    member: maxIncluded > 0 ? { day: memberDayKey(revision.memberId, choice.date), allowanceMinutes: allowance } : null,
    startsAt,
    slotMinutes: config.slotMinutes,
    terms,
    holdUntil: now + CHECKOUT_EXPIRY_SECONDS * 1000 + HOLD_GRACE_MS,
    place,
    entry,
    updates: revision.email ? heldMoveUpdates(moved, entries, sequence, candidates.map((candidate) => candidate.bayId), origin, new Date(now)) : null,
    refundKey: `bay-move-${revision.id}-${sequence}`,
    // The amount given back to the card depends on the grant: the script writes it (move-store.ts).
    giftCard: revision.giftCardId ? moveOf({ id: revision.giftCardId, amountCents: 0, kind: 'refund', note: 'Bay booking moved to a cheaper time', reference: revision.id, at: new Date(now) }) : null,
    now,
  };
}

/** A move made ('moved') or held for its payment ('held'), with the record as stored after it. */
export interface MoveDone {
  outcome: 'moved' | 'held';
  record: StoredBayBooking;
}

/** Runs a move (one round trip); the refusals are answered as HTTP errors and change nothing. */
export async function moveBooking(id: string, sealed: string, choice: MoveChoice, actor: MoveActor, origin: string, now: number, config: BayBookingConfig = bayBooking): Promise<MoveDone> {
  const revision = openRevision(id, sealed);
  if (actor === 'guest') {
    const refusal = moveRefusal({ status: 'confirmed', startsAt: revision.startsAt }, now, config);
    if (refusal) throw new HttpError(409, refusal);
  }
  const { outcome, record } = await runMove(await planMove(revision, choice, actor, origin, now, config));
  if (outcome === 'missing' || !record) throw new HttpError(404, BOOKING_NOT_FOUND_MESSAGE);
  if (outcome === 'changed') throw new HttpError(409, MOVE_CHANGED_MESSAGE);
  if (outcome === 'waiting') throw new HttpError(409, MOVE_WAITING_MESSAGE);
  if (outcome === 'taken') throw new HttpError(409, TAKEN_MESSAGE);
  return { outcome, record };
}
