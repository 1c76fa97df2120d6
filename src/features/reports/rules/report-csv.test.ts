import { describe, expect, it } from 'vitest';
import { chartCsv, funnelRows, giftCardRows, leagueRows, memberRows, revenueRows, useRows } from './report-csv';
import type { Report } from './report';

const report: Report = {
  range: { from: '2026-11-23', to: '2026-11-29' },
  products: [{ kind: 'bay', label: 'Bay time' }],
  revenue: [{ week: '2026-11-23', captured: { bay: 7500 }, refunded: { bay: 2500 }, totalCents: 5000 }],
  use: {
    slots: [1080],
    rows: [
      { weekday: 'Friday', cells: [{ minute: 1080, capacity: 60, booked: { paid: 30, included: 0, desk: 0, block: 15 }, share: 0.75 }] },
      { weekday: 'Monday', cells: [{ minute: 1080, capacity: 0, booked: { paid: 0, included: 0, desk: 0, block: 0 }, share: 0 }] },
    ],
    peak: [],
  },
  members: [{ week: '2026-11-23', started: 2, cancelled: 1, active: 14 }],
  league: [{ sessionId: 'winter', name: 'Winter Session', teams: 12, capacity: 48 }],
  giftCards: [{ month: '2026-10', issuedCents: 10000, redeemedCents: 2500, outstandingCents: 7500 }],
  funnel: [{ stage: 'new', label: 'Requests', count: 3 }],
};

describe('report CSV', () => {
  it('writes each chart table as the page shows it: dollars as numbers, refunds negative, shares in percent, open half hours only', () => {
    expect(revenueRows(report)).toEqual([
      ['Week of', 'Bay time', 'Bay time refunds', 'Total'],
      ['2026-11-23', 75, -25, 50],
    ]);
    expect(useRows(report)).toEqual([
      ['Weekday', 'Half hour', 'Bay-minutes open', 'Booked paid', 'Booked included', 'Booked desk', 'Booked block', 'Share booked'],
      ['Friday', '6:00 PM', 60, 30, 0, 0, 15, '75%'],
    ]);
    expect(memberRows(report)[1]).toEqual(['2026-11-23', 2, 1, 14]);
    expect(leagueRows(report)[1]).toEqual(['Winter Session', 12, 48]);
    expect(giftCardRows(report)).toEqual([['Month of issue', 'Issued', 'Redeemed', 'Outstanding'], ['2026-10', 100, 25, 75]]);
    expect(funnelRows(report)).toEqual([['Stage', 'Event requests'], ['Requests', 3]]);
    expect(chartCsv(report, 'revenue')).toBe('\uFEFFWeek of,Bay time,Bay time refunds,Total\r\n2026-11-23,75,-25,50\r\n');
  });
});
