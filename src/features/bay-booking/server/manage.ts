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
import { readBooking, releaseBooking } from './store';

export const BOOKING_NOT_FOUND_MESSAGE = 'Booking not found.';

const BOOKING_ID = /^[0-9a-f-]{36}$/;

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
    ...(options.refund ? { refundKey: `bay-cancel-${record.id}` } : {}),
    now,
  });
  if (!after) throw new HttpError(404, BOOKING_NOT_FOUND_MESSAGE);
  return payOwedRefundNow(after, now);
}

export async function cancelByGuest(record: StoredBayBooking, now: number): Promise<StoredBayBooking> {
  const refusal = cancelRefusal(record, now);
  if (refusal) throw new HttpError(409, refusal);
  return cancelBooking(record, { refund: true });
}
