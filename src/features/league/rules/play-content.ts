import * as z from 'zod';
import { templateText } from '../../../domain/content-template';
import { measurement } from './play-awards';

/**
 * How league play is scored (src/content/league-play.json): the sane range of an 18-hole gross score,
 * the handicap rule, the points of a week, the flights of a session, the weekly awards and the playoff
 * qualification rule. The score entry, the standings and the league page's qualification text read it.
 */
const id = z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and dashes');
const unit = z.string().regex(/^[a-z]+$/, 'a unit in lower-case letters: ft, in, yd, skins');

export const leaguePlaySchema = z
  .object({
    scores: z.object({
      /** A gross 18-hole score below this is refused as a typing error. */
      minGross: z.number().int().positive(),
      maxGross: z.number().int().positive(),
      /** The par the entry form starts from for a course it has not seen. */
      defaultPar: z.number().int().min(27).max(80),
    }),
    /** A team's handicap: percent % of (the average of its best `bestOf` of its last `lastRounds` gross scores minus par). */
    handicap: z.object({
      percent: z.number().positive().max(100),
      bestOf: z.number().int().positive(),
      lastRounds: z.number().int().positive(),
    }),
    /** Per week: `win` for the best net score of the flight, `tie` each when it is shared, `played` for playing. */
    points: z.object({ win: z.number().int().min(0), tie: z.number().int().min(0), played: z.number().int().min(0) }),
    /** A session's flights by team handicap, lowest handicaps in the first. */
    flights: z.array(z.object({ id, name: z.string().min(1) })).min(1),
    /** The weekly awards; a winner's value is a measurement in one of the award's units ("4 ft 2 in", "312 yd"). */
    awards: z.array(z.object({ id, name: z.string().min(1), units: z.array(unit).min(1), /** A value as staff write it, shown beside the field: "4 ft 2 in". */ example: z.string().min(1) })).min(1),
    playoffs: z.object({
      /** A team that wins its flight in a completed session qualifies. */
      flightWinners: z.boolean(),
      /** A team that plays in every session of the season qualifies. */
      allSessions: z.boolean(),
      /** As the league page prints the rule; {sessionCount} is the season's number of sessions. */
      qualification: templateText(),
      /** Teams seeded into the qualifier round, at most. */
      qualifierSpots: z.number().int().min(2),
    }),
    /** The texts of /league/standings; `fallback` shows until the standings load (and with JavaScript off), `failed` when they cannot. */
    standings: z.object({
      eyebrow: z.string().min(1),
      title: z.string().min(1),
      lead: z.string().min(1),
      loading: z.string().min(1),
      fallback: templateText(),
      failed: templateText(),
    }),
  })
  .superRefine((play, context) => {
    if (play.scores.maxGross <= play.scores.minGross) context.addIssue({ code: 'custom', path: ['scores', 'maxGross'], message: 'is not above minGross' });
    if (play.handicap.bestOf > play.handicap.lastRounds) context.addIssue({ code: 'custom', path: ['handicap', 'bestOf'], message: 'is more than lastRounds' });
    const seen = new Set<string>();
    play.awards.forEach((award, index) => {
      if (seen.has(award.id)) context.addIssue({ code: 'custom', path: ['awards', index, 'id'], message: `duplicate award id ${award.id}` });
      seen.add(award.id);
      if (measurement(award.example, award.units) === null) context.addIssue({ code: 'custom', path: ['awards', index, 'example'], message: `is not a measurement in ${award.units.join(' or ')}` });
    });
  });

export type LeaguePlay = z.output<typeof leaguePlaySchema>;
/** The rules as the pure functions read them (no template). */
export type PlayRules = Omit<LeaguePlay, 'playoffs' | 'standings'> & { playoffs: Omit<LeaguePlay['playoffs'], 'qualification'> };
