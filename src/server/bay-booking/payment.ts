/**
 * Stripe for bay time: a payment-mode Checkout for a held booking (server-side amount, 30-minute
 * expiry, the booking id in the metadata), and full refunds of what was paid. Idempotency keys are
 * per booking, so a retried call never charges or refunds twice.
 */
import { bayBooking } from '../../data/bay-booking';
import { bookingSuccessUrl } from '../../domain/bay-booking/links';
import { formatClock, minutesOfDay } from '../../domain/clock';
import { getStripe, type Stripe } from '../stripe-client';
import { CHECKOUT_EXPIRY_SECONDS, dropHold, type HeldBooking } from './booking';
import { attachCheckout } from './store';

/** Metadata marking a Checkout session as bay time, which the webhook and reconciliation look for. */
export const BAY_CHECKOUT_KIND = 'bay';

/** 'Bay 3 · Fri, 2026-12-04 at 6:00 PM · 2 hours' */
export function checkoutLine(record: HeldBooking['record']): string {
  const bay = bayBooking.bays.find((each) => each.id === record.bayId)?.name ?? record.bayId;
  const hours = record.lengthMinutes / 60;
  return `${bay} · ${record.date} at ${formatClock(minutesOfDay(record.start), 'full')} · ${hours} hour${hours === 1 ? '' : 's'}`;
}

/** Creates the Checkout session paying a hold and answers its page; on failure the bay is given back. */
export async function startCheckout(held: HeldBooking, origin: string, now: number): Promise<string> {
  const { record } = held;
  let session: Stripe.Checkout.Session;
  try {
    session = await getStripe().checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: record.amountCents, product_data: { name: checkoutLine(record) } } }],
        metadata: { kind: BAY_CHECKOUT_KIND, bookingId: record.id },
        payment_intent_data: { metadata: { kind: BAY_CHECKOUT_KIND, bookingId: record.id } },
        customer_email: record.email,
        success_url: bookingSuccessUrl(origin, record.id, held.token),
        cancel_url: `${origin}/book`,
        expires_at: Math.floor(now / 1000) + CHECKOUT_EXPIRY_SECONDS,
      },
      { idempotencyKey: `bay-checkout-${record.id}` },
    );
    if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
  } catch (error) {
    await dropHold(record).catch((cleanup: unknown) => console.error('[bay-booking] could not give back the hold', record.id, cleanup));
    throw error;
  }
  await attachCheckout(record.id, session.id);
  return session.url;
}

/** Refunds `amountCents` of the booking's payment (once per booking and purpose). */
export async function refundPayment(paymentIntentId: string, amountCents: number, idempotencyKey: string): Promise<void> {
  if (amountCents <= 0) return;
  await getStripe().refunds.create({ payment_intent: paymentIntentId, amount: amountCents, metadata: { kind: BAY_CHECKOUT_KIND } }, { idempotencyKey });
}
