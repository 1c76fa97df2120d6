import { describe, expect, it } from 'vitest';
import { dateLabel, lengthLabel, lengthOptions, partyOptions, priceLabel, timeRange, venueTime, venueToday, windowHint } from './format';

describe('/book formatting', () => {
  it('lists lengths in half hours and party sizes', () => {
    expect(lengthOptions(60, 240, 30).map((option) => option.label)).toEqual(['1 hour', '1.5 hours', '2 hours', '2.5 hours', '3 hours', '3.5 hours', '4 hours']);
    expect(lengthOptions(60, 120, 30).map((option) => option.value)).toEqual(['60', '90', '120']);
    expect(lengthLabel(30)).toBe('30 minutes');
    expect(partyOptions(3)).toEqual([
      { value: '1', label: '1 guest' },
      { value: '2', label: '2 guests' },
      { value: '3', label: '3 guests' },
    ]);
  });

  it('tells dates and times in the venue’s zone, across the clock changes', () => {
    // 05:30 UTC on 7 March 2026 is still the 6th in Verona (UTC-6).
    expect(venueToday(Date.UTC(2026, 2, 7, 5, 30))).toBe('2026-03-06');
    expect(venueToday(Date.UTC(2026, 2, 7, 6, 30))).toBe('2026-03-07');
    // After the spring change (8 March 2026) the venue is UTC-5.
    expect(venueTime('2026-03-08T23:30:00Z')).toBe('6:30 PM');
    expect(venueTime('2026-03-07T23:30:00Z')).toBe('5:30 PM');
    expect(venueTime('2026-11-01T23:00:00Z')).toBe('5:00 PM');
    expect(timeRange('2026-03-09T23:00:00Z', '2026-03-10T01:00:00Z')).toBe('6:00 PM – 8:00 PM');
    expect(dateLabel('2026-11-01')).toBe('Sunday, November 1, 2026');
  });

  it('words the booking window for the date field from the days ahead content allows', () => {
    expect(windowHint(14)).toBe('Book up to 14 days ahead.');
    expect(windowHint(1)).toBe('Book up to 1 day ahead.');
    expect(windowHint(0)).toBe('Book for today only.');
  });

  it('prices what the visitor pays, naming included time', () => {
    expect(priceLabel({ priceCents: 8000, includedMinutes: 0 })).toBe('$80.00');
    expect(priceLabel({ priceCents: 0, includedMinutes: 60 })).toBe('Included');
    expect(priceLabel({ priceCents: 4000, includedMinutes: 60 })).toBe('$40.00 (1 hour included)');
  });
});
