/**
 * /api/admin/league-play: the staff's score entry. GET /sessions/winter answers what the form needs
 * (the session's teams, the weeks entered, their history and the standings they give); POST saves one
 * week (400 naming each wrong field, 409 when another save came first); POST /playoffs records the
 * playoff rounds; POST /prizes gives an award's winner a gift card (once per session, week and award).
 */
import * as z from 'zod/mini';
import { endpoint } from '../../../shared/contract/endpoint';
import type { WeekBody } from '../rules/play-entry';
import type { PrizeBody } from '../rules/play-prize';
import { seasonView, sessionView } from './league-standings';

const entry = z.object({ teamId: z.string(), played: z.boolean(), gross: z.nullable(z.number()), course: z.string(), par: z.number() });
const winner = z.object({ awardId: z.string(), teamId: z.string(), value: z.string() });

export const entryAnswer = z.object({
  version: z.number(),
  session: z.object({ id: z.string(), name: z.string(), weeks: z.number() }),
  sessions: z.array(z.object({ id: z.string(), name: z.string() })),
  teams: z.array(z.object({ id: z.string(), name: z.string(), startingHandicap: z.nullable(z.number()) })),
  weeks: z.array(z.object({ week: z.number(), entries: z.array(entry), awards: z.array(winner), savedAt: z.string() })),
  history: z.array(z.object({ at: z.string(), week: z.number(), version: z.number(), changes: z.array(z.string()) })),
  /** The prizes given so far for this session's awards (amounts in cents). */
  prizes: z.array(z.object({ week: z.number(), awardId: z.string(), amountCents: z.number() })),
  rules: z.object({
    /** A prize's amount in whole dollars: the gift cards' range, and the amount the form starts with. */
    prize: z.object({ min: z.number(), max: z.number(), suggested: z.number() }),
    minGross: z.number(),
    maxGross: z.number(),
    defaultPar: z.number(),
    awards: z.array(z.object({ id: z.string(), name: z.string(), example: z.string() })),
  }),
  standings: sessionView,
  season: seasonView,
});
export type EntryAnswer = z.infer<typeof entryAnswer>;

export const savedAnswer = z.object({ ok: z.literal(true), version: z.number() });

export interface PlayoffsBody {
  expectedVersion: number;
  /** 'seed' fills the qualifier round from the qualification list; 'results' records gross scores. */
  action: 'seed' | 'results';
  qualifier?: Array<{ seed: number; gross: number | null }>;
  final?: Array<{ seed: number; gross: number | null }>;
}

/** A prize given now (`issued`), or the one given before for the same award (nothing written). */
export const prizeAnswer = z.object({ ok: z.literal(true), issued: z.boolean(), amountCents: z.number() });

export const readEntry = endpoint('GET', '/api/admin/league-play/sessions/:session').answers<EntryAnswer>();
export const saveWeekEndpoint = endpoint('POST', '/api/admin/league-play').takes<WeekBody>().answers<z.infer<typeof savedAnswer>>();
export const savePlayoffs = endpoint('POST', '/api/admin/league-play/playoffs').takes<PlayoffsBody>().answers<z.infer<typeof savedAnswer>>();
export const givePrize = endpoint('POST', '/api/admin/league-play/prizes').takes<PrizeBody>().answers<z.infer<typeof prizeAnswer>>();
