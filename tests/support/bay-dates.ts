// Booking dates for bay tests: the next given weekday at least two days ahead (clear of today's
// notice) that is no blackout, in the venue's zone, so a run on any day books inside the window.
// The blackouts are read from the file as it is (Playwright's loader imports no JSON modules).
import { readFileSync } from 'node:fs';
import { addDays, localMoment, weekdayOf } from '../../src/features/bay-booking/rules/local-time';
import type { Weekday } from '../../src/domain/weekdays';

const content = JSON.parse(readFileSync(new URL('../../src/content/bay-booking.json', import.meta.url), 'utf8')) as { blackouts: Array<{ date: string }> };

export function nextBookableDay(weekday: Weekday): string {
  let date = addDays(localMoment(Date.now()).date, 2);
  while (weekdayOf(date) !== weekday || content.blackouts.some((blackout) => blackout.date === date)) date = addDays(date, 1);
  return date;
}
