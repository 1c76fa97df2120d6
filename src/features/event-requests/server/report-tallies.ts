/**
 * What event requests add to the staff reports: each request as it comes in, quoted, its deposit
 * paid and the event held on the calendar (counted on the event's day while it stays confirmed) for
 * the funnel; what Stripe captured (deposits, balances paid online, deposits paid too late) as revenue
 * and what it gave back as refunds, each on its day. The scripts that store a request, save a quote,
 * confirm a deposit, add a payment and cancel apply these in their own step; the rebuild reads the same
 * from the records (the quote's history says when each happened).
 */
import { funnelField, funnelTally } from '../../reports/rules/liability';
import { refundField, refundTally, revenueField, revenueTally, type Tally } from '../../reports/rules/tally';
import type { StoredQuote } from '../quote-record';

/** The payment registry's kind of an event payment's Checkout session. */
export const EVENT_CHECKOUT_KIND = 'event-deposit';

export const EVENT_FIELDS = {
  revenue: revenueField(EVENT_CHECKOUT_KIND),
  refund: refundField(EVENT_CHECKOUT_KIND),
  requested: funnelField('new'),
  quoted: funnelField('quoted'),
  paid: funnelField('paid'),
  held: funnelField('held'),
} as const;

/** A request counted on the day it came in. */
export const requestTallies = (submittedAtMs: number): Tally[] => funnelTally('new', new Date(submittedAtMs));

/** Everything a stored quote has added to the reports so far (the rebuild's view). */
export function quoteTallies(record: StoredQuote): Tally[] {
  const tallies: Tally[] = [];
  const quoted = record.history.find((entry) => entry.change === 'quoted');
  if (quoted) tallies.push(...funnelTally('quoted', new Date(quoted.at)));
  for (const entry of record.history) {
    const at = new Date(entry.at);
    const cents = entry.amountCents ?? 0;
    if (entry.change === 'paid') tallies.push(...revenueTally(EVENT_CHECKOUT_KIND, cents, at), ...funnelTally('paid', at));
    if (entry.change === 'paid-too-late' || (entry.change === 'balance-paid' && entry.online)) tallies.push(...revenueTally(EVENT_CHECKOUT_KIND, cents, at));
    if (entry.change === 'refunded' || entry.change === 'cancelled') tallies.push(...refundTally(EVENT_CHECKOUT_KIND, cents, at));
  }
  if (record.status === 'confirmed') tallies.push({ date: record.quote.date, field: EVENT_FIELDS.held, delta: 1 });
  return tallies;
}
