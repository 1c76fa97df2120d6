/**
 * How the staff pages print dates and counts (money: src/domain/money.ts). Dates are shown in the venue's time zone (Verona,
 * Wisconsin) whatever the browser's, so two staff members always read the same day.
 */
export const VENUE_TIME_ZONE = 'America/Chicago';

const dateFormat = new Intl.DateTimeFormat('en-US', { timeZone: VENUE_TIME_ZONE, year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: VENUE_TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Oct 3, 2025" — or '—' when there is no valid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '—';
}

/** "Oct 3, 2025, 6:05 PM" — or '—'. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '—';
}

/** A Stripe time (epoch seconds) as a date: "Oct 3, 2025" — or '—'. */
export function formatEpochDate(seconds: number | null | undefined): string {
  return typeof seconds === 'number' && Number.isFinite(seconds) ? formatDate(seconds * 1000) : '—';
}

/** "1 registration" / "3 registrations". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
