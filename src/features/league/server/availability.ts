import { league as leagueData } from '../catalogue';
import { leagueAvailability, slotPairs, type LeagueAvailability } from '../rules/availability';
import type { League } from '../rules/league';
import { PENDING_HOLD_MS } from './checkout-hold';
import { takenPlaces } from './registrations-store';

/**
 * Which sessions and tee times take teams now: no store call when no capacity is set, else one round
 * trip. `now` ages the pending holds; `calendar` (default: now) is the instant the sessions' windows are read at.
 */
export async function currentAvailability(options: { league?: League; now?: Date; calendar?: Date } = {}): Promise<LeagueAvailability> {
  const league = options.league ?? leagueData;
  const now = options.now ?? new Date();
  const taken = league.teeTimes.capacityPerTeeTime === undefined ? [] : await takenPlaces(slotPairs(league), { now: now.getTime(), holdMs: PENDING_HOLD_MS });
  return leagueAvailability(league, taken, options.calendar ?? now);
}
