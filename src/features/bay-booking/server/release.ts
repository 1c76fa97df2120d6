/**
 * A guest backing out of Checkout (its cancel_url brings them back to /book, or for a move to the manage
 * page, which ask for this): the hold (or the held move) is given back at once, so the same time can be chosen again, instead of staying taken until it
 * lapses. Its Checkout session is expired first, so the abandoned page can no longer be paid; a session
 * that completed meanwhile keeps the booking (the webhook settles it). When Stripe cannot be asked the
 * hold is released all the same: a payment that still came would be settled as one that came late
 * (booked if the bay is still free, else refunded in full).
 */
import { bayBooking } from '../catalogue';
import type { BayBookingConfig } from '../rules/config';
import { getStripe, isStripeError } from '../../../shared/payments/stripe-client';
import { bookingKeys } from './booking-keys';
import type { StoredBayBooking } from './record';
import { dropMove } from './move-payment';
import { releaseBooking } from './store';

/** Whether the hold's Checkout session was paid (or is being paid), after asking Stripe to expire it. */
async function checkoutCompleted(sessionId: string): Promise<boolean> {
  const stripe = getStripe();
  try {
    await stripe.checkout.sessions.expire(sessionId).catch((error: unknown) => {
      // Refused when it is no longer open: the re-read says what it became.
      if (!isStripeError(error) || (error.statusCode ?? 500) >= 500) throw error;
    });
    return (await stripe.checkout.sessions.retrieve(sessionId)).status === 'complete';
  } catch (error) {
    console.error('[bay-booking] could not expire Checkout session', sessionId, error instanceof Error ? error.message : error);
    return false;
  }
}

/**
 * Gives back a guest's unpaid hold, or lets go a confirmed booking's move that waits for its payment
 * (the booking keeps its time); any other booking is answered as it is.
 */
export async function releaseByGuest(record: StoredBayBooking, config: BayBookingConfig = bayBooking): Promise<StoredBayBooking> {
  if (record.status === 'confirmed' && record.move) {
    if (record.move.checkoutSessionId && (await checkoutCompleted(record.move.checkoutSessionId))) return record;
    return dropMove(record, config);
  }
  if (record.status !== 'held') return record;
  if (record.checkoutSessionId && (await checkoutCompleted(record.checkoutSessionId))) return record;
  return (await releaseBooking(record.id, bookingKeys(record, config), { status: 'expired', from: ['held'] })) ?? record;
}

/**
 * After a hold replaced the visitor's earlier one for the same choice (visitor-holds.ts): the earlier
 * Checkout page can no longer be paid. Refused when it completed meanwhile: that payment is settled
 * as one that came late (refunded, the time now being the new hold's). Never throws.
 */
export async function expireReplacedCheckout(sessionId: string): Promise<void> {
  await getStripe()
    .checkout.sessions.expire(sessionId)
    .catch((error: unknown) => {
      if (!isStripeError(error) || (error.statusCode ?? 500) >= 500) console.error('[bay-booking] could not expire the replaced Checkout session', sessionId, error instanceof Error ? error.message : error);
    });
}
