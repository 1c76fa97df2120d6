import { describe, expect, it } from 'vitest';
import { clockSlots, formatClock, minutesOfDay } from './clock';

describe('clock', () => {
  it('reads 24-hour times as minutes after midnight', () => {
    expect(minutesOfDay('00:00')).toBe(0);
    expect(minutesOfDay('18:30')).toBe(1110);
    expect(minutesOfDay('24:00')).toBe(1440);
  });

  it('prints the compact form of opening hours', () => {
    expect(formatClock('00:00')).toBe('12AM');
    expect(formatClock('12:00')).toBe('12PM');
    expect(formatClock('18:30')).toBe('6:30PM');
    expect(formatClock('24:00')).toBe('12AM');
  });

  it('prints the full form of form options and tee times', () => {
    expect(formatClock(11 * 60, 'full')).toBe('11:00 AM');
    expect(formatClock(12 * 60 + 30, 'full')).toBe('12:30 PM');
    expect(formatClock('20:00', 'full')).toBe('8:00 PM');
  });

  it('lists slots from first to last, both included', () => {
    expect(clockSlots(60, 180, 30)).toEqual([60, 90, 120, 150, 180]);
    expect(clockSlots(60, 60, 30)).toEqual([60]);
  });
});
