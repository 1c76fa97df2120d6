/**
 * The event booking requests of /admin/event-requests as pure functions: their order, dates and
 * phone links, the status and date filters, counts per status, the reply e-mail and the CSV export.
 */
import type { EventRequest as AdminEventRequest } from '../record';
import { EVENT_REQUEST_STATUS_LABELS, EVENT_REQUEST_STATUSES, type EventRequestChange, type EventRequestStatus } from '../rules/event-requests';
import { toCsv } from '../../../domain/csv';
import { formatEventDate, plural, VENUE_TIME_ZONE } from '../../../domain/dates';
import { onFirstUse } from '../../../domain/on-first-use';
import type { Tone } from '../../memberships/admin/members';
import { options, type Option } from '../../staff/islands/options';

export type { AdminEventRequest };

/** Newest first by submission time (requests without a valid time last), stable otherwise. */
export function newestFirst<T extends Pick<AdminEventRequest, 'submittedAt'>>(requests: readonly T[]): T[] {
  const time = (request: T) => {
    const value = Date.parse(request.submittedAt);
    return Number.isNaN(value) ? -Infinity : value;
  };
  return [...requests].sort((a, b) => time(b) - time(a));
}

/** Digits and a leading + only, for a tel: link. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

// ---- The inbox: status and date filters, counts, the reply e-mail and the CSV export ---------------

/** Which requests the list shows: a status (or all) and the event date (upcoming, past, or any). */
export interface EventRequestFilter {
  status: EventRequestStatus | typeof ALL;
  when: EventDateFilter;
}

const ALL = 'all';
export const ALL_STATUSES = ALL;

export const DATE_FILTER_LABELS = { all: 'Any date', upcoming: 'Upcoming', past: 'Past' } as const;
export type EventDateFilter = keyof typeof DATE_FILTER_LABELS;
export const DATE_FILTERS = options(DATE_FILTER_LABELS);

export const SHOW_ALL: EventRequestFilter = { status: ALL, when: 'all' };

/** 'All (5)', then each status with its count, in the statuses' order. */
export function statusFilters(counts: Readonly<Record<EventRequestStatus, number>>): Option[] {
  const total = EVENT_REQUEST_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  return [{ id: ALL, label: `All (${total})` }, ...EVENT_REQUEST_STATUSES.map((status) => ({ id: status, label: `${EVENT_REQUEST_STATUS_LABELS[status]} (${counts[status]})` }))];
}

const VENUE_DAY = onFirstUse(() => new Intl.DateTimeFormat('en-CA', { timeZone: VENUE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }));

/** Today at the venue as 'YYYY-MM-DD', whatever the browser's time zone. */
export function venueToday(now: Date): string {
  return VENUE_DAY().format(now);
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Upcoming: the event is today or later at the venue. A date the form did not send as 'YYYY-MM-DD'
 * counts as upcoming, so a request nobody can place in time is never filed away as past.
 */
export function isUpcoming(request: Pick<AdminEventRequest, 'eventDate'>, today: string): boolean {
  return !CALENDAR_DATE.test(request.eventDate) || request.eventDate >= today;
}

/** The requests a filter shows, in the order given. */
export function filterEventRequests<T extends Pick<AdminEventRequest, 'status' | 'eventDate'>>(requests: readonly T[], filter: EventRequestFilter, today: string): T[] {
  return requests.filter(
    (request) => (filter.status === ALL || request.status === filter.status) && (filter.when === 'all' || isUpcoming(request, today) === (filter.when === 'upcoming')),
  );
}

/** How many requests have each status. */
export function statusCounts(requests: ReadonlyArray<Pick<AdminEventRequest, 'status'>>): Record<EventRequestStatus, number> {
  const counts = Object.fromEntries(EVENT_REQUEST_STATUSES.map((status) => [status, 0])) as Record<EventRequestStatus, number>;
  for (const request of requests) counts[request.status] += 1;
  return counts;
}

/** 'Showing 2 of 5 requests' while a filter hides some, else 'Total: 5 requests'. */
export function inboxCountLine(shown: number, all: number): string {
  return shown === all ? `Total: ${plural(all, 'request')}` : `Showing ${shown} of ${plural(all, 'request')}`;
}

/** Badge colours: new asks for attention, confirmed is good news, declined and archived are done. */
export const STATUS_TONES: Readonly<Record<EventRequestStatus, Tone>> = {
  new: 'yellow',
  contacted: 'orange',
  confirmed: 'green',
  declined: 'red',
  archived: 'grey',
};

/** 'Status: Contacted; notes changed' — what one history entry did. */
export function describeChange(change: EventRequestChange): string {
  const parts = [change.status ? `Status: ${EVENT_REQUEST_STATUS_LABELS[change.status]}` : null, change.notesChanged ? 'notes changed' : null].filter(Boolean);
  return parts.join('; ') || 'No change';
}

/**
 * The 'Reply by e-mail' link: to the customer, subject 'Your event request at {venue} on {date}',
 * a greeting to start from. Each part is percent-encoded (RFC 6068: line breaks as CRLF).
 */
export function replyMailto(request: Pick<AdminEventRequest, 'email' | 'firstName' | 'eventDate'>, venueName: string): string {
  const subject = `Your event request at ${venueName} on ${formatEventDate(request.eventDate)}`;
  const body = `Hi ${request.firstName.trim()},\r\n\r\n`;
  const to = encodeURIComponent(request.email.trim()).replace(/%40/g, '@');
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export const EVENT_REQUEST_CSV_HEADER = [
  'Received At',
  'Status',
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'Occasion',
  'Party Size',
  'Event Date',
  'Start Time',
  'End Time',
  'Additional Requests',
  'Staff Notes',
  'Request ID',
] as const;

/** The requests shown, one row each, in the list's order (csv.ts writes and guards the cells). */
export function eventRequestsCsv(requests: readonly AdminEventRequest[]): string {
  return toCsv([
    EVENT_REQUEST_CSV_HEADER,
    ...requests.map((request) => [
      request.submittedAt,
      EVENT_REQUEST_STATUS_LABELS[request.status],
      request.firstName,
      request.lastName,
      request.email,
      request.phone,
      request.occasion,
      request.partySize,
      request.eventDate,
      request.startTime,
      request.endTime,
      request.additionalRequests,
      request.notes,
      request.id,
    ]),
  ]);
}

/** "event-requests-new-upcoming-2026-11-25.csv" (the venue's date). */
export function eventRequestsCsvFileName(filter: EventRequestFilter, now: Date): string {
  return `event-requests-${filter.status}-${filter.when}-${venueToday(now)}.csv`;
}
