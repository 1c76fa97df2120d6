import { league as leagueData } from '../../data/league';
import { leagueAvailability, slotPairs, type LeagueAvailability } from '../../domain/league-availability';
import type { League } from '../../domain/league';
import { PENDING_HOLD_MS } from './checkout-hold';
import { takenPlaces } from './registrations-store';

/** Which sessions and tee times take teams now: no store call when no capacity is set, else one round trip. */
export async function currentAvailability(options: { league?: League; now?: Date } = {}): Promise<LeagueAvailability> {
  const league = options.league ?? leagueData;
  const now = options.now ?? new Date();
  const taken = league.teeTimes.capacityPerTeeTime === undefined ? [] : await takenPlaces(slotPairs(league), { now: now.getTime(), holdMs: PENDING_HOLD_MS });
  return leagueAvailability(league, taken, now);
}
