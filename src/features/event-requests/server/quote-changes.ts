/**
 * A confirmed event after its deposit: the balance recorded as paid at the venue or asked for with a
 * second Checkout link (e-mailed), the headcount and lines changed until the headcount deadline (each
 * version kept in the history), and cancelling with the deposit refunded by the policy (or by staff's
 * override, with a reason) through Stripe. Spaces and time stay as confirmed: changing them is a new
 * quote.
 */
import { formatCents } from '../../../domain/money';
import { HttpError } from '../../../shared/server/request';
import { site } from '../../../data/site';
import { headerText } from '../../../shared/mail/address';
import type { MailMessage } from '../../../shared/mail/message';
import { staffAddresses } from '../../../shared/mail/recipients';
import { balanceDue, type StoredQuote } from '../quote-record';
import type { QuoteConfig } from '../rules/quote-config';
import { cancellationRefund, headcountOpen, priceQuote, type QuoteDraft } from '../rules/quote';
import { quotePageUrl } from '../rules/quote-links';
import { addToQuote } from './quote-confirm';
import { refundQuotePayment } from './quote-payment';
import { readQuote, releaseQuote } from './quote-store';
import { QUOTE_NOT_FOUND, quoteToken } from './quotes';

async function confirmedQuote(id: string): Promise<StoredQuote> {
  const record = await readQuote(id);
  if (!record) throw new HttpError(404, QUOTE_NOT_FOUND);
  if (record.status !== 'confirmed') throw new HttpError(409, `This quote is ${record.status}: only a confirmed event can be changed this way.`);
  return record;
}

function changed(after: { record: StoredQuote; changed: boolean } | null): StoredQuote {
  if (!after) throw new HttpError(404, QUOTE_NOT_FOUND);
  if (!after.changed) throw new HttpError(409, `This quote is ${after.record.status}: only a confirmed event can be changed this way.`);
  return after.record;
}

/** Records `amountCents` of the balance as paid at the venue (at most what is due). */
export async function recordBalanceAtVenue(id: string, amountCents: number, note: string, now: number): Promise<StoredQuote> {
  const record = await confirmedQuote(id);
  const due = balanceDue(record);
  if (amountCents > due) throw new HttpError(400, `The balance due is ${formatCents(due)}: record at most that.`);
  return changed(await addToQuote(id, { field: 'balancePaidCents', amountCents, entry: { change: 'balance-paid', amountCents, note: note || 'Paid at the venue' }, requires: 'confirmed' }, now));
}

/** E-mails the customer their page, where "Pay balance" opens a second Checkout for what is due. */
export async function sendBalanceLink(id: string, origin: string, now: number, env: NodeJS.ProcessEnv = process.env): Promise<{ record: StoredQuote; queued: string[] }> {
  const record = await confirmedQuote(id);
  const due = balanceDue(record);
  if (due <= 0) throw new HttpError(409, 'Nothing is due on this event.');
  const mail: MailMessage = {
    key: `event-balance-link:${id}:${now}`,
    to: [record.email],
    replyTo: staffAddresses(env)[0] ?? site.email,
    subject: headerText(`The balance for your event – ${site.name}`),
    content: {
      title: 'The balance for your event',
      preview: `${formatCents(due)} is due for your event.`,
      blocks: [
        { kind: 'paragraph', text: `Hi ${headerText(record.name)}, the balance of ${formatCents(due)} for your event can be paid online.` },
        { kind: 'link', text: 'See your event and pay the balance', href: quotePageUrl(origin, id, quoteToken(id, env)) },
      ],
    },
  };
  const after = changed(await addToQuote(id, { entry: { change: 'changed', note: `Balance link sent (${formatCents(due)})` }, requires: 'confirmed', mail }, now));
  return { record: after, queued: [mail.key] };
}

export type ConfirmedChange = Pick<QuoteDraft, 'guests' | 'packages' | 'extras'>;

/** Changes the headcount and lines before the deadline; the new version is priced from content and kept in the history. */
export async function changeConfirmed(config: QuoteConfig, id: string, change: ConfirmedChange, now: number): Promise<StoredQuote> {
  const record = await confirmedQuote(id);
  const current = record.quote;
  if (!headcountOpen(current, now)) throw new HttpError(409, `The final headcount was due by ${current.headcountDue}: please call the customer and the kitchen before changing it.`);
  const { quote, problems } = priceQuote(config, { date: current.date, start: current.start, end: current.end, spaces: current.spaces, ...change }, now);
  if (!quote) throw new HttpError(400, problems[0] ?? 'The change cannot be priced.', { problems });
  // The terms stay those the customer paid under.
  const next = { ...quote, depositCents: current.depositCents, ...(current.depositReason ? { depositReason: current.depositReason } : {}), headcountDue: current.headcountDue, fullRefundUntil: current.fullRefundUntil, expiresAt: current.expiresAt };
  return changed(await addToQuote(id, { patch: { quote: next }, entry: { change: 'changed', quote: next }, requires: 'confirmed' }, now));
}

export interface CancelOverride {
  refundCents: number;
  reason: string;
}

/**
 * Cancels a confirmed event: its spaces are released and what was paid online is refunded: the
 * deposit by the policy (in full until the policy day, kept after), the balance in full, or what
 * staff's override says. A refund Stripe refuses leaves the event as it was (502).
 */
export async function cancelEvent(id: string, override: CancelOverride | null, now: number): Promise<StoredQuote> {
  const record = await confirmedQuote(id);
  const balanceOnline = record.balancePaymentIntentId ? record.balancePaidCents : 0;
  const paidOnline = record.depositPaidCents + balanceOnline;
  const refund = override ? override.refundCents : cancellationRefund(record.quote, record.depositPaidCents, now) + balanceOnline;
  if (refund > paidOnline) throw new HttpError(400, `At most ${formatCents(paidOnline)} was paid online and can be refunded.`);
  const fromDeposit = Math.min(refund, record.depositPaidCents);
  if (record.paymentIntentId) await refundQuotePayment(record.paymentIntentId, fromDeposit, `cancel-deposit-${id}`);
  if (record.balancePaymentIntentId) await refundQuotePayment(record.balancePaymentIntentId, refund - fromDeposit, `cancel-balance-${id}`);
  const note = override ? `Refund set by staff: ${override.reason}` : refund > 0 ? 'Refunded by the cancellation policy' : 'Deposit kept by the cancellation policy';
  const after = await releaseQuote(id, { status: 'cancelled', from: ['confirmed'], entry: { change: 'cancelled', amountCents: refund, note }, refundedCents: refund, eventDate: record.quote.date }, now);
  return changed(after);
}
