/**
 * Stripe for event quotes: a payment-mode Checkout for the deposit of a quote waiting for it (or the
 * balance of a confirmed event), its amount from the stored quote (and the messages its payment will
 * queue, kept on the record), and refunds. An open session is
 * offered again rather than a second one made. Stripe failing answers 502 and changes nothing.
 */
import { getStripe } from '../../../shared/payments/stripe-client';
import { HttpError } from '../../../shared/server/request';
import { preparedDeposit } from '../mail/quote-emails';
import { quoteConfig } from '../quote-catalogue';
import { balanceDue, type StoredQuote } from '../quote-record';
import { quotePageUrl } from '../rules/quote-links';
import { addToQuote } from './quote-confirm';
import { EVENT_CHECKOUT_KIND } from './report-tallies';

export { EVENT_CHECKOUT_KIND };
export type QuotePurpose = 'deposit' | 'balance';

const HALF_HOUR_S = 30 * 60;
const DAY_S = 24 * 60 * 60;

/** Why this quote cannot be paid now, in words for the customer, or null. */
export function unpayable(record: StoredQuote, purpose: QuotePurpose, now: number): string | null {
  if (purpose === 'balance') return record.status === 'confirmed' && balanceDue(record) > 0 ? null : 'There is no balance to pay on this event.';
  if (record.status === 'sent' && record.holdUntil > now) return null;
  if (record.status === 'confirmed') return 'The deposit is paid: your event is confirmed.';
  if (record.status === 'withdrawn') return 'This quote was withdrawn and can no longer be paid. Please contact us.';
  if (record.status === 'cancelled') return 'This event was cancelled.';
  return 'This quote has expired and can no longer be paid. Please contact us for a new one.';
}

/** The Checkout page paying the deposit or balance; 409 when the quote cannot be paid, 502 when Stripe fails (nothing stored). */
export async function startQuoteCheckout(record: StoredQuote, purpose: QuotePurpose, origin: string, token: string, now: number): Promise<string> {
  const refusal = unpayable(record, purpose, now);
  if (refusal) throw new HttpError(409, refusal);
  const stripe = getStripe();
  const open = purpose === 'deposit' ? record.checkoutSessionId : record.balanceSessionId;
  if (open) {
    const session = await stripe.checkout.sessions.retrieve(open);
    if (session.status === 'open' && session.url) return session.url;
  }
  const amount = purpose === 'deposit' ? record.quote.depositCents : balanceDue(record);
  const nowS = Math.floor(now / 1000);
  const until = purpose === 'deposit' ? Math.floor(record.holdUntil / 1000) : nowS + DAY_S;
  const page = quotePageUrl(origin, record.id, token);
  const metadata = { kind: EVENT_CHECKOUT_KIND, quoteId: record.id, purpose, version: String(record.version), eventDate: record.quote.date };
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: amount, product_data: { name: `${purpose === 'deposit' ? 'Deposit' : 'Balance'} for your event on ${record.quote.date}` } } }],
      metadata,
      payment_intent_data: { metadata },
      customer_email: record.email,
      success_url: `${page}&paid=${purpose}`,
      cancel_url: page,
      // Stripe takes 30 minutes to 24 hours; a deposit paid after the hold lapsed is settled by the late-payment rule.
      expires_at: Math.min(Math.max(until, nowS + HALF_HOUR_S + 60), nowS + DAY_S - 60),
    },
    { idempotencyKey: `event-${purpose}-${record.id}-v${record.version}-${now}` },
  );
  if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
  // The deposit's messages are prepared now, from the record read for this page, so confirming the payment reads nothing first.
  const patch = purpose === 'deposit' ? { checkoutSessionId: session.id, depositMessages: preparedDeposit(quoteConfig, record, page, session.id, now) } : { balanceSessionId: session.id };
  await addToQuote(record.id, { patch }, now);
  return session.url;
}

/** Refunds `amountCents` of a payment, once per `purpose`. */
export async function refundQuotePayment(paymentIntentId: string, amountCents: number, purpose: string): Promise<void> {
  if (amountCents <= 0) return;
  await getStripe().refunds.create({ payment_intent: paymentIntentId, amount: amountCents, metadata: { kind: EVENT_CHECKOUT_KIND } }, { idempotencyKey: `event-refund-${purpose}` });
}
