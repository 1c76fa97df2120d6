/**
 * Which league sessions and tee times still take teams, from the places taken per session and tee
 * time. Pure: the server counts, this decides; the wizard shows the answer (the server enforces it).
 */
import type { LeagueAvailability } from '../contract/league-availability';
import { teeTimeId } from './league-rules';
import { takesRegistrations } from './registration-window';
import type { League } from './league';

export type { LeagueAvailability };

/** Every session × tee-time pair, in a fixed order (sessions, then days, then slots). */
export function slotPairs(league: Pick<League, 'sessions' | 'teeTimes'>): Array<{ sessionId: string; teeTime: string }> {
  return league.sessions.flatMap((session) =>
    league.teeTimes.days.flatMap((day) => league.teeTimes.slots.map((slot) => ({ sessionId: session.id, teeTime: teeTimeId(day.id, slot.id) }))),
  );
}

/** `taken` holds the places taken for each pair of slotPairs(league), in the same order. */
export function leagueAvailability(league: Pick<League, 'sessions' | 'teeTimes'>, taken: readonly number[], now: Date): LeagueAvailability {
  const capacity = league.teeTimes.capacityPerTeeTime ?? null;
  const pairs = slotPairs(league);
  return {
    capacityPerTeeTime: capacity,
    sessions: league.sessions.map((session) => {
      const fullTeeTimes =
        capacity === null ? [] : pairs.flatMap((pair, index) => (pair.sessionId === session.id && (taken[index] ?? 0) >= capacity ? [pair.teeTime] : []));
      const teeTimeCount = league.teeTimes.days.length * league.teeTimes.slots.length;
      return { id: session.id, open: takesRegistrations(league, session, now), full: fullTeeTimes.length === teeTimeCount, fullTeeTimes };
    }),
  };
}
