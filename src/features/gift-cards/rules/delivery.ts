/**
 * When a gift card's e-mail goes out (pure, clock injected): on a venue-local date from today to the
 * same day a year ahead, at 08:00 venue time (or at once, for today after 08:00).
 */
import { isCalendarDate, localInstant, localMoment } from '../../bay-booking/rules/local-time';

/** The venue-local hour a card is delivered on its date. */
export const DELIVERY_MINUTE = 8 * 60;

export interface DeliveryWindow {
  /** 'YYYY-MM-DD', venue-local today. */
  first: string;
  /** The same day a year ahead (Feb 29 → Feb 28). */
  last: string;
}

export function deliveryWindow(now: number): DeliveryWindow {
  const first = localMoment(now).date;
  const [year, month, day] = first.split('-').map(Number) as [number, number, number];
  const sameDay = `${year + 1}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return { first, last: isCalendarDate(sameDay) ? sameDay : `${sameDay.slice(0, 8)}28` };
}

/** Null when `date` may be chosen at `now`, else what is wrong with it. */
export function deliveryDateProblem(date: string, now: number): string | null {
  if (!isCalendarDate(date)) return 'Choose a delivery date.';
  const { first, last } = deliveryWindow(now);
  if (date < first) return 'The delivery date has passed: choose today or a later day.';
  if (date > last) return 'Choose a delivery date within a year.';
  return null;
}

/** The instant the card's e-mail is due: 08:00 venue time on its date, or `now` if that has passed. */
export function deliveryInstant(date: string, now: number): number {
  return Math.max(now, localInstant(date, DELIVERY_MINUTE));
}

/**
 * The same, when the site's calendar (which chose the date) may be fixed apart from the real clock on
 * local and test runs: the mail is due after as long as the calendar says is left until 08:00 on its
 * date. On a deployed site both clocks are one, and this is deliveryInstant.
 */
export function deliveryDueAt(date: string, clocks: { now: number; calendar: number }): number {
  return clocks.now + (deliveryInstant(date, clocks.calendar) - clocks.calendar);
}
