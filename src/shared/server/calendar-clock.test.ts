import { describe, expect, it, vi } from 'vitest';
import { calendarNow } from './calendar-clock';

const real = () => new Date('2031-05-05T05:05:05Z');

describe('the calendar clock', () => {
  it('reads the real clock unless a local run fixes it', () => {
    expect(calendarNow({}, real).toISOString()).toBe('2031-05-05T05:05:05.000Z');
    expect(calendarNow({ CALENDAR_NOW: '2026-12-01T18:00:00Z' }, real).toISOString()).toBe('2026-12-01T18:00:00.000Z');
    expect(calendarNow({ CALENDAR_NOW: '  ' }, real).toISOString()).toBe('2031-05-05T05:05:05.000Z');
  });

  it('never moves a deployed site’s calendar: the real clock, and one log line naming the variable', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const deployed = { CALENDAR_NOW: '2026-12-01T18:00:00Z', SITE_ID: 'site' };
    expect(calendarNow(deployed, real).toISOString()).toBe('2031-05-05T05:05:05.000Z');
    expect(calendarNow(deployed, real).toISOString()).toBe('2031-05-05T05:05:05.000Z');
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual(['[calendar] CALENDAR_NOW is set on a deployed site: ignored, the real clock is read']);
    errors.mockRestore();
  });

  it('refuses a value that is no instant', () => {
    expect(() => calendarNow({ CALENDAR_NOW: 'tomorrow' }, real)).toThrow(/ISO instant/);
    expect(() => calendarNow({ CALENDAR_NOW: '2026-12-01' }, real)).toThrow(/ISO instant/);
  });
});
