/**
 * The event-quote settings as the rules use them: event-quotes.json with its bays taken from bay
 * booking's settings (ids, names, capacity by bay type, cleaning buffer, opening hours, peak windows,
 * league nights, blackouts) and their event rates from the events page's rental cards. One list of
 * resources: bays and private spaces, each claiming its own half hours on the one calendar.
 */
import { contentPath, contentProblem, type ContentProblem } from '../../../domain/content-file';
import type { EventsContent } from '../../../domain/page-content';
import { dollarsToCents } from '../../../domain/money';
import type { BayBookingConfig } from '../../bay-booking/rules/config';
import type { QuoteContent } from './quote-content';

export type ResourcePrice =
  | { kind: 'event-rate'; offPeakCents: number; peakCents: number }
  | { kind: 'per-hour'; perHourCents: number }
  | { kind: 'minimum-spend'; minimumCents: number };

export interface QuoteResource {
  id: string;
  name: string;
  kind: 'bay' | 'space';
  capacity: number;
  bufferMinutes: number;
  price: ResourcePrice;
}

export interface QuotePackage {
  id: string;
  name: string;
  includes: string;
  perGuestCents: number;
}

export interface QuoteConfig {
  /** Bays first (bay-booking.json's order), then the private spaces. */
  resources: QuoteResource[];
  packages: QuotePackage[];
  deposit: { percent: number; minimumCents: number };
  fullRefundDaysBefore: number;
  headcountDaysBefore: number;
  quoteExpiryDays: number;
  rateNames: QuoteContent['rateNames'];
  /** Bay booking's calendar: the grid, opening hours, peak windows, league nights and blackouts. */
  calendar: BayBookingConfig;
}

export function resolveQuoteConfig(content: QuoteContent, booking: BayBookingConfig, rental: { bays: ReadonlyArray<Pick<EventsContent['rental']['bays'][number], 'name' | 'offPeak' | 'peak'>> }): { config: QuoteConfig; problems: ContentProblem[] } {
  const problems: ContentProblem[] = [];
  const file = contentPath('event-quotes');
  const bookingFile = contentPath('bay-booking');
  const bays: QuoteResource[] = [];
  // A bay type's missing or unknown rental card is told once, at its first bay.
  const told = new Set<string>();
  booking.bays.forEach((bay, bayAt) => {
    const type = booking.bayTypes.find((each) => each.id === bay.type);
    const rateAt = content.bayRates.findIndex((each) => each.bayType === bay.type);
    const rate = content.bayRates[rateAt];
    const card = rate ? rental.bays.find((each) => each.name === rate.card) : undefined;
    const first = !told.has(bay.type);
    told.add(bay.type);
    if (!rate && first) problems.push(contentProblem(`no rental card for bay type ${bay.type} (${bay.name})`, { file, field: 'bayRates' }, { file: bookingFile, field: `bays[${bayAt}].type` }));
    else if (rate && !card && first) problems.push(contentProblem(`bay type ${bay.type} takes its event rate from the rental card "${rate.card}", which src/content/events.json does not have`, { file, field: `bayRates[${rateAt}].card` }, { file: contentPath('events'), field: 'rental.bays' }));
    if (!type || !card) return;
    bays.push({ id: bay.id, name: bay.name, kind: 'bay', capacity: type.maxGuests, bufferMinutes: booking.bufferMinutes, price: { kind: 'event-rate', offPeakCents: dollarsToCents(card.offPeak), peakCents: dollarsToCents(card.peak) } });
  });
  content.bayRates.forEach((rate, at) => {
    if (!booking.bayTypes.some((type) => type.id === rate.bayType)) problems.push(contentProblem(`no bay type ${rate.bayType} in src/content/bay-booking.json`, { file, field: `bayRates[${at}].bayType` }, { file: bookingFile, field: 'bayTypes' }));
  });
  const spaces: QuoteResource[] = content.spaces.map((space, at) => {
    const bayAt = booking.bays.findIndex((bay) => bay.id === space.id);
    if (bayAt >= 0) problems.push(contentProblem(`space ${space.id} has the id of a bay in src/content/bay-booking.json`, { file, field: `spaces[${at}].id` }, { file: bookingFile, field: `bays[${bayAt}].id` }));
    const price: ResourcePrice = 'perHour' in space.price ? { kind: 'per-hour', perHourCents: dollarsToCents(space.price.perHour) } : { kind: 'minimum-spend', minimumCents: dollarsToCents(space.price.minimumSpend) };
    return { id: space.id, name: space.name, kind: 'space', capacity: space.capacity, bufferMinutes: space.bufferMinutes, price };
  });
  const config: QuoteConfig = {
    resources: [...bays, ...spaces],
    packages: content.packages.map((each) => ({ id: each.id, name: each.name, includes: each.includes, perGuestCents: dollarsToCents(each.perGuest) })),
    deposit: { percent: content.deposit.percent, minimumCents: dollarsToCents(content.deposit.minimum) },
    fullRefundDaysBefore: content.cancellation.fullRefundDaysBefore,
    headcountDaysBefore: content.headcountDaysBefore,
    quoteExpiryDays: content.quoteExpiryDays,
    rateNames: content.rateNames,
    calendar: booking,
  };
  return { config, problems };
}
