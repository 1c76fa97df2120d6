import * as z from 'zod';
import { formatClock, minutesOfDay } from './clock';
import { formatMoney } from './money';
import { WEEKDAYS, type Weekday } from './weekdays';

/**
 * Opening hours and hourly rates as staff write them in src/content/site.json, and how the pages
 * and the structured data print them. One list of days and 24-hour times is the only source:
 * "Tuesday-Friday 12PM-10PM" on the page and the schema.org opening hours both derive from it.
 */
export const weekdaySchema = z.enum(WEEKDAYS);

/** "16:00", "18:30"; "24:00" means midnight at the end of the day. */
export const clockTimeSchema = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'expected a 24-hour time like 16:00');

/** Consecutive days in week order, no repeats. */
const dayRunSchema = z
  .array(weekdaySchema)
  .min(1)
  .refine((days) => days.every((day, i) => i === 0 || WEEKDAYS.indexOf(day) === WEEKDAYS.indexOf(days[i - 1]!) + 1), {
    message: 'days must be consecutive, in week order (Monday to Sunday)',
  });

export const openingHoursSchema = z.object({
  /** "Fall Hours" */
  label: z.string().min(1),
  days: z
    .array(
      z.object({ days: dayRunSchema, opens: clockTimeSchema, closes: clockTimeSchema }).refine((run) => minutesOfDay(run.closes) > minutesOfDay(run.opens), {
        path: ['closes'],
        message: 'the closing time must be after the opening time (24:00 is midnight)',
      }),
    )
    .min(1),
});

export const hourlyRatesSchema = z.object({
  /** "Fall Simulator Rates" */
  label: z.string().min(1),
  items: z.array(z.object({ days: dayRunSchema, pricePerHour: z.number().positive() })).min(1),
});

export type OpeningHours = z.infer<typeof openingHoursSchema>;
export type HourlyRates = z.infer<typeof hourlyRatesSchema>;

/** "Tuesday-Friday" for a run of days, "Monday" for one day. */
export function formatDayRange(days: readonly Weekday[]): string {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return '';
  return first === last ? first : `${first}-${last}`;
}

/** "4PM-10PM" */
export function formatTimeRange(opens: string, closes: string): string {
  return `${formatClock(opens)}-${formatClock(closes)}`;
}

export interface HoursLine {
  days: string;
  hours: string;
}

/** The lines printed on the page: { days: 'Tuesday-Friday', hours: '12PM-10PM' }. */
export function hoursLines(hours: OpeningHours): HoursLine[] {
  return hours.days.map((entry) => ({ days: formatDayRange(entry.days), hours: formatTimeRange(entry.opens, entry.closes) }));
}

/** "$30/hour" lines: { days: 'Tuesday-Thursday', price: '$30/hour' }. */
export function rateLines(rates: HourlyRates): Array<{ days: string; price: string }> {
  return rates.items.map((item) => ({ days: formatDayRange(item.days), price: `${formatMoney(item.pricePerHour)}/hour` }));
}

/** A printed line as a term and its value, the way the pages list hours and rates. */
export interface Row {
  term: string;
  value: string;
}

/** Opening hours as rows: { term: 'Tuesday-Friday', value: '12PM-10PM' }. */
export function hoursRows(hours: OpeningHours): Row[] {
  return hoursLines(hours).map((line) => ({ term: line.days, value: line.hours }));
}

/** Simulator rates as rows: { term: 'Tuesday-Thursday', value: '$30/hour' }. */
export function rateRows(rates: HourlyRates): Row[] {
  return rateLines(rates).map((line) => ({ term: line.days, value: line.price }));
}

/** schema.org OpeningHoursSpecification entries (closing at 24:00 is written as 23:59, as validators expect). */
export function openingHoursSpecification(hours: OpeningHours): Array<Record<string, unknown>> {
  return hours.days.map((entry) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: entry.days.map((day) => `https://schema.org/${day}`),
    opens: entry.opens,
    closes: entry.closes === '24:00' ? '23:59' : entry.closes,
  }));
}
