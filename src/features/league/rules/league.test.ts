import { describe, expect, it } from 'vitest';
import { findSession, isSessionOpen, leagueSchema, registrationTotal, teeTimeId, teeTimeLabel } from './league';
import { fixtureLeague } from '../../../../tests/support/league-fixture';
import { league } from '../catalogue';

describe('league data', () => {
  it('ships a season of three 8-week sessions at 700 per team, as the product names them', () => {
    expect(league.sessions.map((session) => session.name).sort()).toEqual(['Fall Session', 'Spring Session', 'Winter Session']);
    expect(league.sessions.map((session) => session.filterLabel).sort()).toEqual(['Fall (Sep-Nov)', 'Spring (Feb-Apr)', 'Winter (Dec-Feb)']);
    expect(league.sessions.every((session) => session.weeks === 8)).toBe(true);
    expect(league.pricePerTeamPerSession).toBe(700);
    expect(registrationTotal(league, 2)).toBe(1400);
  });

  it('labels tee times', () => {
    expect(findSession(fixtureLeague, 'winter')?.dates).toBe('Dec 1, 2025 - Feb 4, 2026');
    expect(teeTimeId('monday', '6pm')).toBe('monday-6pm');
    expect(teeTimeLabel(fixtureLeague, 'wednesday-8pm')).toBe('Wednesday 8:00 PM');
    expect(teeTimeLabel(fixtureLeague, 'friday-6pm')).toBe('friday-6pm');
  });

  it('reads a window as the browser does: switched on, opened, not yet closed', () => {
    const window = { open: true, opensAt: '2026-01-01T00:00:00Z', closesAt: '2026-02-01T00:00:00Z' };
    expect(isSessionOpen(window, new Date('2025-12-31T23:59:59Z'))).toBe(false);
    expect(isSessionOpen(window, new Date('2026-01-01T00:00:00Z'))).toBe(true);
    expect(isSessionOpen(window, new Date('2026-02-01T00:00:00Z'))).toBe(false);
    expect(isSessionOpen({ ...window, opensAt: null }, new Date('2020-01-01T00:00:00Z'))).toBe(true);
    expect(isSessionOpen({ ...window, open: false }, new Date('2026-01-15T00:00:00Z'))).toBe(false);
  });

  it('rejects a session without eight featured courses', () => {
    const broken = { ...fixtureLeague, sessions: [{ ...fixtureLeague.sessions[0], featuredCourses: ['One'] }] };
    expect(leagueSchema.safeParse(broken).success).toBe(false);
  });
});
