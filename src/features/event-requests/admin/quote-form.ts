/**
 * The quote form of /admin/event-requests as pure functions: the form's state from a request or its
 * quote, and the draft it sends (dollars typed by staff → cents). The server prices it; the island
 * shows only what the server answered.
 */
import type { EventRequest } from '../record';
import type { StoredQuote } from '../quote-record';
import type { QuoteDraft } from '../rules/quote';

/** What the page hands the island from content: the spaces and packages staff choose from. */
export interface QuoteChoices {
  resources: Array<{ id: string; name: string; capacity: number }>;
  packages: Array<{ id: string; name: string; perGuestCents: number }>;
}

export interface QuoteFormState {
  date: string;
  start: string;
  end: string;
  guests: string;
  spaces: string[];
  /** Guests per package id ('' or '0': not chosen). */
  packages: Record<string, string>;
  extras: Array<{ label: string; amount: string }>;
  depositAmount: string;
  depositReason: string;
}

/** '6:00 PM' → '18:00' (the request form's times), else ''. */
export function clockOf(text: string): string {
  const match = /^(\d{1,2})(?::(\d{2}))?\s*(AM|PM)$/i.exec(text.trim());
  if (!match) return /^\d{2}:\d{2}$/.test(text.trim()) ? text.trim() : '';
  const hours = (Number(match[1]) % 12) + (match[3]!.toUpperCase() === 'PM' ? 12 : 0);
  return `${String(hours).padStart(2, '0')}:${match[2] ?? '00'}`;
}

const dollars = (cents: number) => String(cents / 100);

/** The form for a request: its current quote's values when it has one, else what the customer asked for. */
export function initialQuoteForm(request: Pick<EventRequest, 'eventDate' | 'startTime' | 'endTime' | 'partySize'>, quote: StoredQuote | null): QuoteFormState {
  if (!quote) return { date: request.eventDate, start: clockOf(request.startTime), end: clockOf(request.endTime), guests: String(request.partySize), spaces: [], packages: {}, extras: [], depositAmount: '', depositReason: '' };
  const current = quote.quote;
  const packages = Object.fromEntries(current.packages.map((each) => [each.id, String(each.guests)]));
  const extras = current.extras.map((extra) => ({ label: extra.label, amount: dollars(extra.amountCents) }));
  return {
    date: current.date,
    start: current.start,
    end: current.end,
    guests: String(current.guests),
    spaces: [...current.spaces],
    packages,
    extras,
    depositAmount: current.depositReason ? dollars(current.depositCents) : '',
    depositReason: current.depositReason ?? '',
  };
}

/** Dollars as typed ('1,250.50', '$90') → cents, or NaN when it is not an amount (the server says why). */
export function centsOf(text: string): number {
  const cleaned = text.replace(/[$,\s]/g, '');
  return /^-?\d+(\.\d{1,2})?$/.test(cleaned) ? Math.round(Number(cleaned) * 100) : Number.NaN;
}

/** The draft the form sends. */
export function draftOf(form: QuoteFormState): QuoteDraft {
  const guests = Number(form.guests);
  const override = form.depositAmount.trim() !== '' || form.depositReason.trim() !== '';
  return {
    date: form.date,
    start: form.start,
    end: form.end,
    spaces: form.spaces,
    guests,
    packages: Object.entries(form.packages)
      .filter(([, count]) => count.trim() !== '' && Number(count) !== 0)
      .map(([id, count]) => ({ id, guests: Number(count) })),
    extras: form.extras.filter((extra) => extra.label.trim() !== '' || extra.amount.trim() !== '').map((extra) => ({ label: extra.label, amountCents: centsOf(extra.amount) })),
    ...(override ? { depositOverride: { amountCents: centsOf(form.depositAmount), reason: form.depositReason } } : {}),
  };
}
