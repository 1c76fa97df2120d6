/**
 * Settling an event payment from its Checkout session's current state, the step the verified webhook
 * and the reconciliation share: a paid deposit confirms the event (or, paid too late, is owed back in
 * full); a paid balance is added once. Replays change nothing.
 */
import type { CheckoutSession, OwedRefund, Settlement, SettleStep } from '../../../shared/payments/registry';
import { quoteConfig } from '../quote-catalogue';
import { depositConfirmationKey, depositLateKey, depositMessages, depositStaffKey } from '../mail/quote-emails';
import { quotePageUrl } from '../rules/quote-links';
import { addToQuote, confirmDeposit } from './quote-confirm';
import { EVENT_CHECKOUT_KIND, refundQuotePayment } from './quote-payment';
import { readQuote } from './quote-store';
import { quoteToken } from './quotes';

const QUOTE_ID = /^[A-Za-z0-9-]{1,64}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export type QuoteSessionField = 'id' | 'metadata' | 'mode' | 'status' | 'payment_status' | 'payment_intent' | 'success_url' | 'amount_total';

const UNCHANGED: Settlement = { changed: 0, queued: [], markedDone: false };

const paymentIntentOf = (session: Pick<CheckoutSession, 'payment_intent'>) => (typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? ''));

function originOf(session: Pick<CheckoutSession, 'success_url'>): string {
  try {
    return new URL(session.success_url ?? '').origin;
  } catch {
    return '';
  }
}

/** One round trip: a balance is added once; a deposit is confirmed with the messages prepared for its session (a session without them, e.g. one of a version re-quoted since, has them built from the record: two more). */
export async function settleQuoteCheckout(session: Pick<CheckoutSession, QuoteSessionField>, step: SettleStep): Promise<Settlement> {
  const id = session.metadata?.['quoteId'] ?? '';
  if (session.mode !== 'payment' || session.metadata?.['kind'] !== EVENT_CHECKOUT_KIND || !QUOTE_ID.test(id)) return UNCHANGED;
  if (session.status !== 'complete' || session.payment_status !== 'paid') return UNCHANGED;
  const paymentIntent = paymentIntentOf(session);
  if (!paymentIntent) return UNCHANGED;
  const amount = session.amount_total ?? 0;
  if (session.metadata?.['purpose'] === 'balance') {
    const after = await addToQuote(id, { field: 'balancePaidCents', amountCents: amount, marker: 'balancePaymentIntentId', reference: paymentIntent, entry: { change: 'balance-paid', amountCents: amount, online: true }, countAs: 'revenue' }, step.now);
    return { ...UNCHANGED, changed: after?.changed ? 1 : 0 };
  }
  const config = quoteConfig;
  const payment = { id, sessionId: session.id, paymentIntentId: paymentIntent, amountCents: amount };
  // The session names the event's date of the version it pays; one without it is settled from the record.
  const eventDate = session.metadata?.['eventDate'] ?? '';
  let settled = ISO_DATE.test(eventDate) ? await confirmDeposit(config, { ...payment, eventDate }, step, null) : ({ outcome: 'unprepared', record: null } as const);
  if (settled.outcome === 'unprepared') {
    const record = await readQuote(id);
    if (!record) return UNCHANGED;
    settled = await confirmDeposit(config, { ...payment, eventDate: record.quote.date }, step, depositMessages(config, record, quotePageUrl(originOf(session), id, quoteToken(id)), session.id, step.now));
  }
  const { outcome, record } = settled;
  // A refund that failed before is owed again on the next delivery of the event, or by reconciliation.
  const owed = outcome === 'late' || (outcome === 'already' && record?.paidTooLate === true && record.refundMarker !== paymentIntent && record.paymentIntentId === paymentIntent);
  return {
    changed: outcome === 'confirmed' || outcome === 'late' ? 1 : 0,
    queued: outcome === 'confirmed' ? [depositConfirmationKey(id), depositStaffKey(id)] : outcome === 'late' ? [depositLateKey(id, session.id)] : [],
    markedDone: outcome === 'confirmed' && step.done !== null,
    ...(owed ? { owed: { reference: id, paymentIntent, amountCents: amount } } : {}),
  };
}

/** Refunds a deposit paid too late, in full and once, and records it. */
export async function refundLateDeposit(owed: OwedRefund): Promise<void> {
  await refundQuotePayment(owed.paymentIntent, owed.amountCents, `late-${owed.paymentIntent}`);
  await addToQuote(owed.reference, { field: 'refundedCents', amountCents: owed.amountCents, marker: 'refundMarker', reference: owed.paymentIntent, entry: { change: 'refunded', amountCents: owed.amountCents, note: 'Paid too late: refunded in full' }, countAs: 'refund' }, Date.now());
  console.warn('[event-quotes]', owed.reference, 'was paid after its hold was released or the quote withdrawn: refunded');
}
