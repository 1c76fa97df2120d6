/**
 * The one 12-hour clock of the site. Times are written in content as 24-hour "HH:MM" ("24:00" is
 * midnight at the end of a day) or handled as minutes after midnight; people read them in 12-hour form.
 */

/** "18:30" → 1110; "24:00" → 1440. */
export function minutesOfDay(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

export type ClockStyle =
  /** Opening hours and event times: "4PM", "6:30PM". */
  | 'compact'
  /** Form options and tee times: "4:00 PM", "6:30 PM". */
  | 'full';

/** Minutes after midnight (or "HH:MM") in 12-hour form; midnight, at either end of a day, is 12AM. */
export function formatClock(time: number | string, style: ClockStyle = 'compact'): string {
  const total = typeof time === 'string' ? minutesOfDay(time) : time;
  const hours24 = Math.floor(total / 60) % 24;
  const minutes = String(total % 60).padStart(2, '0');
  const suffix = hours24 < 12 ? 'AM' : 'PM';
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  if (style === 'full') return `${hours12}:${minutes} ${suffix}`;
  return minutes === '00' ? `${hours12}${suffix}` : `${hours12}:${minutes}${suffix}`;
}

/** Every `step` minutes from `first` to `last`, both included, as minutes after midnight. */
export function clockSlots(first: number, last: number, step: number): number[] {
  const slots: number[] = [];
  for (let minute = first; minute <= last; minute += step) slots.push(minute);
  return slots;
}
