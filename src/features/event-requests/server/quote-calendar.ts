/**
 * Events on the staff's day view of the bays: each quote holding its spaces that day (tentative while
 * its hold is live, or confirmed), as blocks on its bays with the customer's name, so staff see on the
 * one calendar what the no-overlap rule already keeps free of bay bookings.
 */
import { clockText, localInstant, localMoment } from '../../bay-booking/rules/local-time';
import { DAY_MS } from '../rules/quote';
import { quotesStartingBetween } from './quote-store';

export interface CalendarBlock {
  bayId: string;
  start: string;
  end: string;
  label: string;
}

/** Blocks of the events starting on a venue-local date, on the bays among `bayIds`: two round trips. */
export async function eventBlocksOn(date: string, bayIds: readonly string[], now: number): Promise<CalendarBlock[]> {
  const from = localInstant(date, 0);
  const quotes = await quotesStartingBetween(from, from + DAY_MS + 2 * 3_600_000);
  return quotes
    .filter((record) => record.quote.date === date && (record.status === 'confirmed' || (record.status === 'sent' && record.holdUntil > now)))
    .flatMap((record) =>
      record.quote.spaces
        .filter((id) => bayIds.includes(id))
        .map((bayId) => ({
          bayId,
          start: clockText(localMoment(record.quote.startsAt).minute),
          end: clockText(localMoment(record.quote.endsAt).minute),
          label: `${record.status === 'confirmed' ? 'Event' : 'Event (tentative hold)'}: ${record.name}, ${record.quote.guests} guests`,
        })),
    );
}
