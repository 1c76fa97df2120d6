import { describe, expect, it } from 'vitest';
import { FIXTURE_ALL_OPEN as now, FIXTURE_FALL_CLOSES, fixtureLeague as league } from '../../../../tests/support/league-fixture';
import { leagueAvailability, slotPairs } from './availability';


describe('league availability', () => {
  it('lists every session and tee time once', () => {
    const pairs = slotPairs(league);
    expect(pairs).toHaveLength(league.sessions.length * 6);
    expect(pairs[0]).toEqual({ sessionId: 'fall', teeTime: 'monday-6pm' });
  });

  it('never marks anything full without a capacity', () => {
    const result = leagueAvailability(league, slotPairs(league).map(() => 99), now);
    expect(result.capacityPerTeeTime).toBeNull();
    expect(result.sessions.every((session) => !session.full && session.fullTeeTimes.length === 0 && session.open)).toBe(true);
  });

  it('marks full tee times, and a session full when all its tee times are', () => {
    const limited = { ...league, teeTimes: { ...league.teeTimes, capacityPerTeeTime: 2 } };
    const taken = slotPairs(limited).map((pair) => (pair.sessionId === 'winter' || pair.teeTime === 'tuesday-8pm' ? 2 : 1));
    const result = leagueAvailability(limited, taken, now);
    expect(result.sessions.find((session) => session.id === 'fall')).toEqual({ id: 'fall', open: true, full: false, fullTeeTimes: ['tuesday-8pm'] });
    expect(result.sessions.find((session) => session.id === 'winter')?.full).toBe(true);
  });

  it('reports a session switched off, and one past its closing time', () => {
    const closed = { ...league, sessions: league.sessions.map((session) => (session.id === 'spring' ? { ...session, open: false } : session)) };
    expect(leagueAvailability(closed, [], now).sessions.find((session) => session.id === 'spring')?.open).toBe(false);
    expect(leagueAvailability(league, [], FIXTURE_FALL_CLOSES).sessions.map((session) => [session.id, session.open])).toEqual([
      ['fall', false],
      ['winter', true],
      ['spring', true],
    ]);
  });
});
