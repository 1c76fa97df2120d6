/**
 * The range a report covers, in venue-local calendar days (America/Chicago): a preset or two dates
 * staff chose. Weeks start on Monday. Pure: "today" is given.
 */
import { addDays, weekdayOf } from '../../../domain/venue-calendar';
import { WEEKDAYS } from '../../../domain/weekdays';

export const RANGE_PRESETS = ['last-8-weeks', 'this-week', 'last-month', 'this-year', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
/** A preset that names its own days. */
export type PresetName = Exclude<RangePreset, 'custom'>;
export const DEFAULT_PRESET: PresetName = 'last-8-weeks';

export const RANGE_LABELS: Record<RangePreset, string> = {
  'last-8-weeks': 'Last 8 weeks',
  'this-week': 'This week',
  'last-month': 'Last month',
  'this-year': 'This year',
  custom: 'Custom dates',
};

/** The longest range a report reads: three years of days (leap day included). */
export const MAX_RANGE_DAYS = 3 * 366;

export const RANGE_MESSAGES = {
  order: 'The range ends before it starts',
  length: 'The range spans more than 3 years',
  date: 'Choose a valid date',
  preset: 'Choose a report range',
} as const;

/** Both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar date written 2026-11-28. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
}

/** The Monday of the week holding `date`. */
export function weekStart(date: string): string {
  return addDays(date, -WEEKDAYS.indexOf(weekdayOf(date)));
}

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Every day of the range, in order. */
export function daysOf(range: DayRange): string[] {
  const count = Math.max(0, daysBetween(range.from, range.to));
  return Array.from({ length: count }, (_, index) => addDays(range.from, index));
}

/** The Mondays of the weeks the range touches, in order. */
export function weeksOf(range: DayRange): string[] {
  const weeks: string[] = [];
  for (let monday = weekStart(range.from); monday <= range.to; monday = addDays(monday, 7)) weeks.push(monday);
  return weeks;
}

/** A preset's days on `today` (venue-local). */
export function presetRange(preset: PresetName, today: string): DayRange {
  switch (preset) {
    case 'this-week':
      return { from: weekStart(today), to: today };
    case 'last-month': {
      const firstOfThisMonth = `${today.slice(0, 8)}01`;
      const lastOfLastMonth = addDays(firstOfThisMonth, -1);
      return { from: `${lastOfLastMonth.slice(0, 8)}01`, to: lastOfLastMonth };
    }
    case 'this-year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'last-8-weeks':
      return { from: addDays(weekStart(today), -7 * 7), to: today };
  }
}

export type RangeAnswer = { ok: true; range: DayRange } | { ok: false; field: 'from' | 'to'; message: string };

/** A custom range checked: real dates, in order, at most three years. */
export function customRange(from: string, to: string): RangeAnswer {
  if (!isIsoDate(from)) return { ok: false, field: 'from', message: RANGE_MESSAGES.date };
  if (!isIsoDate(to)) return { ok: false, field: 'to', message: RANGE_MESSAGES.date };
  if (to < from) return { ok: false, field: 'to', message: RANGE_MESSAGES.order };
  if (daysBetween(from, to) > MAX_RANGE_DAYS) return { ok: false, field: 'to', message: RANGE_MESSAGES.length };
  return { ok: true, range: { from, to } };
}
