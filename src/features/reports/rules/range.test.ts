import { describe, expect, it } from 'vitest';
import { customRange, daysBetween, daysOf, isIsoDate, presetRange, RANGE_MESSAGES, weekStart, weeksOf } from './range';

describe('report ranges', () => {
  it('starts weeks on Monday, across the new year', () => {
    expect(weekStart('2026-11-28')).toBe('2026-11-23');
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
    expect(weekStart('2027-01-01')).toBe('2026-12-28');
    expect(weeksOf({ from: '2026-12-27', to: '2027-01-05' })).toEqual(['2026-12-21', '2026-12-28', '2027-01-04']);
  });

  it('counts the days of a range across daylight saving changes', () => {
    expect(daysBetween('2027-03-13', '2027-03-15')).toBe(3);
    expect(daysOf({ from: '2026-10-31', to: '2026-11-02' })).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
    expect(daysOf({ from: '2026-11-02', to: '2026-11-01' })).toEqual([]);
  });

  it('works out each preset from today', () => {
    expect(presetRange('this-week', '2026-11-28')).toEqual({ from: '2026-11-23', to: '2026-11-28' });
    expect(presetRange('last-month', '2026-11-28')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetRange('last-month', '2027-01-15')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(presetRange('this-year', '2026-11-28')).toEqual({ from: '2026-01-01', to: '2026-11-28' });
    const eight = presetRange('last-8-weeks', '2026-11-28');
    expect(eight).toEqual({ from: '2026-10-05', to: '2026-11-28' });
    expect(weeksOf(eight)).toHaveLength(8);
  });

  it('refuses a range that ends before it starts, spans over three years, or names no real date', () => {
    expect(customRange('2026-11-01', '2026-10-31')).toEqual({ ok: false, field: 'to', message: RANGE_MESSAGES.order });
    expect(customRange('2023-01-01', '2026-01-05')).toEqual({ ok: false, field: 'to', message: RANGE_MESSAGES.length });
    expect(customRange('2023-01-06', '2026-01-05')).toEqual({ ok: true, range: { from: '2023-01-06', to: '2026-01-05' } });
    expect(customRange('2026-02-30', '2026-03-01')).toEqual({ ok: false, field: 'from', message: RANGE_MESSAGES.date });
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('26-11-28')).toBe(false);
  });
});
