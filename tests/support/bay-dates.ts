// Booking dates for bay tests: the next given weekday at least two days ahead (clear of today's
// notice) that is no blackout, in the venue's zone, so a run on any day books inside the window.
import { bayBooking } from '../../src/data/bay-booking';
import { addDays, localMoment, weekdayOf } from '../../src/domain/bay-booking/local-time';
import type { Weekday } from '../../src/domain/hours';

export function nextBookableDay(weekday: Weekday): string {
  let date = addDays(localMoment(Date.now()).date, 2);
  while (weekdayOf(date) !== weekday || bayBooking.blackouts.some((blackout) => blackout.date === date)) date = addDays(date, 1);
  return date;
}
