import { describe, expect, it } from 'vitest';
import { funnelOf, funnelTally, giftIssuedTally, giftRedeemedTally, liabilityByMonth } from './liability';
import type { DayTotals } from './report';
import { byDay, type Tally } from './tally';

const daysOf = (tallies: Tally[]) => new Map(byDay(tallies).map(({ date, changes }): [string, DayTotals] => [date, Object.fromEntries(changes)]));
/** Running totals: every day's changes added up. */
const runningOf = (days: Map<string, DayTotals>) => {
  const running: Record<string, number> = {};
  for (const fields of days.values()) for (const [field, value] of Object.entries(fields)) running[field] = (running[field] ?? 0) + value;
  return running;
};

describe('gift card liability', () => {
  const october = new Date('2026-10-15T18:00:00Z');
  const november = new Date('2026-11-20T18:00:00Z');
  const tallies = [
    ...giftIssuedTally(10000, october),
    ...giftIssuedTally(5000, november),
    // The October card is half spent in November, the November card fully in December.
    ...giftRedeemedTally(5000, october, new Date('2026-11-02T18:00:00Z')),
    ...giftRedeemedTally(5000, november, new Date('2026-12-03T18:00:00Z')),
  ];
  const days = daysOf(tallies);
  const running = runningOf(days);

  it('counts issued and redeemed by the month each card was issued, as of the range end', () => {
    expect(liabilityByMonth(running, days, '2026-12-31')).toEqual([
      { month: '2026-10', issuedCents: 10000, redeemedCents: 5000, outstandingCents: 5000 },
      { month: '2026-11', issuedCents: 5000, redeemedCents: 5000, outstandingCents: 0 },
    ]);
    expect(liabilityByMonth(running, days, '2026-11-30')).toEqual([
      { month: '2026-10', issuedCents: 10000, redeemedCents: 5000, outstandingCents: 5000 },
      { month: '2026-11', issuedCents: 5000, redeemedCents: 0, outstandingCents: 5000 },
    ]);
    expect(liabilityByMonth(running, days, '2026-10-31')).toEqual([{ month: '2026-10', issuedCents: 10000, redeemedCents: 0, outstandingCents: 10000 }]);
    expect(liabilityByMonth(running, days, '2026-09-30')).toEqual([]);
  });

  it('takes the month of issue venue-local: 11:30 PM on Oct 31 in Verona is October', () => {
    expect(giftIssuedTally(2500, new Date('2026-11-01T04:30:00Z'))).toEqual([{ date: '2026-10-31', field: 'gc:issued:2026-10', delta: 2500 }]);
  });
});

describe('event request funnel', () => {
  it('counts requests reaching each stage within the range', () => {
    const days = daysOf([
      ...funnelTally('new', new Date('2026-11-02T18:00:00Z')),
      ...funnelTally('new', new Date('2026-11-03T18:00:00Z')),
      ...funnelTally('quoted', new Date('2026-11-04T18:00:00Z')),
      ...funnelTally('paid', new Date('2026-11-06T18:00:00Z')),
      ...funnelTally('new', new Date('2026-12-01T18:00:00Z')),
    ]);
    expect(funnelOf(days, '2026-11-01', '2026-11-30').map((step) => [step.label, step.count])).toEqual([
      ['Requests', 2],
      ['Quoted', 1],
      ['Deposit paid', 1],
      ['Held', 0],
    ]);
  });
});
