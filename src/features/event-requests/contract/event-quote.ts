/**
 * /api/event-quote/:id/:token: an event quote as its customer sees it through the signed link of the
 * quote e-mail, and paying its deposit (or, once confirmed, its balance) through Stripe Checkout.
 * 404 for an unknown quote or a token that does not sign it; 409 when it cannot be paid, saying why.
 */
import type * as z from 'zod';
import { endpoint } from '../../../shared/contract/endpoint';
import type { QuoteLine } from '../rules/quote';
import type { QuoteStatus } from '../quote-record';
import type { quotePaySchema } from './quote-draft';

export interface CustomerQuote {
  status: QuoteStatus;
  name: string;
  /** 'Friday, December 11, 2026'. */
  date: string;
  time: string;
  spaces: string;
  guests: number;
  lines: QuoteLine[];
  totalCents: number;
  depositCents: number;
  depositPaidCents: number;
  balancePaidCents: number;
  refundedCents: number;
  balanceDueCents: number;
  /** What happens to the deposit on cancelling, and the headcount deadline, in words. */
  terms: string[];
  /** While sent: when the hold lapses, in words. */
  expires: string | null;
  /** What the customer may pay now, or null. */
  payable: 'deposit' | 'balance' | null;
  /** Where the quote stands, in words (expired, withdrawn, refunded...). */
  notice: string | null;
}

export const viewEventQuote = endpoint('GET', '/api/event-quote/:id/:token').answers<CustomerQuote>();
/** Answers the Checkout page to go to; 409 when the quote cannot be paid; 502 when Stripe is down (nothing changes). */
export const payEventQuote = endpoint('POST', '/api/event-quote/:id/:token/pay').takes<z.input<typeof quotePaySchema>>().answers<{ url: string }>();
