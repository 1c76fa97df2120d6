import * as z from 'zod';
import type { League } from '../rules/league';

/**
 * The league registration wizard's form and the body of POST /api/league-registration-multi: one
 * entry per selected session, each with its tee time, optional team name and both players.
 * Built from the league data so the offered days and slots are the only accepted ones.
 */
import { LEAGUE_MESSAGES } from './form-texts';

export * from './form-texts';

const m = LEAGUE_MESSAGES;
const MAX_NAME = 100;

const name = (message: string) => z.string({ error: message }).trim().min(1, message).max(MAX_NAME, message);
const email = z.string({ error: m.email }).trim().max(254, m.email).pipe(z.email({ error: m.email }));
const phone = z.string({ error: m.phone }).trim().min(10, m.phone).max(40, m.phone);
const choice = (ids: readonly string[], message: string) =>
  z.string({ error: message }).refine((value) => ids.includes(value), { message });

/** One session's entry: tee time, team name (optional) and both players. */
export function leagueSessionEntrySchema(league: Pick<League, 'teeTimes'>) {
  return z.object({
    sessionId: z.string({ error: 'Unknown league session' }).min(1, 'Unknown league session').max(64, 'Unknown league session'),
    teamName: z.string().trim().max(MAX_NAME, 'Team name is too long').optional(),
    teeTimeDay: choice(league.teeTimes.days.map((day) => day.id), m.teeTimeDay),
    teeTimeSlot: choice(league.teeTimes.slots.map((slot) => slot.id), m.teeTimeSlot),
    player1FirstName: name(m.firstName),
    player1LastName: name(m.lastName),
    player1Email: email,
    player1Phone: phone,
    player2FirstName: name(m.firstName),
    player2LastName: name(m.lastName),
    player2Email: email,
    player2Phone: phone,
  });
}

/** The request body: one entry per selected session, at least one. */
export function leagueRegistrationSchema(league: Pick<League, 'teeTimes' | 'sessions'>) {
  return z.object({
    sessionRegistrations: z
      .array(leagueSessionEntrySchema(league), { error: m.sessionsRequired })
      .min(1, m.sessionsRequired)
      .max(league.sessions.length, 'Each session can be registered once.'),
  });
}

export type LeagueSessionEntry = z.output<ReturnType<typeof leagueSessionEntrySchema>>;
export type LeagueRegistrationRequest = z.output<ReturnType<typeof leagueRegistrationSchema>>;
