/**
 * Settling a bay booking from its Checkout session's current state, the one step the verified webhook
 * and the hold reconciliation share: paid → the hold becomes a booking (or, when its lapsed slots were
 * taken meanwhile, the payment is refunded in full and the booking cancelled); expired → the hold's
 * slots are freed. Replays change nothing.
 */
import { bayBooking } from '../../data/bay-booking';
import type { Stripe } from '../stripe-client';
import { getStripe } from '../stripe-client';
import { bookingKeys, HOLD_GRACE_MS } from './booking';
import { bayConfirmation } from './messages';
import { BAY_CHECKOUT_KIND, refundPayment } from './payment';
import { confirmHold, lapsedHolds, readBooking, releaseBooking, type ConfirmOutcome } from './store';

const BOOKING_ID = /^[0-9a-f-]{36}$/;

/** The booking a Checkout session pays, when it is bay time. */
export function bayBookingIdOf(session: Pick<Stripe.Checkout.Session, 'metadata' | 'mode'>): string | null {
  const id = session.metadata?.['bookingId'] ?? '';
  return session.mode === 'payment' && session.metadata?.['kind'] === BAY_CHECKOUT_KIND && BOOKING_ID.test(id) ? id : null;
}

const paymentIntentOf = (session: Pick<Stripe.Checkout.Session, 'payment_intent'>) =>
  typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? '');

export interface BaySettlement {
  outcome: ConfirmOutcome | 'expired' | 'unchanged';
  /** Keys of the messages queued (to send after answering). */
  queued: string[];
}

/** The site's address as the session's return page names it (the manage link in the e-mail points there too). */
function originOf(session: Pick<Stripe.Checkout.Session, 'success_url'>): string {
  try {
    return new URL(session.success_url ?? '').origin;
  } catch {
    return '';
  }
}

export async function settleBayCheckout(
  session: Pick<Stripe.Checkout.Session, 'metadata' | 'mode' | 'status' | 'payment_status' | 'payment_intent' | 'success_url'>,
  now: number,
): Promise<BaySettlement> {
  const id = bayBookingIdOf(session);
  if (!id) return { outcome: 'unchanged', queued: [] };
  const record = await readBooking(id);
  if (!record) return { outcome: 'missing', queued: [] };
  if (session.status === 'complete' && session.payment_status === 'paid') {
    const paymentIntent = paymentIntentOf(session);
    // Rendered only while the booking may still move to confirmed; the script queues it only if it does.
    const message = record.status === 'held' || record.status === 'expired' ? bayConfirmation(record, originOf(session), new Date(now)) : null;
    const outcome = await confirmHold(id, bookingKeys(record), paymentIntent, now, message);
    // A refund that failed before is retried by the next delivery of the event, or by reconciliation.
    const owed = outcome === 'conflict' || (outcome === 'already' && record.paidTooLate === true && record.refundedCents < record.amountCents);
    if (owed && paymentIntent) {
      await refundPayment(paymentIntent, record.amountCents, `bay-refund-${id}`);
      await releaseBooking(id, bookingKeys(record), { status: 'cancelled', from: ['cancelled'], refundedCents: record.amountCents - record.refundedCents });
      console.warn('[bay-booking]', id, 'was paid after its hold lapsed and its bay was taken: refunded');
    }
    return { outcome, queued: outcome === 'confirmed' && message ? [message.key] : [] };
  }
  if (session.status === 'expired') {
    const after = await releaseBooking(id, bookingKeys(record), { status: 'expired', from: ['held'], refundedCents: 0 });
    return { outcome: after?.status === 'expired' && record.status === 'held' ? 'expired' : 'unchanged', queued: [] };
  }
  return { outcome: 'unchanged', queued: [] };
}

export interface HoldReconciliation {
  checked: number;
  confirmed: number;
  expired: number;
  failed: number;
  /** Keys of the confirmations queued. */
  queued: string[];
}

/**
 * Holds whose lapse passed (a little grace for the webhook first) are settled from Stripe as the
 * webhook would have; a hold without a Checkout session (its creation failed) is freed.
 */
export async function reconcileHolds(now: number): Promise<HoldReconciliation> {
  const ids = await lapsedHolds(now - HOLD_GRACE_MS);
  const report: HoldReconciliation = { checked: ids.length, confirmed: 0, expired: 0, failed: 0, queued: [] };
  for (const id of ids) {
    try {
      const record = await readBooking(id);
      if (!record) continue;
      if (!record.checkoutSessionId) {
        await releaseBooking(id, bookingKeys(record, bayBooking), { status: 'expired', from: ['held'], refundedCents: 0 });
        report.expired += 1;
        continue;
      }
      const session = await getStripe().checkout.sessions.retrieve(record.checkoutSessionId);
      if (session.status === 'open') await getStripe().checkout.sessions.expire(session.id).catch(() => undefined);
      const current = session.status === 'open' ? await getStripe().checkout.sessions.retrieve(record.checkoutSessionId) : session;
      const { outcome, queued } = await settleBayCheckout(current, now);
      if (outcome === 'confirmed') report.confirmed += 1;
      if (outcome === 'expired') report.expired += 1;
      report.queued.push(...queued);
    } catch (error) {
      report.failed += 1;
      console.error('[bay-booking] could not reconcile hold', id, error);
    }
  }
  return report;
}
