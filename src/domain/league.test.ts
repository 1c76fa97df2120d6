import { describe, expect, it } from 'vitest';
import { findSession, isSessionOpen, leagueSchema, registrationTotal, teeTimeId, teeTimeLabel } from './league';
import { league } from '../data/league';

describe('league data', () => {
  it('holds the three shipped sessions at 700 per team', () => {
    expect(league.sessions.map((session) => session.id)).toEqual(['fall', 'winter', 'spring']);
    expect(findSession(league, 'winter')?.dates).toBe('Dec 1, 2025 - Feb 4, 2026');
    expect(registrationTotal(league, 2)).toBe(1400);
  });

  it('labels tee times', () => {
    expect(teeTimeId('monday', '6pm')).toBe('monday-6pm');
    expect(teeTimeLabel(league, 'wednesday-8pm')).toBe('Wednesday 8:00 PM');
    expect(teeTimeLabel(league, 'friday-6pm')).toBe('friday-6pm');
  });

  it('closes a session by flag or by closing date', () => {
    const fall = findSession(league, 'fall')!;
    const now = new Date('2026-01-01T00:00:00Z');
    expect(isSessionOpen(fall, now)).toBe(true);
    expect(isSessionOpen({ ...fall, open: false }, now)).toBe(false);
    expect(isSessionOpen({ ...fall, closesAt: '2025-12-31T23:00:00Z' }, now)).toBe(false);
    expect(isSessionOpen({ ...fall, closesAt: '2026-01-02T00:00:00Z' }, now)).toBe(true);
  });

  it('rejects a session without eight featured courses', () => {
    const broken = { ...league, sessions: [{ ...league.sessions[0], featuredCourses: ['One'] }] };
    expect(leagueSchema.safeParse(broken).success).toBe(false);
  });
});
