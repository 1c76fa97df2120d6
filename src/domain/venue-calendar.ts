import { VENUE_TIME_ZONE } from './dates';
import { onFirstUse } from './on-first-use';
import { WEEKDAYS, type Weekday } from './weekdays';

/**
 * Calendar dates as the venue reads them (America/Chicago), written "2025-12-01". "Today", "the next
 * Wednesday" and "the end of that day" are the venue's, whatever the zone of the build machine or
 * of the visitor's browser; daylight saving days included.
 */
const ymd = onFirstUse(() => new Intl.DateTimeFormat('en-CA', { timeZone: VENUE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }));
const wallClock = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: VENUE_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }),
);

/** The venue's calendar date at `now`. */
export function venueDate(now: Date): string {
  return ymd().format(now);
}

/** The date `days` after `iso` (negative: before). */
export function addDays(iso: string, days: number): string {
  const [year, month, day] = iso.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
}

export function weekdayOf(iso: string): Weekday {
  const [year, month, day] = iso.split('-').map(Number);
  // getUTCDay: 0 = Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(Date.UTC(year!, month! - 1, day!)).getUTCDay() + 6) % 7]!;
}

/** The first `day` on or after `from`. */
export function nextWeekday(from: string, day: Weekday): string {
  const ahead = (WEEKDAYS.indexOf(day) - WEEKDAYS.indexOf(weekdayOf(from)) + 7) % 7;
  return addDays(from, ahead);
}

/** Minutes the venue's clock is ahead of UTC at `instant` (-360 in winter, -300 in summer). */
function venueOffsetMinutes(instant: number): number {
  const parts = Object.fromEntries(wallClock().formatToParts(instant).map((part) => [part.type, part.value]));
  const asUtc = Date.UTC(Number(parts['year']), Number(parts['month']) - 1, Number(parts['day']), Number(parts['hour']), Number(parts['minute']), Number(parts['second']));
  return Math.round((asUtc - (instant - (instant % 1000))) / 60_000);
}

/** The instant the venue's clock shows midnight at the start of `iso`. */
export function venueMidnight(iso: string): Date {
  const [year, month, day] = iso.split('-').map(Number);
  const wall = Date.UTC(year!, month! - 1, day!);
  // Two passes: the offset at the guessed instant, then at the corrected one (exact across a DST switch).
  let instant = wall - venueOffsetMinutes(wall) * 60_000;
  instant = wall - venueOffsetMinutes(instant) * 60_000;
  return new Date(instant);
}
