/**
 * The messages of an event quote: the quote with its link to the customer, and staff's notices. Every
 * fact comes from the stored quote and the content's terms.
 */
import { formatDateTime, formatEventDate } from '../../../domain/dates';
import { formatCents } from '../../../domain/money';
import { site } from '../../../data/site';
import { headerText } from '../../../shared/mail/address';
import type { Fact, MailContent } from '../../../shared/mail/content';
import type { MailMessage } from '../../../shared/mail/message';
import { staffAddresses } from '../../../shared/mail/recipients';
import { staffNoticeMail } from '../../../shared/mail/staff-notice';
import { weeklyCalendar } from '../../../shared/mail/ics';
import { venue } from '../../../shared/mail/venue';
import type { QuoteConfig } from '../rules/quote-config';
import type { PricedQuote } from '../rules/quote';
import type { PreparedDeposit, StoredQuote } from '../quote-record';

/** The names of the quote's spaces, in its order. */
export const spaceNames = (config: QuoteConfig, quote: Pick<PricedQuote, 'spaces'>) => quote.spaces.map((id) => config.resources.find((resource) => resource.id === id)?.name ?? id).join(', ');

/** What the quote says, as the e-mails and the customer's page list it. */
export function quoteFacts(config: QuoteConfig, quote: PricedQuote): Fact[] {
  return [
    { label: 'Date', value: formatEventDate(quote.date) },
    { label: 'Time', value: `${quote.start} – ${quote.end}` },
    { label: 'Spaces', value: spaceNames(config, quote) },
    { label: 'Guests', value: String(quote.guests) },
    ...quote.lines.map((line) => ({ label: line.label, value: formatCents(line.amountCents) })),
    { label: 'Total', value: formatCents(quote.totalCents) },
    { label: 'Deposit to hold the date', value: formatCents(quote.depositCents) },
  ];
}

/** The terms in words: the deposit's refund and the headcount deadline. */
export function quoteTerms(config: QuoteConfig, quote: PricedQuote): string[] {
  return [
    `Cancel before ${formatDateTime(quote.fullRefundUntil)} and your deposit is refunded in full; from then on (${config.fullRefundDaysBefore} days before the event) it is kept.`,
    `Please give us your final headcount by ${formatEventDate(quote.headcountDue)}.`,
  ];
}

/**
 * Marks where the quote's e-mail names its customer and their address: the saving script fills them
 * from the request it reads (the request is not read before), so saving is one round trip.
 */
export const customerMarks = (id: string) => ({ name: `{{quote-name:${id}}}`, email: `{{quote-email:${id}}}` });

export function quoteSentMail(config: QuoteConfig, record: Pick<StoredQuote, 'id' | 'name' | 'email' | 'quote'>, link: string, now: number, env: NodeJS.ProcessEnv = process.env): MailMessage {
  const content: MailContent = {
    title: 'Your event quote',
    preview: `Your quote for ${formatEventDate(record.quote.date)}: ${formatCents(record.quote.totalCents)}`,
    blocks: [
      { kind: 'paragraph', text: `Hi ${headerText(record.name)}, here is your quote from ${site.name}. Your spaces are held for you until ${formatDateTime(record.quote.expiresAt)}; paying the deposit confirms the date.` },
      { kind: 'facts', facts: quoteFacts(config, record.quote) },
      ...quoteTerms(config, record.quote).map((text) => ({ kind: 'paragraph' as const, text })),
      { kind: 'link', text: 'See your quote and pay the deposit', href: link },
    ],
  };
  return { key: `event-quote-sent:${record.id}:${now}`, to: [record.email], replyTo: staffAddresses(env)[0] ?? site.email, subject: headerText(`Your event quote – ${site.name}`), content };
}

/** A short notice to staff about a quote (paid, paid too late, cancelled). */
export function quoteStaffNotice(config: QuoteConfig, record: Pick<StoredQuote, 'id' | 'name' | 'quote'>, key: string, title: string, lead: string, env: NodeJS.ProcessEnv = process.env): MailMessage {
  return { key, to: staffAddresses(env), subject: headerText(`${title}: ${record.name}, ${formatEventDate(record.quote.date)}`), content: staffNoticeMail({ title, lead, facts: quoteFacts(config, record.quote) }) };
}

/** The event as a calendar file: one occurrence at the venue's clock time. */
export function eventIcs(config: QuoteConfig, record: Pick<StoredQuote, 'id' | 'quote'>, now: number): string {
  const { quote } = record;
  return weeklyCalendar(
    [
      {
        uid: `event-${record.id}@${site.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        summary: `${site.name}: your event`,
        description: `${spaceNames(config, quote)} for ${quote.guests} guests, ${quote.start} – ${quote.end}.`,
        location: venue.address,
        firstDate: quote.date,
        startTime: quote.start,
        durationMinutes: Math.round((quote.endsAt - quote.startsAt) / 60_000),
        count: 1,
      },
    ],
    { productId: `-//${site.name}//Events//EN`, now: new Date(now) },
  );
}

export const depositConfirmationKey = (id: string) => `event-deposit-confirmed:${id}`;
export const depositStaffKey = (id: string) => `event-deposit-staff:${id}`;
/** One per Checkout session: each late payment is its own refund to tell staff about. */
export const depositLateKey = (id: string, sessionId: string) => `event-deposit-late:${id}:${sessionId}`;

/** The customer's confirmation once the deposit is paid: the event, the terms, the calendar file and the page link. */
export function depositConfirmationMail(config: QuoteConfig, record: Pick<StoredQuote, 'id' | 'name' | 'email' | 'quote'>, link: string, now: number, env: NodeJS.ProcessEnv = process.env): MailMessage {
  const content: MailContent = {
    title: 'Your event is confirmed',
    preview: `Deposit received: your event on ${formatEventDate(record.quote.date)} is confirmed.`,
    blocks: [
      { kind: 'paragraph', text: `Hi ${headerText(record.name)}, we received your deposit of ${formatCents(record.quote.depositCents)}. Your event is confirmed and the spaces are yours.` },
      { kind: 'facts', facts: quoteFacts(config, record.quote) },
      ...quoteTerms(config, record.quote).map((text) => ({ kind: 'paragraph' as const, text })),
      { kind: 'link', text: 'See your event', href: link },
    ],
  };
  return {
    key: depositConfirmationKey(record.id),
    to: [record.email],
    replyTo: staffAddresses(env)[0] ?? site.email,
    subject: headerText(`Your event is confirmed – ${site.name}`),
    content,
    attachments: [{ filename: 'event.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: eventIcs(config, record, now) }],
  };
}

/** What a deposit paid through one Checkout session queues: the customer's confirmation and staff's notice, or, paid too late, staff's notice of the refund. */
export interface DepositMessages {
  confirmation: MailMessage;
  staff: MailMessage;
  late: MailMessage;
}

export function depositMessages(config: QuoteConfig, record: Pick<StoredQuote, 'id' | 'name' | 'email' | 'quote'>, link: string, sessionId: string, now: number): DepositMessages {
  return {
    confirmation: depositConfirmationMail(config, record, link, now),
    staff: quoteStaffNotice(config, record, depositStaffKey(record.id), 'Event deposit paid', `${record.name} paid the deposit: the event is confirmed and its spaces are booked.`),
    late: quoteStaffNotice(config, record, depositLateKey(record.id, sessionId), 'Event deposit refunded', `${record.name} paid the deposit after the quote's hold was released (or the quote withdrawn) and a space was taken: the payment is refunded in full. Please contact them.`),
  };
}

/** The same messages as kept on the quote's record until the session is paid. */
export function preparedDeposit(config: QuoteConfig, record: Pick<StoredQuote, 'id' | 'name' | 'email' | 'quote' | 'version'>, link: string, sessionId: string, now: number): PreparedDeposit {
  const messages = depositMessages(config, record, link, sessionId, now);
  return { session: sessionId, version: record.version, confirmation: JSON.stringify(messages.confirmation), staff: JSON.stringify(messages.staff), late: JSON.stringify(messages.late) };
}
