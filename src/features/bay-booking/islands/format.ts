/**
 * What the /book pages print (pure, zod-free): lengths, party sizes, venue-local dates and times and
 * prices. Dates and times are the venue's (America/Chicago) whatever the visitor's clock says.
 */
import type { BayStartTime } from '../contract/bay-availability';
import { VENUE_TIME_ZONE } from '../../../domain/venue-zone';
import { formatCents } from '../../../domain/money';

export interface Option {
  value: string;
  label: string;
}

/** 60 → '1 hour', 90 → '1.5 hours', 30 → '30 minutes'. */
export function lengthLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  const hours = minutes / 60;
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** Every length from min to max in steps of a slot. */
export function lengthOptions(minMinutes: number, maxMinutes: number, stepMinutes: number): Option[] {
  const options: Option[] = [];
  for (let minutes = minMinutes; minutes <= maxMinutes; minutes += stepMinutes) options.push({ value: String(minutes), label: lengthLabel(minutes) });
  return options;
}

/** 1 … max guests. */
export function partyOptions(maxGuests: number): Option[] {
  return Array.from({ length: maxGuests }, (_, index) => ({ value: String(index + 1), label: index === 0 ? '1 guest' : `${index + 1} guests` }));
}

/** A venue-local day as a date field's value ('YYYY-MM-DD'): the locale and options, for /book's own inline script too. */
export const VENUE_DAY: [locale: string, options: Intl.DateTimeFormatOptions] = ['en-CA', { timeZone: VENUE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }];
const dayFormat = new Intl.DateTimeFormat(...VENUE_DAY);
const timeFormat = new Intl.DateTimeFormat('en-US', { timeZone: VENUE_TIME_ZONE, hour: 'numeric', minute: '2-digit' });
const longDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

/** Today at the venue: 'YYYY-MM-DD'. */
export function venueToday(now: number = Date.now()): string {
  return dayFormat.format(new Date(now));
}

/** The date field's hint: how far ahead a bay can be booked (the booking window, from content); the page words it, the island shows it. */
export function windowHint(daysAhead: number): string {
  if (daysAhead === 0) return 'Book for today only.';
  return `Book up to ${daysAhead} ${daysAhead === 1 ? 'day' : 'days'} ahead.`;
}

/** An instant as the venue's clock shows it: '6:30 PM'. */
export function venueTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}

/** '2026-03-06' → 'Friday, March 6, 2026' (a calendar date, no time zone involved). */
export function dateLabel(date: string): string {
  return longDate.format(new Date(`${date}T12:00:00Z`));
}

/** '6:30 PM – 8:30 PM'. */
export function timeRange(startsAt: string, endsAt: string): string {
  return `${venueTime(startsAt)} – ${venueTime(endsAt)}`;
}

/** What a start time costs this visitor: '$80.00', 'Included', or '$40.00 (1 hour included)'. */
export function priceLabel(time: Pick<BayStartTime, 'priceCents' | 'includedMinutes'>): string {
  if (time.includedMinutes > 0 && time.priceCents === 0) return 'Included';
  const price = formatCents(time.priceCents);
  return time.includedMinutes > 0 ? `${price} (${lengthLabel(time.includedMinutes)} included)` : price;
}
