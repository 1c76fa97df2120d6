import { describe, expect, it } from 'vitest';
import { league } from '../data/league';
import { leagueAvailability, slotPairs } from './league-availability';

const now = new Date('2026-01-01T00:00:00Z');

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

  it('reports a closed session', () => {
    const closed = { ...league, sessions: league.sessions.map((session) => (session.id === 'spring' ? { ...session, open: false } : session)) };
    expect(leagueAvailability(closed, [], now).sessions.find((session) => session.id === 'spring')?.open).toBe(false);
  });
});
