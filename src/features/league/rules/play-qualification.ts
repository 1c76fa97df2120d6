/**
 * Who has qualified for the playoffs so far (pure), by the content's rule across the season's
 * sessions: a team that wins its flight in a completed session (every week entered; a shared first
 * place qualifies each), and a team that played in every session of the season. A team is the same
 * team across sessions when its name is (case and spacing aside): each session is its own registration.
 */
import type { PlayRules } from './play-content';
import type { SessionPlay } from './play-session';

export interface SeasonSession {
  sessionId: string;
  /** The session's number of weeks (content). */
  weeks: number;
  teams: ReadonlyArray<{ id: string; name: string }>;
  play: SessionPlay;
}

export type QualifyingReason = { kind: 'flight'; sessionId: string; flightId: string } | { kind: 'allSessions' };

export interface Qualifier {
  /** The team across sessions: its name, normalised. */
  key: string;
  name: string;
  reasons: QualifyingReason[];
  /** Points over the season, which orders the list and seeds the qualifier round. */
  points: number;
}

export const teamKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

export function qualifiers(rules: Pick<PlayRules, 'playoffs'>, season: readonly SeasonSession[]): Qualifier[] {
  const found = new Map<string, Qualifier>();
  const points = new Map<string, number>();
  const playedIn = new Map<string, Set<string>>();
  const names = new Map<string, string>();
  const entry = (key: string) => {
    let qualifier = found.get(key);
    if (!qualifier) found.set(key, (qualifier = { key, name: names.get(key) ?? key, reasons: [], points: 0 }));
    return qualifier;
  };
  for (const session of season) {
    const nameOf = new Map(session.teams.map((team) => [team.id, team.name]));
    for (const flight of session.play.standings) {
      for (const row of flight.rows) {
        const key = teamKey(nameOf.get(row.teamId) ?? row.teamId);
        names.set(key, nameOf.get(row.teamId) ?? key);
        points.set(key, (points.get(key) ?? 0) + row.points);
        if (row.weeksPlayed > 0) playedIn.set(key, (playedIn.get(key) ?? new Set()).add(session.sessionId));
      }
    }
    const complete = new Set(session.play.weeks.map((week) => week.week)).size >= session.weeks;
    if (!rules.playoffs.flightWinners || !complete) continue;
    for (const flight of session.play.standings) {
      for (const row of flight.rows) {
        if (row.rank === 1 && row.weeksPlayed > 0) entry(teamKey(nameOf.get(row.teamId) ?? row.teamId)).reasons.push({ kind: 'flight', sessionId: session.sessionId, flightId: flight.flightId });
      }
    }
  }
  if (rules.playoffs.allSessions && season.length > 0) {
    for (const [key, sessions] of playedIn) if (sessions.size === season.length) entry(key).reasons.push({ kind: 'allSessions' });
  }
  return [...found.values()]
    .map((qualifier) => ({ ...qualifier, name: names.get(qualifier.key) ?? qualifier.name, points: points.get(qualifier.key) ?? 0 }))
    .sort((a, b) => b.points - a.points || a.name.localeCompare(b.name));
}
