/**
 * Event payments as a paid product of the payment registry: Checkout sessions of kind
 * 'event-deposit' pay a quote's deposit or a confirmed event's balance. Quotes whose hold lapsed
 * are expired here (their half hours given back) and their sessions asked about; a deposit paid too
 * late is refunded in full.
 */
import type { PaidProduct } from '../../../shared/payments/registry';
import { EVENT_CHECKOUT_KIND } from './quote-payment';
import { refundLateDeposit, settleQuoteCheckout, type QuoteSessionField } from './quote-settle';
import { expireLapsedQuotes } from './quotes';

/** Time after a hold's lapse for a webhook already on its way. */
export const QUOTE_GRACE_MS = 5 * 60_000;

export const eventPayments: PaidProduct<QuoteSessionField> = {
  kind: EVENT_CHECKOUT_KIND,
  settle: settleQuoteCheckout,
  lapsed: (now) => expireLapsedQuotes(now - QUOTE_GRACE_MS, now),
  refund: refundLateDeposit,
};
