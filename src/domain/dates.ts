/**
 * How the staff pages print dates and counts (money: src/domain/money.ts). Dates are shown in the venue's time zone (Verona,
 * Wisconsin) whatever the browser's, so two staff members always read the same day.
 */
import { onFirstUse } from './on-first-use';
import { VENUE_TIME_ZONE } from './venue-zone';

export { VENUE_TIME_ZONE };

const dateFormat = onFirstUse(() => new Intl.DateTimeFormat('en-US', { timeZone: VENUE_TIME_ZONE, year: 'numeric', month: 'short', day: 'numeric' }));
const dateTimeFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: VENUE_TIME_ZONE,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
);
/** A calendar date printed as written, in UTC (no time-zone shift). */
const calendarDateFormat = onFirstUse(() => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }));

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Oct 3, 2025" — or '—' when there is no valid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat().format(date) : '—';
}

/** "Oct 3, 2025, 6:05 PM" — or '—'. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormat().format(date) : '—';
}

/** A Stripe time (epoch seconds) as a date: "Oct 3, 2025" — or '—'. */
export function formatEpochDate(seconds: number | null | undefined): string {
  return typeof seconds === 'number' && Number.isFinite(seconds) ? formatDate(seconds * 1000) : '—';
}

/** '2025-12-05' → 'Friday, December 5, 2025' (a calendar date, no time zone shift); other text as it is. */
export function formatEventDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const value = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(value.getTime()) ? date : calendarDateFormat().format(value);
}

/** "1 registration" / "3 registrations". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
