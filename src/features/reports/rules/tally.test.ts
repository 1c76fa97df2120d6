import { describe, expect, it } from 'vitest';
import { bayUseTally, byDay, membershipTally, refundTally, revenueTally } from './tally';

describe('report tallies', () => {
  it('counts a payment on the venue-local day it was captured, across the new year and daylight saving', () => {
    // 11:30 PM in Verona on Dec 31 is already Jan 1 in UTC.
    expect(revenueTally('bay', 7500, new Date('2027-01-01T05:30:00Z'))).toEqual([{ date: '2026-12-31', field: 'rev:bay', delta: 7500 }]);
    // The night clocks go back (Nov 1, 2026): 00:30 CDT and 23:30 CST the same venue day.
    expect(revenueTally('league', 70000, new Date('2026-11-01T05:30:00Z'))[0]!.date).toBe('2026-11-01');
    expect(revenueTally('league', 70000, new Date('2026-11-02T05:30:00Z'))[0]!.date).toBe('2026-11-01');
    expect(revenueTally('league', 0, new Date())).toEqual([]);
  });

  it('counts a refund on its own day, apart from the payment', () => {
    expect(refundTally('bay', 3000, new Date('2026-12-05T18:00:00Z'))).toEqual([{ date: '2026-12-05', field: 'ref:bay', delta: 3000 }]);
    expect(membershipTally('cancelled', new Date('2026-12-05T18:00:00Z'))).toEqual([{ date: '2026-12-05', field: 'mem:cancelled', delta: 1 }]);
  });

  it('splits bay time into half hours, included minutes first', () => {
    const tallies = bayUseTally({ date: '2026-12-04', start: '18:15', lengthMinutes: 90, includedMinutes: 30, taken: 'online' });
    expect(tallies).toEqual([
      { date: '2026-12-04', field: 'use:included:1080', delta: 15 },
      { date: '2026-12-04', field: 'use:included:1110', delta: 15 },
      { date: '2026-12-04', field: 'use:paid:1110', delta: 15 },
      { date: '2026-12-04', field: 'use:paid:1140', delta: 30 },
      { date: '2026-12-04', field: 'use:paid:1170', delta: 15 },
    ]);
    expect(tallies.reduce((sum, tally) => sum + tally.delta, 0)).toBe(90);
  });

  it('counts desk bookings and blocks apart, past midnight on the next day, and gives time back with the opposite sign', () => {
    expect(bayUseTally({ date: '2026-12-31', start: '23:30', lengthMinutes: 60, includedMinutes: 0, taken: 'desk' })).toEqual([
      { date: '2026-12-31', field: 'use:desk:1410', delta: 30 },
      { date: '2027-01-01', field: 'use:desk:0', delta: 30 },
    ]);
    expect(bayUseTally({ date: '2026-12-04', start: '12:00', lengthMinutes: 30, includedMinutes: 0, taken: 'block' }, -1)).toEqual([{ date: '2026-12-04', field: 'use:block:720', delta: -30 }]);
  });

  it('groups tallies by day, summing each field and leaving zeros out', () => {
    const taken = bayUseTally({ date: '2026-12-04', start: '18:00', lengthMinutes: 60, includedMinutes: 0, taken: 'online' });
    const givenBack = bayUseTally({ date: '2026-12-04', start: '18:00', lengthMinutes: 60, includedMinutes: 0, taken: 'online' }, -1);
    expect(byDay([...taken, ...givenBack])).toEqual([]);
    expect(byDay([...revenueTally('bay', 100, new Date('2026-12-04T18:00:00Z')), ...revenueTally('bay', 50, new Date('2026-12-04T19:00:00Z')), ...refundTally('bay', 20, new Date('2026-12-03T19:00:00Z'))])).toEqual([
      { date: '2026-12-03', changes: [['ref:bay', 20]] },
      { date: '2026-12-04', changes: [['rev:bay', 150]] },
    ]);
  });
});
