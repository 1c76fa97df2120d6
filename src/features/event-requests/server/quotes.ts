/**
 * Staff quoting an event request: the quote priced on the server from content and the staff's lines,
 * saved with its tentative hold on the bay calendar and its e-mail to the customer in one script;
 * withdrawing it; letting lapsed ones expire. A taken space is named; a bad draft is a 400 listing
 * what is wrong, with nothing written.
 */
import { signedToken, isSignedToken } from '../../bay-booking/server/link-token';
import { HttpError } from '../../../shared/server/request';
import { customerMarks, quoteSentMail } from '../mail/quote-emails';
import type { QuoteConfig } from '../rules/quote-config';
import { priceQuote, type PricedQuote, type QuoteDraft } from '../rules/quote';
import { quotePageUrl } from '../rules/quote-links';
import type { StoredQuote } from '../quote-record';
import { lapsedQuotes, readQuote, releaseQuote, saveQuote, type QuoteToSave } from './quote-store';

export const QUOTE_LINK_SCOPE = 'event-quote';
export const quoteToken = (id: string, env: NodeJS.ProcessEnv = process.env) => signedToken(QUOTE_LINK_SCOPE, id, env);
export const isQuoteToken = (id: string, token: string, env: NodeJS.ProcessEnv = process.env) => isSignedToken(QUOTE_LINK_SCOPE, id, token, env);

export const REQUEST_NOT_FOUND = 'Event request not found.';
export const QUOTE_NOT_FOUND = 'No quote for this event request.';

/** The draft priced at `now`, or HttpError 400 with every problem. */
export function pricedOrRefused(config: QuoteConfig, draft: QuoteDraft, now: number): PricedQuote {
  const { quote, problems } = priceQuote(config, draft, now);
  if (!quote) throw new HttpError(400, problems[0] ?? 'The quote cannot be priced.', { problems });
  return quote;
}

/**
 * Quotes (or re-quotes) a request: priced here, saved with its hold and the customer's e-mail in one
 * round trip (the script reads the request's name and address). 404 unknown request, 409 a space
 * taken (naming it) or the request's quote already confirmed, 400 a bad draft or a request without
 * an address.
 */
export async function sendQuote(config: QuoteConfig, id: string, draft: QuoteDraft, origin: string, now: number): Promise<{ saved: StoredQuote; queued: string[] }> {
  const quote = pricedOrRefused(config, draft, now);
  const record: QuoteToSave = { id, status: 'sent', version: 1, quote, holdUntil: quote.expiresAt, depositPaidCents: 0, balancePaidCents: 0, refundedCents: 0, history: [] };
  const marks = customerMarks(id);
  const message = quoteSentMail(config, { ...record, ...marks }, quotePageUrl(origin, id, quoteToken(id)), now);
  const outcome = await saveQuote(config, record, now, { message, marks });
  if ('taken' in outcome) {
    const names = outcome.taken.map((taken) => config.resources.find((resource) => resource.id === taken)?.name ?? taken);
    throw new HttpError(409, `Already taken at that time: ${names.join(', ')}.`, { taken: outcome.taken });
  }
  if ('refused' in outcome) {
    if (outcome.refused === 'missing') throw new HttpError(404, REQUEST_NOT_FOUND);
    if (outcome.refused === 'no-address') throw new HttpError(400, 'The request has no e-mail address a quote can be sent to.');
    throw new HttpError(409, 'This event is confirmed: change its headcount or lines instead.');
  }
  return { saved: outcome.saved, queued: [message.key] };
}

/** Withdraws a sent quote: its hold is released and its link can no longer be paid. */
export async function withdrawQuote(id: string, reason: string, now: number): Promise<StoredQuote> {
  const after = await releaseQuote(id, { status: 'withdrawn', from: ['sent'], entry: { change: 'withdrawn', ...(reason ? { note: reason } : {}) } }, now);
  if (!after) throw new HttpError(404, QUOTE_NOT_FOUND);
  if (!after.changed) throw new HttpError(409, `This quote is ${after.record.status}: only a quote waiting for its deposit can be withdrawn.`);
  return after.record;
}

/** Expires sent quotes whose hold lapsed before `cutoff`: answers their Checkout sessions (to ask Stripe whether one was paid meanwhile) and how many it expired. */
export async function expireLapsedQuotes(cutoff: number, now: number): Promise<{ sessions: string[]; changed: number }> {
  const ids = await lapsedQuotes(cutoff);
  const sessions: string[] = [];
  let changed = 0;
  for (const id of ids) {
    const after = await releaseQuote(id, { status: 'expired', from: ['sent'], entry: { change: 'expired' } }, now);
    if (after?.changed) changed += 1;
    if (after?.record.checkoutSessionId) sessions.push(after.record.checkoutSessionId);
  }
  return { sessions, changed };
}

export { readQuote };
