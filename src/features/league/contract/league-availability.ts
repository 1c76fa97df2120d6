/**
 * GET /api/league-availability: which league sessions and tee times still take teams (the wizard
 * greys out the rest; the registration enforces the same rule).
 */
import * as z from 'zod/mini';
import { endpoint } from '../../../shared/contract/endpoint';

export const sessionAvailability = z.object({
  id: z.string(),
  /** Taking registrations now: switched on, opened, not yet closed (registration-window.ts). */
  open: z.boolean(),
  /** Every tee time of the session is at capacity. */
  full: z.boolean(),
  /** Tee-time ids ('monday-6pm') at capacity. */
  fullTeeTimes: z.array(z.string()),
});
export type SessionAvailability = z.infer<typeof sessionAvailability>;

export const leagueAvailabilityAnswer = z.object({
  /** Teams per tee time and session; null when unlimited. */
  capacityPerTeeTime: z.nullable(z.number()),
  sessions: z.array(sessionAvailability),
});
export type LeagueAvailability = z.infer<typeof leagueAvailabilityAnswer>;

export const leagueAvailability = endpoint('GET', '/api/league-availability').answers<LeagueAvailability>();
