import { describe, expect, it } from 'vitest';
import type { BayDay, StaffBooking } from '../contract/admin-bay-bookings';
import { bayBookingsCsv, dayGrid, startOptions, timeRange } from './bay-bookings';

const booking = (overrides: Partial<StaffBooking>): StaffBooking => ({
  id: 'b1',
  kind: 'online',
  status: 'confirmed',
  bayId: 'bay-1',
  bayName: 'Bay 1',
  date: '2026-12-04',
  start: '18:00',
  end: '20:00',
  startsAt: '2026-12-05T00:00:00.000Z',
  endsAt: '2026-12-05T02:00:00.000Z',
  lengthMinutes: 120,
  partySize: 4,
  name: 'Robin Fairway',
  email: 'robin@example.com',
  phone: '608-555-0142',
  amountCents: 8000,
  includedMinutes: 0,
  refundedCents: 0,
  createdAt: '2026-11-26T12:00:00.000Z',
  revision: '',
  history: [],
  moveWaiting: false,
  ...overrides,
});

describe('the day grid', () => {
  const day: BayDay = {
    date: '2026-12-04',
    bays: [
      { id: 'bay-1', name: 'Bay 1' },
      { id: 'bay-6', name: 'Bay 6' },
    ],
    opens: '12:00',
    closes: '22:00',
    bookings: [booking({}), booking({ id: 'b2', bayId: 'bay-6', start: '21:00', end: '23:00', kind: 'block', name: 'Repair' })],
    league: [{ bayId: 'bay-1', start: '12:00', end: '13:00', label: 'League' }],
  };

  it('places each entry at its start, spanning its half hours, clipped at closing; league tee times too', () => {
    const grid = dayGrid(day);
    expect(grid.times).toHaveLength(20);
    expect(grid.times.slice(0, 3)).toEqual(['12:00 PM', '12:30 PM', '1:00 PM']);
    expect(grid.times.at(-1)).toBe('9:30 PM');
    expect(grid.cells[0]![0]).toEqual({ kind: 'league', label: 'League', rows: 2 });
    expect(grid.cells[12]![0]).toMatchObject({ kind: 'entry', rows: 4 });
    expect(grid.cells.slice(13, 16).map((row) => row[0]!.kind)).toEqual(['covered', 'covered', 'covered']);
    expect(grid.cells[16]![0]).toEqual({ kind: 'free' });
    expect(grid.cells[18]![1]).toMatchObject({ kind: 'entry', rows: 2 });
    expect(dayGrid({ ...day, opens: null, closes: null })).toEqual({ times: [], cells: [] });
  });

  it('reads times in 12-hour form and exports the list as CSV, formulas defused', () => {
    expect(timeRange({ start: '18:00', end: '20:30' })).toBe('6:00 PM-8:30 PM');
    const starts = startOptions();
    expect(starts).toHaveLength(48);
    expect(starts[0]).toEqual({ value: '00:00', label: '12:00 AM' });
    expect(starts.find((option) => option.value === '13:00')?.label).toBe('1:00 PM');
    expect(starts.at(-1)).toEqual({ value: '23:30', label: '11:30 PM' });
    const csv = bayBookingsCsv([booking({ name: '=HYPERLINK("x")' })]);
    expect(csv.split('\r\n')[0]).toBe('\uFEFFDate,Start,End,Bay,Kind,Status,Name,Email,Phone,Guests,Amount,Included Minutes,Refunded,Booked At,Booking ID');
    expect(csv.split('\r\n')[1]).toBe(`2026-12-04,18:00,20:00,Bay 1,Online,Confirmed,"'=HYPERLINK(""x"")",robin@example.com,608-555-0142,4,$80.00,0,$0.00,2026-11-26T12:00:00.000Z,b1`);
  });
});
