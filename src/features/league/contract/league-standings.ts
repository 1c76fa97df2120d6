/**
 * /api/league/standings?session=winter: a session's public standings and the season's qualifiers and
 * playoffs, as saved with the last week (team names only: never an e-mail or a phone).
 */
import * as z from 'zod/mini';
import { endpoint } from '../../../shared/contract/endpoint';

const nullableNumber = z.nullable(z.number());

export const standingRow = z.object({
  rank: z.number(),
  team: z.string(),
  weeksPlayed: z.number(),
  points: z.number(),
  averageNet: nullableNumber,
  handicap: z.number(),
  bestGross: nullableNumber,
});
export type PublicStandingRow = z.infer<typeof standingRow>;

export const weekRow = z.object({
  team: z.string(),
  flight: z.string(),
  played: z.boolean(),
  course: z.string(),
  gross: nullableNumber,
  handicap: z.number(),
  net: nullableNumber,
  flightRank: nullableNumber,
  points: z.number(),
});

export const sessionView = z.object({
  version: z.number(),
  sessionId: z.string(),
  sessionName: z.string(),
  weeks: z.number(),
  flights: z.array(z.object({ id: z.string(), name: z.string(), rows: z.array(standingRow) })),
  results: z.array(z.object({ week: z.number(), rows: z.array(weekRow), awards: z.array(z.object({ award: z.string(), team: z.string(), value: z.string() })) })),
});
export type SessionView = z.infer<typeof sessionView>;

export const playoffMatch = z.object({ seed: z.number(), team: z.string(), gross: nullableNumber });

export const seasonView = z.object({
  version: z.number(),
  qualifiers: z.array(z.object({ team: z.string(), reasons: z.array(z.string()), points: z.number() })),
  playoffs: z.object({
    qualifier: z.array(playoffMatch),
    final: z.array(playoffMatch),
    /** Teams that go through from the qualifier round to the final. */
    finalists: z.number(),
    champion: z.nullable(z.string()),
  }),
});
export type SeasonView = z.infer<typeof seasonView>;

export const standingsAnswer = z.object({
  /** The largest of the two views' versions: changes at every save. */
  version: z.number(),
  session: z.nullable(sessionView),
  season: z.nullable(seasonView),
});
export type StandingsAnswer = z.infer<typeof standingsAnswer>;

export const leagueStandings = endpoint('GET', '/api/league/standings').answers<StandingsAnswer>();
