import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatEventDate } from './dates';

describe('dates as people read them', () => {
  it('prints calendar dates without shifting the day; other text as it is', () => {
    expect(formatEventDate('2025-12-05')).toBe('Friday, December 5, 2025');
    expect(formatEventDate('next week')).toBe('next week');
  });

  it('prints instants on the venue’s calendar and clock (America/Chicago), DST days included', () => {
    // 03:30 UTC on Nov 26 is the evening of Nov 25 in Verona.
    expect(formatDate('2026-11-26T03:30:00Z')).toBe('Nov 25, 2026');
    expect(formatDateTime('2026-03-08T08:30:00Z')).toBe('Mar 8, 2026, 3:30 AM');
    expect(formatDate(null)).toBe('—');
  });
});
