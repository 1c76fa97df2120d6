/**
 * iCalendar (RFC 5545) text for weekly events in the venue's time zone (pure): CRLF line ends, lines
 * folded at 75 octets, text values escaped, local times with TZID=America/Chicago and the zone's
 * VTIMEZONE (US daylight-saving rules since 2007), so calendars show the tee time at the venue's
 * clock time on both sides of a daylight-saving change.
 */
import { VENUE_TIME_ZONE } from '../../domain/dates';

export interface WeeklyEvent {
  /** Globally unique and stable for the same event, so a re-sent invitation updates rather than duplicates. */
  uid: string;
  summary: string;
  description: string;
  location: string;
  /** First occurrence, venue-local: 'YYYY-MM-DD' and 'HH:MM'. */
  firstDate: string;
  startTime: string;
  durationMinutes: number;
  /** Number of weekly occurrences. */
  count: number;
  /** The event's revision: each change of a sent event carries a higher one, so calendars update it rather than keep the old. */
  sequence?: number;
}

const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${VENUE_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0600',
  'TZOFFSETTO:-0500',
  'TZNAME:CDT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0600',
  'TZNAME:CST',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** A TEXT value: backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line to at most 75 octets per line (continuations start with one space), never inside a UTF-8 character. */
const utf8 = new TextEncoder();

export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = utf8.encode(character).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** 'YYYY-MM-DD' + 'HH:MM' → 'YYYYMMDDTHHMM00'. */
function localDateTime(date: string, time: string): string {
  return `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;
}

/** The date and time `minutes` after a local date and time (calendar arithmetic, no zone). */
function addMinutes(date: string, time: string, minutes: number): { date: string; time: string } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, mins] = time.split(':').map(Number) as [number, number];
  const moment = new Date(Date.UTC(year, month - 1, day, hours, mins + minutes));
  const iso = moment.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** '2025-09-29T12:00:00.000Z' → '20250929T120000Z'. */
function utcStamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** A calendar's text with every line folded; lines of 75 octets or fewer (folded ones too) stay as they are. */
export function foldCalendar(text: string): string {
  return text.split('\r\n').map(foldLine).join('\r\n');
}

/**
 * A calendar (METHOD:PUBLISH) of weekly events, as the text of an .ics file; with `folded: false` its
 * long lines are left whole (foldCalendar folds them later).
 */
export function weeklyCalendar(events: readonly WeeklyEvent[], options: { productId: string; now: Date; folded?: boolean }): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${options.productId}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', ...VTIMEZONE];
  for (const event of events) {
    const end = addMinutes(event.firstDate, event.startTime, event.durationMinutes);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      ...(event.sequence === undefined ? [] : [`SEQUENCE:${event.sequence}`]),
      `DTSTAMP:${utcStamp(options.now)}`,
      `DTSTART;TZID=${VENUE_TIME_ZONE}:${localDateTime(event.firstDate, event.startTime)}`,
      `DTEND;TZID=${VENUE_TIME_ZONE}:${localDateTime(end.date, end.time)}`,
      `RRULE:FREQ=WEEKLY;COUNT=${event.count}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      `LOCATION:${escapeText(event.location)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${(options.folded === false ? lines : lines.map(foldLine)).join('\r\n')}\r\n`;
}

/** The first date on or after `from` ('YYYY-MM-DD') that falls on `weekday` (0 = Sunday). */
export function firstWeekdayOnOrAfter(from: string, weekday: number): string {
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCDate(date.getUTCDate() + ((weekday - date.getUTCDay() + 7) % 7));
  return date.toISOString().slice(0, 10);
}
