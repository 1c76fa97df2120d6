/**
 * An event quote as stored (one per event request, keyed by the request's id) and as staff and the
 * customer's page read it: the current version, every version before it in its history, where it
 * stands and what was paid and given back.
 */
import type { PricedQuote } from './rules/quote';

export const QUOTE_STATUSES = ['sent', 'confirmed', 'expired', 'withdrawn', 'cancelled'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export interface QuoteHistoryEntry {
  /** ISO timestamp. */
  at: string;
  change: 'quoted' | 'changed' | 'withdrawn' | 'expired' | 'paid' | 'balance-paid' | 'cancelled' | 'refunded' | 'paid-too-late';
  /** The version the entry made (quoted, changed), as it was priced. */
  quote?: PricedQuote;
  note?: string;
  amountCents?: number;
  /** The amount went through Stripe (a balance paid online, not at the venue): the reports count it. */
  online?: boolean;
}

export interface StoredQuote {
  /** The event request's id. */
  id: string;
  status: QuoteStatus;
  /** Counts every version quoted or changed (1 first). */
  version: number;
  quote: PricedQuote;
  /** While sent: the instant (UTC ms) the tentative hold lapses; 0 once confirmed (the hold is a booking) or released. */
  holdUntil: number;
  name: string;
  email: string;
  depositPaidCents: number;
  balancePaidCents: number;
  refundedCents: number;
  paymentIntentId?: string;
  checkoutSessionId?: string;
  balanceSessionId?: string;
  balancePaymentIntentId?: string;
  /** The payment intent whose late deposit was refunded (so it is refunded once). */
  refundMarker?: string;
  /** Paid after the hold was released and a space taken: refunded in full. */
  paidTooLate?: boolean;
  /** The half-hour keys the quote claims on the bay calendar (its resources' range and buffer); kept after release. */
  slots: string[];
  /** Oldest first; never empty. */
  history: QuoteHistoryEntry[];
}

/**
 * The messages a deposit paid through one Checkout session queues, prepared (as JSON texts of mail
 * messages) when the customer starts paying, so that confirming the payment needs no read first.
 * Stored on the quote's record while it waits for its deposit; never part of what is answered.
 */
export interface PreparedDeposit {
  session: string;
  /** The quote version they describe: a re-quote since leaves them unused. */
  version: number;
  confirmation: string;
  staff: string;
  late: string;
}

/** The balance still owed on a confirmed quote. */
export const balanceDue = (record: Pick<StoredQuote, 'quote' | 'depositPaidCents' | 'balancePaidCents'>) => Math.max(record.quote.totalCents - record.depositPaidCents - record.balancePaidCents, 0);

/** The record in a stored or answered text (without its prepared deposit messages), or null when it is not one. */
export function readStoredQuote(value: unknown): StoredQuote | null {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { depositMessages: _prepared, ...record } = parsed as Partial<StoredQuote> & { depositMessages?: PreparedDeposit };
  if (typeof record.id !== 'string' || typeof record.status !== 'string' || typeof record.quote !== 'object') return null;
  // cjson writes an empty list as {}: a quote's packages and extras may be empty.
  const list = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);
  const priced = (quote: PricedQuote): PricedQuote => ({ ...quote, packages: list(quote.packages), extras: list(quote.extras) });
  return {
    ...record,
    quote: priced(record.quote as PricedQuote),
    slots: list(record.slots),
    history: list(record.history).map((entry) => (entry.quote ? { ...entry, quote: priced(entry.quote) } : entry)),
  } as StoredQuote;
}
