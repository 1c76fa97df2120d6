/** A quote as its customer's page shows it, and the quote a signed link names. */
import { formatDateTime, formatEventDate } from '../../../domain/dates';
import { formatCents } from '../../../domain/money';
import { HttpError } from '../../../shared/server/request';
import type { CustomerQuote } from '../contract/event-quote';
import { quoteTerms, spaceNames } from '../mail/quote-emails';
import type { QuoteConfig } from '../rules/quote-config';
import { balanceDue, type StoredQuote } from '../quote-record';
import { unpayable } from './quote-payment';
import { readQuote } from './quote-store';
import { isQuoteToken } from './quotes';

export const QUOTE_LINK_NOT_FOUND = 'We could not find this quote. Please use the link in your e-mail.';
const QUOTE_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The quote the link names; 404 alike for an unknown quote and a token that does not sign it. */
export async function quoteOfLink(id: string, token: string): Promise<StoredQuote> {
  if (!QUOTE_ID.test(id) || !isQuoteToken(id, token)) throw new HttpError(404, QUOTE_LINK_NOT_FOUND);
  const record = await readQuote(id);
  if (!record) throw new HttpError(404, QUOTE_LINK_NOT_FOUND);
  return record;
}

function noticeOf(record: StoredQuote, now: number): string | null {
  if (record.paidTooLate) return `Your payment came after this quote's spaces were given to someone else, so we refunded it in full (${formatCents(record.refundedCents)}). Please contact us.`;
  if (record.status === 'cancelled') return `This event was cancelled.${record.refundedCents > 0 ? ` We refunded ${formatCents(record.refundedCents)}.` : ''}`;
  if (record.status === 'confirmed') return 'Your event is confirmed.';
  return unpayable(record, 'deposit', now);
}

export function customerQuote(config: QuoteConfig, record: StoredQuote, now: number): CustomerQuote {
  const { quote } = record;
  const payable = !unpayable(record, 'deposit', now) ? 'deposit' : !unpayable(record, 'balance', now) ? 'balance' : null;
  return {
    status: record.status,
    name: record.name,
    date: formatEventDate(quote.date),
    time: `${quote.start} – ${quote.end}`,
    spaces: spaceNames(config, quote),
    guests: quote.guests,
    lines: quote.lines,
    totalCents: quote.totalCents,
    depositCents: quote.depositCents,
    depositPaidCents: record.depositPaidCents,
    balancePaidCents: record.balancePaidCents,
    refundedCents: record.refundedCents,
    balanceDueCents: record.status === 'confirmed' ? balanceDue(record) : 0,
    terms: quoteTerms(config, quote),
    expires: record.status === 'sent' && record.holdUntil > now ? formatDateTime(record.holdUntil) : null,
    payable,
    notice: noticeOf(record, now),
  };
}
