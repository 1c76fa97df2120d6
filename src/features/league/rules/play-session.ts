/**
 * A league session's play worked out from what staff entered (pure): each week's results with the
 * handicap each team played off, its net score, its rank in its flight and its points, and the
 * standings per flight. Everything is derived from the raw entries every time, so a corrected early
 * week changes every later week's handicaps, nets and points.
 *
 * Flights: teams ordered by their seed handicap (the starting handicap staff set, else the handicap of
 * their first round, teams with neither last), split into the content's flights in that order, the
 * first flights taking one more team when they do not divide evenly.
 * Points per week: within a flight, the best net score to par wins `win`; shared, each of those teams
 * gets `tie`; every team that played gets `played` too.
 */
import { handicapFromRounds, oneDecimal, playingHandicap, type Round } from './play-handicap';
import type { PlayRules } from './play-content';

export interface PlayTeam {
  id: string;
  name: string;
  /** The established handicap staff set for week 1; null when none. */
  startingHandicap: number | null;
}

export interface WeekEntry {
  teamId: string;
  played: boolean;
  /** Gross 18-hole score; null when the team did not play. */
  gross: number | null;
  course: string;
  par: number;
}

export interface AwardWinner {
  awardId: string;
  teamId: string;
  /** A measurement: "4 ft 2 in". */
  value: string;
}

export interface WeekInput {
  week: number;
  entries: WeekEntry[];
  awards: AwardWinner[];
}

export interface TeamWeekResult {
  teamId: string;
  flightId: string;
  played: boolean;
  gross: number | null;
  course: string;
  par: number;
  /** The handicap played off this week. */
  handicap: number;
  /** Gross minus handicap; null when not played. */
  net: number | null;
  /** Rank in the flight by net to par (1, 2, 2, 4); null when not played. */
  flightRank: number | null;
  points: number;
}

export interface WeekResult {
  week: number;
  results: TeamWeekResult[];
  awards: AwardWinner[];
}

export interface StandingRow {
  teamId: string;
  rank: number;
  weeksPlayed: number;
  points: number;
  /** Average net score; null before the team played. */
  averageNet: number | null;
  /** The handicap after the last week entered. */
  handicap: number;
  bestGross: number | null;
}

export interface FlightStandings {
  flightId: string;
  rows: StandingRow[];
}

export interface SessionPlay {
  flights: Array<{ id: string; teamIds: string[] }>;
  weeks: WeekResult[];
  standings: FlightStandings[];
}

/** Standard competition ranks (1, 2, 2, 4) of items already sorted, equal when `same` says so. */
export function competitionRanks<T>(sorted: readonly T[], same: (a: T, b: T) => boolean): number[] {
  const ranks: number[] = [];
  sorted.forEach((item, index) => ranks.push(index > 0 && same(sorted[index - 1]!, item) ? ranks[index - 1]! : index + 1));
  return ranks;
}

const playedRound = (entry: WeekEntry | undefined): Round | null => (entry && entry.played && entry.gross !== null ? { gross: entry.gross, par: entry.par } : null);

/** The flights of a session: teams by seed handicap, split in order. */
export function assignFlights(rules: Pick<PlayRules, 'flights' | 'handicap'>, teams: readonly PlayTeam[], weeks: readonly WeekInput[]): Array<{ id: string; teamIds: string[] }> {
  const seed = (team: PlayTeam): number => {
    if (team.startingHandicap !== null) return team.startingHandicap;
    for (const week of weeks) {
      const round = playedRound(week.entries.find((entry) => entry.teamId === team.id));
      if (round) return handicapFromRounds([round], rules.handicap) ?? Infinity;
    }
    return Infinity;
  };
  const ordered = [...teams].map((team) => ({ team, seed: seed(team) })).sort((a, b) => a.seed - b.seed || a.team.name.localeCompare(b.team.name));
  const size = Math.floor(ordered.length / rules.flights.length);
  const extra = ordered.length % rules.flights.length;
  let at = 0;
  return rules.flights.map((flight, index) => {
    const count = size + (index < extra ? 1 : 0);
    const teamIds = ordered.slice(at, at + count).map((each) => each.team.id);
    at += count;
    return { id: flight.id, teamIds };
  });
}

/** One week's results for a flight, given the handicap each team plays off. */
function flightWeek(rules: Pick<PlayRules, 'points'>, flightId: string, teamIds: readonly string[], week: WeekInput, handicaps: ReadonlyMap<string, number>): TeamWeekResult[] {
  const results = teamIds.map((teamId): TeamWeekResult => {
    const entry = week.entries.find((each) => each.teamId === teamId);
    const round = playedRound(entry);
    const handicap = handicaps.get(teamId) ?? 0;
    return {
      teamId,
      flightId,
      played: round !== null,
      gross: round?.gross ?? null,
      course: entry?.course ?? '',
      par: entry?.par ?? 0,
      handicap,
      net: round ? oneDecimal(round.gross - handicap) : null,
      flightRank: null,
      points: 0,
    };
  });
  const toPar = (result: TeamWeekResult) => oneDecimal(result.net! - result.par);
  const played = results.filter((result) => result.played).sort((a, b) => toPar(a) - toPar(b));
  const ranks = competitionRanks(played, (a, b) => toPar(a) === toPar(b));
  const leaders = ranks.filter((rank) => rank === 1).length;
  played.forEach((result, index) => {
    result.flightRank = ranks[index]!;
    result.points = rules.points.played + (ranks[index] === 1 ? (leaders === 1 ? rules.points.win : rules.points.tie) : 0);
  });
  return results;
}

/** The session's weeks and standings from the teams and the weeks entered (any order). */
export function sessionPlay(rules: Pick<PlayRules, 'flights' | 'handicap' | 'points'>, teams: readonly PlayTeam[], input: readonly WeekInput[]): SessionPlay {
  const weeks = [...input].sort((a, b) => a.week - b.week);
  const flights = assignFlights(rules, teams, weeks);
  const rounds = new Map<string, Round[]>(teams.map((team) => [team.id, []]));
  const starting = new Map(teams.map((team) => [team.id, team.startingHandicap]));
  const currentHandicap = (teamId: string) => playingHandicap(rounds.get(teamId) ?? [], starting.get(teamId) ?? null, rules.handicap);
  const results: WeekResult[] = weeks.map((week) => {
    const handicaps = new Map(teams.map((team) => [team.id, currentHandicap(team.id)]));
    const weekResults = flights.flatMap((flight) => flightWeek(rules, flight.id, flight.teamIds, week, handicaps));
    for (const result of weekResults) if (result.played) rounds.get(result.teamId)?.push({ gross: result.gross!, par: result.par });
    return { week: week.week, results: weekResults, awards: week.awards };
  });
  const standings = flights.map((flight): FlightStandings => {
    const rows = flight.teamIds.map((teamId) => {
      const own = results.flatMap((week) => week.results.filter((result) => result.teamId === teamId && result.played));
      const average = (values: number[]) => (values.length > 0 ? oneDecimal(values.reduce((sum, each) => sum + each, 0) / values.length) : null);
      return {
        row: {
          teamId,
          rank: 0,
          weeksPlayed: own.length,
          points: results.reduce((sum, week) => sum + (week.results.find((result) => result.teamId === teamId)?.points ?? 0), 0),
          averageNet: average(own.map((result) => result.net!)),
          handicap: currentHandicap(teamId),
          bestGross: own.length > 0 ? Math.min(...own.map((result) => result.gross!)) : null,
        },
        toPar: average(own.map((result) => result.net! - result.par)) ?? Infinity,
        name: teams.find((team) => team.id === teamId)?.name ?? '',
      };
    });
    rows.sort((a, b) => b.row.points - a.row.points || a.toPar - b.toPar || a.name.localeCompare(b.name));
    const ranks = competitionRanks(rows, (a, b) => a.row.points === b.row.points && a.toPar === b.toPar);
    return { flightId: flight.id, rows: rows.map((each, index) => ({ ...each.row, rank: ranks[index]! })) };
  });
  return { flights, weeks: results, standings };
}
