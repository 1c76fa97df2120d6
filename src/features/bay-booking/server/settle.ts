/**
 * Settling a bay booking from its Checkout session's current state, the one step the verified webhook
 * (completed, async payment succeeded or failed, expired) and the reconciliation share: paid → the hold
 * becomes a booking (or, when its lapsed slots were taken meanwhile or it was cancelled, the booking is
 * cancelled and the payment is owed back in full); complete but unpaid (a payment that does not settle
 * at once, or failed later) → the booking is cancelled, its slots freed and staff told in the same step,
 * never left held; expired → the hold's slots are freed. Replays change nothing.
 */
import type { CheckoutSession, OwedRefund, Settlement, SettleStep } from '../../../shared/payments/registry';
import { bookingKeys } from './booking-keys';
import { bayConfirmation } from '../mail/emails';
import { bayUnpaidNotice, bayUnpaidNoticeKey } from '../mail/staff-notices';
import { BAY_CHECKOUT_KIND } from './payment';
import { payOwedRefund } from './refunds';
import { confirmHold, readBooking, releaseBooking } from './store';

const BOOKING_ID = /^[0-9a-f-]{36}$/;

/** The session fields bay settlement reads. */
export type BaySessionField = 'metadata' | 'mode' | 'status' | 'payment_status' | 'payment_intent' | 'success_url';

/** The booking a Checkout session pays, when it is bay time. */
export function bayBookingIdOf(session: Pick<CheckoutSession, 'metadata' | 'mode'>): string | null {
  const id = session.metadata?.['bookingId'] ?? '';
  return session.mode === 'payment' && session.metadata?.['kind'] === BAY_CHECKOUT_KIND && BOOKING_ID.test(id) ? id : null;
}

const paymentIntentOf = (session: Pick<CheckoutSession, 'payment_intent'>) =>
  typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? '');

/** The site's address as the session's return page names it (the manage link in the e-mail points there too). */
function originOf(session: Pick<CheckoutSession, 'success_url'>): string {
  try {
    return new URL(session.success_url ?? '').origin;
  } catch {
    return '';
  }
}

const UNCHANGED: Settlement = { changed: 0, queued: [], markedDone: false };

export async function settleBayCheckout(session: Pick<CheckoutSession, BaySessionField>, step: SettleStep): Promise<Settlement> {
  const id = bayBookingIdOf(session);
  const record = id ? await readBooking(id) : null;
  if (!id || !record) return UNCHANGED;
  if (session.status === 'complete' && session.payment_status === 'paid') {
    const paymentIntent = paymentIntentOf(session);
    // Rendered only while the booking may still move to confirmed; the script queues it only if it does.
    const message = record.status === 'held' || record.status === 'expired' ? bayConfirmation(record, originOf(session), new Date(step.now)) : null;
    const outcome = await confirmHold(id, bookingKeys(record), paymentIntent, step.now, message);
    // The confirm script wrote the owed refund when it cancelled; one still owed is paid on the next delivery of the event, or by the scheduled run.
    const owed = outcome === 'conflict' || (outcome === 'already' && record.refundOwed !== undefined);
    return {
      changed: outcome === 'confirmed' || outcome === 'conflict' ? 1 : 0,
      queued: outcome === 'confirmed' && message ? [message.key] : [],
      markedDone: false,
      ...(owed && paymentIntent ? { owed: { reference: id, paymentIntent, amountCents: record.amountCents } } : {}),
    };
  }
  if (session.status === 'complete' && session.payment_status === 'unpaid') {
    // Bay time asks for methods that settle at once; a session that still ends unpaid frees the bay rather than hold it for money that may never come.
    const after = await releaseBooking(id, bookingKeys(record), { status: 'cancelled', from: ['held', 'expired'], notice: { message: bayUnpaidNotice(record), now: step.now } });
    const changed = after?.status === 'cancelled' && (record.status === 'held' || record.status === 'expired');
    return { ...UNCHANGED, changed: changed ? 1 : 0, queued: changed ? [bayUnpaidNoticeKey(id)] : [] };
  }
  if (session.status === 'expired') {
    const after = await releaseBooking(id, bookingKeys(record), { status: 'expired', from: ['held'] });
    return { ...UNCHANGED, changed: after?.status === 'expired' && record.status === 'held' ? 1 : 0 };
  }
  return UNCHANGED;
}

/** Pays the refund the confirm script wrote for a booking paid after its bay was taken (or after it was cancelled): in full, once. */
export async function refundPaidTooLate(owed: OwedRefund): Promise<void> {
  const after = await payOwedRefund(owed.reference);
  if (after && !after.refundOwed) console.warn('[bay-booking]', owed.reference, 'was paid after its bay was taken or it was cancelled: refunded');
}
