import { describe, expect, it } from 'vitest';
import { buildReport, type DayTotals, type ReportInputs } from './report';
import { bayUseTally, byDay, membershipTally, refundTally, revenueTally, type Tally } from './tally';

/** Day totals as the store keeps them, from tallies. */
function daysFrom(tallies: readonly Tally[]): Map<string, DayTotals> {
  return new Map(byDay(tallies).map(({ date, changes }) => [date, Object.fromEntries(changes)]));
}

const at = (iso: string) => new Date(iso);

const inputs = (tallies: Tally[], overrides: Partial<ReportInputs> = {}): ReportInputs => ({
  range: { from: '2026-11-23', to: '2026-12-06' },
  days: daysFrom(tallies),
  products: [
    { kind: 'league', label: 'League fees' },
    { kind: 'bay', label: 'Bay time' },
  ],
  hours: { Friday: { opens: 16 * 60, closes: 23 * 60 }, Saturday: { opens: 11 * 60, closes: 23 * 60 } },
  bays: 2,
  peak: [{ days: ['Friday'], from: 17 * 60, until: 21 * 60 }],
  activeNow: 10,
  running: {},
  league: [],
  ...overrides,
});

describe('the report', () => {
  it('adds revenue by week and product, refunds apart and netted in the total', () => {
    const report = buildReport(
      inputs([
        ...revenueTally('bay', 7500, at('2026-11-27T23:00:00Z')),
        ...revenueTally('league', 70000, at('2026-11-24T18:00:00Z')),
        // Refunded the next week: counted then, not with the payment.
        ...refundTally('bay', 7500, at('2026-12-01T18:00:00Z')),
      ]),
    );
    expect(report.revenue).toEqual([
      { week: '2026-11-23', captured: { league: 70000, bay: 7500 }, refunded: { league: 0, bay: 0 }, totalCents: 77500 },
      { week: '2026-11-30', captured: { league: 0, bay: 0 }, refunded: { league: 0, bay: 7500 }, totalCents: -7500 },
    ]);
  });

  it('leaves out what falls outside the range', () => {
    const report = buildReport(inputs(revenueTally('bay', 100, at('2026-11-20T18:00:00Z'))));
    expect(report.revenue.every((week) => week.totalCents === 0)).toBe(true);
  });

  it('shares bay use per weekday and half hour against the open bay time, kinds apart', () => {
    const report = buildReport(
      inputs([
        ...bayUseTally({ date: '2026-11-27', start: '18:00', lengthMinutes: 60, includedMinutes: 30, taken: 'online' }),
        ...bayUseTally({ date: '2026-12-04', start: '18:00', lengthMinutes: 30, includedMinutes: 0, taken: 'block' }),
      ]),
    );
    expect(report.use.slots[0]).toBe(11 * 60);
    expect(report.use.slots.at(-1)).toBe(22 * 60 + 30);
    const friday = report.use.rows.find((row) => row.weekday === 'Friday')!;
    const six = friday.cells.find((cell) => cell.minute === 18 * 60)!;
    // Two Fridays in the range, two bays: 120 bay-minutes per half hour; 30 included + 30 block.
    expect(six).toEqual({ minute: 1080, capacity: 120, booked: { paid: 0, included: 30, desk: 0, block: 30 }, share: 0.5 });
    expect(friday.cells.find((cell) => cell.minute === 18 * 60 + 30)!.booked.paid).toBe(30);
    // Closed: Friday before 4 PM, Monday all day.
    expect(friday.cells.find((cell) => cell.minute === 12 * 60)!.capacity).toBe(0);
    expect(report.use.rows.find((row) => row.weekday === 'Monday')!.cells.every((cell) => cell.capacity === 0)).toBe(true);
    expect(report.use.peak).toEqual([{ days: ['Friday'], from: 1020, until: 1260 }]);
  });

  it('counts members started and cancelled by week, and active at each week end from the running count', () => {
    const report = buildReport(
      inputs(
        [
          ...membershipTally('started', at('2026-11-24T18:00:00Z')),
          ...membershipTally('started', at('2026-12-02T18:00:00Z')),
          ...membershipTally('cancelled', at('2026-12-03T18:00:00Z')),
          // After the range, before today: still moves the count back.
          ...membershipTally('started', at('2026-12-10T18:00:00Z')),
        ],
        { activeNow: 10 },
      ),
    );
    expect(report.members).toEqual([
      { week: '2026-11-23', started: 1, cancelled: 0, active: 9 },
      { week: '2026-11-30', started: 1, cancelled: 1, active: 9 },
    ]);
  });
});
