/**
 * Moving a booking to another start, length or day (pure): whether its guest may still move it, and
 * what the move costs. A move is judged by the cancellation policy's limit (before it a guest may
 * cancel for free, so moving is free too); the new range is priced as a new booking would be, with a
 * member's included time granted again where it goes, and set against what the booking has paid.
 */
import type { BayEntryKind } from '../contract/admin-bay-bookings';
import type { BayBookingStatus } from '../contract/bay-booking';
import type { BayBookingConfig, BayType } from './config';
import { freeCancellationUntil, rangePrice, type DaySlot } from './rules';

/** Who moves it: the guest through the manage link (before the limit, paying a dearer time online), or staff (any time, at the venue). */
export type MoveActor = 'guest' | 'staff';

/** Why the guest cannot move the booking online now, or null when they can. */
export function moveRefusal(booking: { status: BayBookingStatus; startsAt: string }, now: number, config: BayBookingConfig): string | null {
  if (booking.status === 'cancelled') return 'This booking is cancelled.';
  if (booking.status === 'expired') return 'This booking was never paid, so there is nothing to move.';
  if (booking.status === 'held') return 'This booking is waiting for its payment.';
  if (now > freeCancellationUntil(config, Date.parse(booking.startsAt))) {
    const hours = config.cancellation.freeUntilHoursBefore;
    return `Bookings can be moved online until ${hours} hour${hours === 1 ? '' : 's'} before the start. Please call us to change this booking.`;
  }
  return null;
}

/** What a booking has paid and still counts toward it: through Stripe (less what was refunded or is owed back) and by gift card (not given back). */
export interface MovePaid {
  stripeCents: number;
  cardCents: number;
}

/** The money of a move: the new range's price, and the difference as it is settled. */
export interface MoveMoney {
  priceCents: number;
  /** A dearer time moved by the guest: paid through Checkout before the move is made. */
  chargeCents: number;
  /** A cheaper time: owed back through Stripe, up to what Stripe took; the rest goes back to the gift card that paid it. */
  refundCents: number;
  cardBackCents: number;
  /** A dearer time moved by staff: settled at the venue. */
  dueCents: number;
}

/** The difference between the new price and what was paid, in cents, and how it is settled. */
export function moveMoney(paid: MovePaid, priceCents: number, actor: MoveActor): MoveMoney {
  const difference = priceCents - paid.stripeCents - paid.cardCents;
  const back = Math.max(-difference, 0);
  const refundCents = Math.min(back, Math.max(paid.stripeCents, 0));
  return {
    priceCents,
    chargeCents: actor === 'guest' ? Math.max(difference, 0) : 0,
    refundCents,
    cardBackCents: back - refundCents,
    dueCents: actor === 'staff' ? Math.max(difference, 0) : 0,
  };
}

/** What the booking becomes where it goes, for one grant of included half hours. */
export interface MoveTerms extends MoveMoney {
  kind: BayEntryKind;
  includedMinutes: number;
}

/**
 * The terms of a move for each grant of included half hours the store may make (index = half hours
 * granted, up to `maxIncluded`: what the member's plan allows there, rules.ts includedSlots). A site
 * booking is a member's while included time covers part of it; a desk booking or a block stays what it is.
 */
export function moveTermsByGrant(config: BayBookingConfig, type: BayType, range: readonly DaySlot[], maxIncluded: number, paid: MovePaid, kind: BayEntryKind, actor: MoveActor): MoveTerms[] {
  return Array.from({ length: maxIncluded + 1 }, (_, included) => {
    const site = kind === 'online' || kind === 'member';
    return {
      ...moveMoney(paid, kind === 'block' || kind === 'desk' ? paid.stripeCents + paid.cardCents : rangePrice(config, type, range, included), actor),
      kind: site ? (included > 0 ? 'member' : 'online') : kind,
      includedMinutes: included * config.slotMinutes,
    };
  });
}
