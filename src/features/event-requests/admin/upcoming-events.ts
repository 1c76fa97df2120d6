/** The dashboard's upcoming events (pure): confirmed events and tentative holds still to come, soonest first. */
import type { StoredQuote } from '../quote-record';

export interface UpcomingEvent {
  id: string;
  name: string;
  date: string;
  time: string;
  guests: number;
  spaces: string[];
  headcountDue: string;
  tentative: boolean;
  startsAt: number;
}

/** Confirmed events (and, marked tentative, quotes still holding their spaces) that have not ended by `now`. */
export function upcomingEvents(quotes: readonly StoredQuote[], now: number): UpcomingEvent[] {
  return quotes
    .filter((quote) => quote.quote.endsAt > now && (quote.status === 'confirmed' || (quote.status === 'sent' && quote.holdUntil > now)))
    .sort((a, b) => a.quote.startsAt - b.quote.startsAt)
    .map((quote) => ({
      id: quote.id,
      name: quote.name,
      date: quote.quote.date,
      time: `${quote.quote.start} – ${quote.quote.end}`,
      guests: quote.quote.guests,
      spaces: quote.quote.spaces,
      headcountDue: quote.quote.headcountDue,
      tentative: quote.status === 'sent',
      startsAt: quote.quote.startsAt,
    }));
}
