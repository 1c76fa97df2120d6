/**
 * A booking through its guest's signed link, and cancelling it. Before the policy's limit a
 * cancellation refunds what was paid through Stripe and frees the bay (and a member's included time
 * for the day); after it, the answer says why (booking-view.ts) and the page gives the phone number.
 */
import { bayBooking } from '../catalogue';
import type { BayBookingConfig } from '../rules/config';
import { HttpError } from '../../../shared/server/request';
import { bookingKeys } from './booking-keys';
import { cancelRefusal } from './booking-view';
import { isBookingToken } from './link-token';
import { payOwedRefundNow } from './refunds';
import type { StoredBayBooking } from './record';
import { openRevision, revisionKeys } from './revision';
import { readBooking, releaseBooking } from './store';

export const BOOKING_NOT_FOUND_MESSAGE = 'Booking not found.';

const BOOKING_ID = /^[0-9a-f-]{36}$/;

/** A cancel's refund, one Stripe idempotency key per booking (a booking is cancelled once). */
const refundKeyOf = (id: string) => `bay-cancel-${id}`;

/** Refuses (404, never saying why) a link whose token does not sign its booking id; reads nothing. */
export function checkBookingLink(id: string, token: string): void {
  if (!BOOKING_ID.test(id) || !isBookingToken(id, token)) throw new HttpError(404, BOOKING_NOT_FOUND_MESSAGE);
}

/** The booking the link names, when its token signs it; 404 otherwise (never says which). */
export async function bookingOfLink(id: string, token: string): Promise<StoredBayBooking> {
  checkBookingLink(id, token);
  const record = await readBooking(id);
  if (!record) throw new HttpError(404, BOOKING_NOT_FOUND_MESSAGE);
  return record;
}

/**
 * Frees the bay and, with `refund`, refunds what was paid (in full: the cancellation is free before the
 * limit). One atomic step cancels and writes the owed refund, its amount decided there from the record
 * as it is then, so a cancel racing another refunds exactly what the winning one decided; this request
 * then pays it, or the scheduled run does (refunds.ts). `record` names the booking; its fields may be stale.
 */
export async function cancelBooking(record: StoredBayBooking, options: { refund: boolean }, config: BayBookingConfig = bayBooking, now: number = Date.now()): Promise<StoredBayBooking> {
  const after = await releaseBooking(record.id, bookingKeys(record, config), {
    status: 'cancelled',
    from: ['held', 'confirmed'],
    ...(options.refund ? { refundKey: refundKeyOf(record.id) } : {}),
    now,
  });
  if (!after) throw new HttpError(404, BOOKING_NOT_FOUND_MESSAGE);
  return payOwedRefundNow(after, now);
}

export const CANCEL_CHANGED_MESSAGE = 'This booking has changed since this page was loaded. Please reload it and try again.';

/**
 * The guest's cancel from their manage page, one round trip: the page sends back the booking's sealed
 * revision, so the cancel's script frees exactly the half hours it claims and owes its refund without
 * a read first, and changes nothing when the booking is no longer as the page saw it. The refund is
 * owed in that step; the caller pays it (payOwedRefundNow) after answering, else the scheduled run does.
 * Answers the booking as stored after: cancelled, also when staff cancelled it first (then as they did).
 */
export async function cancelByGuest(id: string, sealed: string, now: number, config: BayBookingConfig = bayBooking): Promise<StoredBayBooking> {
  const revision = openRevision(id, sealed);
  const refusal = cancelRefusal({ status: 'confirmed', startsAt: revision.startsAt }, now, config);
  if (refusal) throw new HttpError(409, refusal);
  const after = await releaseBooking(id, revisionKeys(revision, config), { status: 'cancelled', from: ['confirmed'], refundKey: refundKeyOf(id), now, seen: revision });
  if (!after) throw new HttpError(404, BOOKING_NOT_FOUND_MESSAGE);
  if (after.status === 'confirmed') throw new HttpError(409, CANCEL_CHANGED_MESSAGE);
  return after;
}
