/**
 * Stripe for bay time: a payment-mode Checkout for a held booking (server-side amount, 30-minute
 * expiry, card only so the payment settles at once, the booking id in the metadata), and full refunds of what was paid. Idempotency keys are
 * per booking, so a retried call never charges or refunds twice.
 */
import { bayBooking } from '../catalogue';
import { bookingBackUrl, bookingSuccessUrl } from '../rules/links';
import { formatClock, minutesOfDay } from '../../../domain/clock';
import { getStripe, type Stripe } from '../../../shared/payments/stripe-client';
import { HttpError } from '../../../shared/server/request';
import { CHECKOUT_EXPIRY_SECONDS, dropHold, HOLD_GRACE_MS, TAKEN_MESSAGE, type HeldBooking } from './booking';
import { bookingKeys } from './booking-keys';
import { openCheckoutHold } from './checkout-hold';

import { BAY_CHECKOUT_KIND } from './checkout-kind';

export { BAY_CHECKOUT_KIND };

/** 'Bay 3 · Fri, 2026-12-04 at 6:00 PM · 2 hours' */
export function checkoutLine(record: HeldBooking['record']): string {
  const bay = bayBooking.bays.find((each) => each.id === record.bayId)?.name ?? record.bayId;
  const hours = record.lengthMinutes / 60;
  return `${bay} · ${record.date} at ${formatClock(minutesOfDay(record.start), 'full')} · ${hours} hour${hours === 1 ? '' : 's'}`;
}

/**
 * Creates the Checkout session paying a hold and answers its page, the hold now lasting until the
 * session expires (checkout-hold.ts); on failure the bay is given back. Should the short hold have
 * lapsed and its time been taken meanwhile, the session is expired and the guest told it was taken.
 */
export async function startCheckout(held: HeldBooking, origin: string, now: number): Promise<string> {
  const { record } = held;
  let session: Stripe.Checkout.Session;
  try {
    session = await getStripe().checkout.sessions.create(
      {
        mode: 'payment',
        // Methods that settle at once (wallets come with card): a bank debit would leave the bay held for days.
        // At the SDK's API version (endive) Checkout takes this list as allowed_payment_method_types; the session's payment_method_types is then ['card'].
        allowed_payment_method_types: ['card'],
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: record.amountCents, product_data: { name: checkoutLine(record) } } }],
        metadata: { kind: BAY_CHECKOUT_KIND, bookingId: record.id },
        payment_intent_data: { metadata: { kind: BAY_CHECKOUT_KIND, bookingId: record.id } },
        customer_email: record.email,
        success_url: bookingSuccessUrl(origin, record.id, held.token),
        cancel_url: bookingBackUrl(origin, record.id, held.token),
        expires_at: Math.floor(now / 1000) + CHECKOUT_EXPIRY_SECONDS,
      },
      { idempotencyKey: `bay-checkout-${record.id}` },
    );
    if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
  } catch (error) {
    await dropHold(record).catch((cleanup: unknown) => console.error('[bay-booking] could not give back the hold', record.id, cleanup));
    throw error;
  }
  const expiresAt = session.expires_at ? session.expires_at * 1000 : now + CHECKOUT_EXPIRY_SECONDS * 1000;
  const opened = await openCheckoutHold(record.id, bookingKeys(record), session.id, expiresAt + HOLD_GRACE_MS, Date.now());
  if (opened !== 'held') {
    await getStripe()
      .checkout.sessions.expire(session.id)
      .catch((error: unknown) => console.error('[bay-booking] could not expire the Checkout session of a lost hold', session.id, error instanceof Error ? error.message : error));
    await dropHold(record).catch((cleanup: unknown) => console.error('[bay-booking] could not give back the hold', record.id, cleanup));
    throw new HttpError(409, TAKEN_MESSAGE);
  }
  return session.url;
}

/** Refunds `amountCents` of the booking's payment (once per booking and purpose); `options` bound the call (a scheduled run's timeout). */
export async function refundPayment(paymentIntentId: string, amountCents: number, idempotencyKey: string, options: Stripe.RequestOptions = {}): Promise<void> {
  if (amountCents <= 0) return;
  await getStripe().refunds.create({ payment_intent: paymentIntentId, amount: amountCents, metadata: { kind: BAY_CHECKOUT_KIND } }, { ...options, idempotencyKey });
}
