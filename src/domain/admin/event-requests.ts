/** The event booking requests of /admin/event-requests, as stored: their order, dates and phone links. */
import type { EventRequest as AdminEventRequest } from '../api/admin-event-bookings';

export type { AdminEventRequest };

/** Newest first by submission time (requests without a valid time last), stable otherwise. */
export function newestFirst<T extends Pick<AdminEventRequest, 'submittedAt'>>(requests: readonly T[]): T[] {
  const time = (request: T) => {
    const value = Date.parse(request.submittedAt);
    return Number.isNaN(value) ? -Infinity : value;
  };
  return [...requests].sort((a, b) => time(b) - time(a));
}

const WEEKDAY = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });

/** '2025-12-05' → 'Friday, December 5, 2025' (a calendar date, no time zone shift); other text as it is. */
export function formatEventDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const value = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(value.getTime()) ? date : WEEKDAY.format(value);
}

/** Digits and a leading + only, for a tel: link. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
