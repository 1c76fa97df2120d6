/**
 * The staff's bay bookings page (pure): the day grid of bays × half hours, the labels of entries, and
 * the CSV of the listed bookings.
 */
import type { BayDay, BayEntryKind, StaffBooking } from '../contract/admin-bay-bookings';
import type { BayBookingStatus } from '../contract/bay-booking';
import { clockSlots, formatClock, minutesOfDay } from '../../../domain/clock';
import { formatCents } from '../../../domain/money';
import { toCsv } from '../../../domain/csv';
import type { Tone } from '../../memberships/admin/members';

export const KIND_LABELS: Record<BayEntryKind, string> = { online: 'Online', member: 'Member', desk: 'Desk', block: 'Blocked' };

export const STATUS_BADGES: Record<BayBookingStatus, { label: string; tone: Tone }> = {
  held: { label: 'Awaiting payment', tone: 'yellow' },
  confirmed: { label: 'Confirmed', tone: 'green' },
  cancelled: { label: 'Cancelled', tone: 'red' },
  expired: { label: 'Expired', tone: 'grey' },
};

/** One cell of the day grid: free, the start of an entry (with how many rows it spans), inside one, or a league tee time. */
export type GridCell =
  | { kind: 'free' }
  | { kind: 'entry'; booking: StaffBooking; rows: number }
  | { kind: 'covered' }
  | { kind: 'league'; label: string; rows: number };

export interface DayGrid {
  /** Row labels on the venue's 12-hour clock: '11:00 AM' … the last half hour before closing. */
  times: string[];
  /** cells[row][bay] */
  cells: GridCell[][];
}

/** The day's grid, half hour by half hour from opening to closing (empty when closed). */
export function dayGrid(day: BayDay): DayGrid {
  if (!day.opens || !day.closes) return { times: [], cells: [] };
  const first = minutesOfDay(day.opens);
  const rows = (minutesOfDay(day.closes) - first) / 30;
  const times = Array.from({ length: rows }, (_, row) => formatClock(first + row * 30, 'full'));
  const cells: GridCell[][] = times.map(() => day.bays.map((): GridCell => ({ kind: 'free' })));
  const place = (bayId: string, start: string, end: string, cell: (rows: number) => GridCell) => {
    const column = day.bays.findIndex((bay) => bay.id === bayId);
    const from = Math.max(0, (minutesOfDay(start) - first) / 30);
    const until = Math.min(rows, (minutesOfDay(end === '00:00' ? '24:00' : end) - first) / 30);
    if (column < 0 || from >= rows || until <= from) return;
    cells[from]![column] = cell(until - from);
    for (let row = from + 1; row < until; row += 1) cells[row]![column] = { kind: 'covered' };
  };
  for (const league of day.league) place(league.bayId, league.start, league.end, (span) => ({ kind: 'league', label: league.label, rows: span }));
  for (const booking of day.bookings) place(booking.bayId, booking.start, booking.end, (span) => ({ kind: 'entry', booking, rows: span }));
  return { times, cells };
}

/** The desk form's start times: every half hour of the day, '18:00' sent and '6:00 PM' read. */
export function startOptions(): Array<{ value: string; label: string }> {
  return clockSlots(0, 1410, 30).map((minute) => ({ value: `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`, label: formatClock(minute, 'full') }));
}

/** The staff forms' lengths: a walk-in's half hour to a day's event, '60' sent and '1 hour' read. */
export function staffLengthOptions(): Array<{ value: string; label: string }> {
  return [30, 60, 90, 120, 180, 240, 360, 480, 720].map((minutes) => ({ value: String(minutes), label: minutes < 60 ? `${minutes} minutes` : `${minutes / 60} hour${minutes === 60 ? '' : 's'}` }));
}

/** '6:00 PM-8:00 PM' */
export function timeRange(booking: Pick<StaffBooking, 'start' | 'end'>): string {
  return `${formatClock(minutesOfDay(booking.start), 'full')}-${formatClock(minutesOfDay(booking.end === '00:00' ? '24:00' : booking.end), 'full')}`;
}

export const BAY_BOOKINGS_CSV_HEADER = ['Date', 'Start', 'End', 'Bay', 'Kind', 'Status', 'Name', 'Email', 'Phone', 'Guests', 'Amount', 'Included Minutes', 'Refunded', 'Booked At', 'Booking ID'] as const;

export function bayBookingsCsv(bookings: readonly StaffBooking[]): string {
  return toCsv([
    BAY_BOOKINGS_CSV_HEADER,
    ...bookings.map((booking) => [
      booking.date,
      booking.start,
      booking.end,
      booking.bayName,
      KIND_LABELS[booking.kind],
      STATUS_BADGES[booking.status].label,
      booking.name,
      booking.email,
      booking.phone,
      booking.partySize,
      formatCents(booking.amountCents),
      booking.includedMinutes,
      formatCents(booking.refundedCents),
      booking.createdAt,
      booking.id,
    ]),
  ]);
}
