/**
 * The public views (pure): a session's standings, week results and award winners, and the season's
 * qualifiers and playoffs, with team names in place of ids, so what is stored for the public page
 * holds no contact of anyone.
 */
import type { SeasonView, SessionView } from '../contract/league-standings';
import type { PlayRules } from './play-content';
import type { Qualifier } from './play-qualification';
import type { SessionPlay } from './play-session';

export interface NamedSession {
  id: string;
  name: string;
  weeks: number;
}

export function sessionView(
  rules: Pick<PlayRules, 'flights' | 'awards'>,
  session: NamedSession,
  names: ReadonlyMap<string, string>,
  play: SessionPlay,
  version: number,
): SessionView {
  const name = (id: string) => names.get(id) ?? 'Team';
  const flightName = (id: string) => rules.flights.find((flight) => flight.id === id)?.name ?? id;
  return {
    version,
    sessionId: session.id,
    sessionName: session.name,
    weeks: session.weeks,
    flights: play.standings.map((flight) => ({
      id: flight.flightId,
      name: flightName(flight.flightId),
      rows: flight.rows.map(({ teamId, ...row }) => ({ ...row, team: name(teamId) })),
    })),
    results: play.weeks.map((week) => ({
      week: week.week,
      rows: week.results.map((result) => ({
        team: name(result.teamId),
        flight: flightName(result.flightId),
        played: result.played,
        course: result.course,
        gross: result.gross,
        handicap: result.handicap,
        net: result.net,
        flightRank: result.flightRank,
        points: result.points,
      })),
      awards: week.awards.map((winner) => ({ award: rules.awards.find((award) => award.id === winner.awardId)?.name ?? winner.awardId, team: name(winner.teamId), value: winner.value })),
    })),
  };
}

/** Playoff rounds as staff enter them: teams by seed with their gross score once played. */
export interface PlayoffsInput {
  qualifier: Array<{ seed: number; team: string; gross: number | null }>;
  final: Array<{ seed: number; team: string; gross: number | null }>;
  finalists: number;
}

export const NO_PLAYOFFS: PlayoffsInput = { qualifier: [], final: [], finalists: 0 };

/** The final's winner: the lowest gross once every finalist has one and nobody shares it. */
export function champion(final: PlayoffsInput['final']): string | null {
  if (final.length === 0 || final.some((entry) => entry.gross === null)) return null;
  const best = Math.min(...final.map((entry) => entry.gross!));
  const winners = final.filter((entry) => entry.gross === best);
  return winners.length === 1 ? winners[0]!.team : null;
}

export function seasonView(
  rules: Pick<PlayRules, 'flights'>,
  sessions: readonly NamedSession[],
  qualifiers: readonly Qualifier[],
  playoffs: PlayoffsInput,
  version: number,
): SeasonView {
  const reason = (each: Qualifier['reasons'][number]) =>
    each.kind === 'allSessions'
      ? `Played all ${sessions.length} sessions`
      : `Won ${rules.flights.find((flight) => flight.id === each.flightId)?.name ?? each.flightId}, ${sessions.find((session) => session.id === each.sessionId)?.name ?? each.sessionId}`;
  return {
    version,
    qualifiers: qualifiers.map((qualifier) => ({ team: qualifier.name, reasons: qualifier.reasons.map(reason), points: qualifier.points })),
    playoffs: { ...playoffs, champion: champion(playoffs.final) },
  };
}

/** The qualifier round seeded from the qualification list: the best `spots` by season points, seed 1 first. */
export function seedQualifier(qualifiers: readonly Qualifier[], spots: number): PlayoffsInput['qualifier'] {
  return qualifiers.slice(0, spots).map((qualifier, index) => ({ seed: index + 1, team: qualifier.name, gross: null }));
}

/** The final's field: the qualifier round's best `finalists` by gross (the better seed on a tie), once every score is in. */
export function finalField(qualifier: PlayoffsInput['qualifier'], finalists: number): PlayoffsInput['final'] | null {
  if (qualifier.length === 0 || qualifier.some((entry) => entry.gross === null)) return null;
  return [...qualifier]
    .sort((a, b) => a.gross! - b.gross! || a.seed - b.seed)
    .slice(0, finalists)
    .map((entry, index) => ({ seed: index + 1, team: entry.team, gross: null }));
}
