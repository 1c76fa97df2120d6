import { describe, expect, it } from 'vitest';
import { bayBookingTallies, bayUseOf } from './report-tallies';
import type { StoredBayBooking } from './record';

const booking: StoredBayBooking = {
  id: 'b1',
  kind: 'online',
  status: 'confirmed',
  bayId: 'bay-1',
  date: '2026-12-04',
  start: '18:00',
  startsAt: '2026-12-05T00:00:00.000Z',
  endsAt: '2026-12-05T01:30:00.000Z',
  lengthMinutes: 90,
  partySize: 2,
  name: 'Robin',
  email: 'robin@example.com',
  phone: '',
  amountCents: 6000,
  includedMinutes: 0,
  refundedCents: 0,
  createdAt: '2026-12-01T12:00:00.000Z',
  holdUntil: 0,
};

describe('what a bay booking adds to the reports', () => {
  it('counts a confirmed booking’s half hours by how it was taken, included minutes apart', () => {
    expect(bayUseOf({ ...booking, kind: 'member', includedMinutes: 60 })).toEqual([
      { date: '2026-12-04', field: 'use:included:1080', delta: 30 },
      { date: '2026-12-04', field: 'use:included:1110', delta: 30 },
      { date: '2026-12-04', field: 'use:paid:1140', delta: 30 },
    ]);
    expect(bayUseOf({ ...booking, kind: 'block', lengthMinutes: 30 })).toEqual([{ date: '2026-12-04', field: 'use:block:1080', delta: 30 }]);
    expect(bayUseOf({ ...booking, kind: 'desk', lengthMinutes: 30 })).toEqual([{ date: '2026-12-04', field: 'use:desk:1080', delta: 30 }]);
  });

  it('counts the payment on the venue-local day it was recorded and each refund on its own day', () => {
    const tallies = bayBookingTallies({
      ...booking,
      status: 'cancelled',
      paidAt: '2026-12-02T03:00:00.000Z',
      refundedCents: 6000,
      refunds: [
        { cents: 2000, at: '2026-12-03T18:00:00.000Z' },
        { cents: 4000, at: '2026-12-06T05:30:00.000Z' },
      ],
    });
    expect(tallies).toEqual([
      // 9 PM on December 1 in Wisconsin.
      { date: '2026-12-01', field: 'rev:bay', delta: 6000 },
      { date: '2026-12-03', field: 'ref:bay', delta: 2000 },
      { date: '2026-12-05', field: 'ref:bay', delta: 4000 },
    ]);
  });

  it('counts nothing for a hold never paid, and no revenue for time nobody paid for online', () => {
    expect(bayBookingTallies({ ...booking, status: 'expired' })).toEqual([]);
    expect(bayBookingTallies({ ...booking, kind: 'desk', amountCents: 0, lengthMinutes: 30 })).toEqual([{ date: '2026-12-04', field: 'use:desk:1080', delta: 30 }]);
  });
});
