/**
 * Venue-local calendar and clock arithmetic (pure). Instants are UTC milliseconds; a person's date and
 * time are the venue's wall clock (America/Chicago). Offsets come from the platform's time-zone data,
 * so daylight-saving days have 23 or 25 hours and no half hour vanishes or doubles.
 */
import { VENUE_TIME_ZONE } from '../../../domain/venue-zone';
import { WEEKDAYS, type Weekday } from '../../../domain/weekdays';

export interface LocalMoment {
  /** 'YYYY-MM-DD' */
  date: string;
  /** Minutes after local midnight. */
  minute: number;
  weekday: Weekday;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', weekday: 'long' });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The venue-local date, minute of day and weekday of an instant. */
export function localMoment(instant: number, timeZone = VENUE_TIME_ZONE): LocalMoment {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: parts.weekday as Weekday,
  };
}

/** Local wall time minus UTC, in minutes, at an instant. */
function offsetAt(instant: number, timeZone: string): number {
  const local = localMoment(instant, timeZone);
  const [year, month, day] = splitDate(local.date);
  return Math.round((Date.UTC(year, month - 1, day, 0, local.minute) - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

function splitDate(date: string): [number, number, number] {
  return date.split('-').map(Number) as [number, number, number];
}

/**
 * The instant of a venue-local date and minute of day (1440 is the next midnight). A time that
 * happens twice (clocks go back) is its first occurrence; one that does not happen (clocks go
 * forward) is read with the offset before the change, i.e. as the same distance after midnight.
 */
export function localInstant(date: string, minute: number, timeZone = VENUE_TIME_ZONE): number {
  const [year, month, day] = splitDate(date);
  const asUtc = Date.UTC(year, month - 1, day, 0, minute);
  const offsets = [...new Set([offsetAt(asUtc - 12 * 3_600_000, timeZone), offsetAt(asUtc + 12 * 3_600_000, timeZone)])];
  const matches = offsets
    .map((offset) => asUtc - offset * 60_000)
    .filter((instant) => {
      const local = localMoment(instant, timeZone);
      return local.date === localMoment(asUtc, 'UTC').date && local.minute === minute % 1440;
    })
    .sort((a, b) => a - b);
  return matches[0] ?? asUtc - offsets[0]! * 60_000;
}

/** 'YYYY-MM-DD' plus whole days (calendar arithmetic). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = splitDate(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The weekday of a calendar date. */
export function weekdayOf(date: string): Weekday {
  const [year, month, day] = splitDate(date);
  return WEEKDAYS[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7]!;
}

/** True for a real calendar date 'YYYY-MM-DD' (no 2026-02-30). */
export function isCalendarDate(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && addDays(date, 0) === date;
}

/** 1110 → '18:30'. */
export function clockText(minute: number): string {
  return `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}
