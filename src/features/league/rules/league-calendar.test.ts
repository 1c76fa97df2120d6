import { describe, expect, it } from 'vitest';
import { clockTime, firstRoundDate, leagueEvent, teeTimeSlot } from './league-calendar';

const league = {
  teeTimes: {
    days: [
      { id: 'monday', label: 'Monday' },
      { id: 'wednesday', label: 'Wednesday' },
    ],
    slots: [
      { id: '6pm', label: '6:00 PM' },
      { id: '8pm', label: '8:00 PM' },
    ],
  },
};

describe('league calendar', () => {
  it('reads clock times', () => {
    expect(clockTime('6:00 PM')).toBe('18:00');
    expect(clockTime('12:30 pm')).toBe('12:30');
    expect(clockTime('12 AM')).toBe('00:00');
    expect(clockTime('evening')).toBeNull();
  });

  it('finds the tee time and the first round on its weekday', () => {
    const slot = teeTimeSlot(league, 'wednesday-8pm');
    expect(slot).toEqual({ dayId: 'wednesday', time: '20:00' });
    expect(firstRoundDate({ startDate: '2025-09-29' }, slot!)).toBe('2025-10-01');
    expect(teeTimeSlot(league, 'friday-6pm')).toBeNull();
  });

  it('makes one weekly event for the session’s weeks', () => {
    const event = leagueEvent({ name: 'Fall Session', startDate: '2025-09-29', weeks: 8 }, { dayId: 'monday', time: '18:00' }, { uid: 'u', summary: 's', description: 'd', location: 'l' });
    expect(event).toMatchObject({ firstDate: '2025-09-29', startTime: '18:00', count: 8, durationMinutes: 120 });
  });
});
