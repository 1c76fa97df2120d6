import { describe, expect, it } from 'vitest';
import { leaguePlay } from '../play-catalogue';
import { measurement } from './play-awards';
import { handicapFromRounds, playingHandicap } from './play-handicap';
import { qualifiers, teamKey, type SeasonSession } from './play-qualification';
import { assignFlights, competitionRanks, sessionPlay, type PlayTeam, type WeekInput } from './play-session';

const rule = leaguePlay.handicap;
const par72 = (...gross: number[]) => gross.map((each) => ({ gross: each, par: 72 }));

describe('handicap: 80 % of (best 3 of last 5 gross minus par)', () => {
  it('works the shipped rule on a worked example', () => {
    expect(rule).toEqual({ percent: 80, bestOf: 3, lastRounds: 5 });
    // Last five 78 82 75 90 80 → over par 6 10 3 18 8 → best three 3 6 8 → average 5.667 → 80 % = 4.53 → 4.5.
    expect(handicapFromRounds(par72(78, 82, 75, 90, 80), rule)).toBe(4.5);
  });

  it('counts only the last five rounds: an old good round drops out', () => {
    // 70 is the sixth round back: best three of 78 82 75 90 80 again.
    expect(handicapFromRounds(par72(70, 78, 82, 75, 90, 80), rule)).toBe(4.5);
  });

  it('takes each round against its own par and counts fewer rounds as they are', () => {
    expect(handicapFromRounds([{ gross: 80, par: 70 }], rule)).toBe(8);
    expect(handicapFromRounds([{ gross: 80, par: 70 }, { gross: 76, par: 72 }], rule)).toBe(5.6);
    // Under par: -4 -2 -1 → -2.33 × 0.8 = -1.87 → -1.9.
    expect(handicapFromRounds(par72(68, 70, 71), rule)).toBe(-1.9);
  });

  it('plays week 1 off the established starting handicap, else scratch', () => {
    expect(playingHandicap([], 12, rule)).toBe(12);
    expect(playingHandicap([], null, rule)).toBe(0);
    expect(playingHandicap(par72(82), 12, rule)).toBe(8);
  });
});

describe('award values are measurements', () => {
  it('accepts distances and skins in the award units, written one way', () => {
    expect(measurement('4 ft 2 in', ['ft', 'in'])).toBe('4 ft 2 in');
    expect(measurement(' 4ft 2in ', ['ft', 'in'])).toBe('4 ft 2 in');
    expect(measurement('312 yd', ['yd'])).toBe('312 yd');
    expect(measurement('2 skins', ['skin', 'skins'])).toBe('2 skins');
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'far', '312', '312 yd', 'yd 312', '4 ft 2 in 3 in', '-4 ft', '4 ft; drop']) expect(measurement(bad, bad === '312 yd' ? ['ft'] : ['ft', 'in'])).toBeNull();
  });
});

const team = (id: string, startingHandicap: number | null = null): PlayTeam => ({ id, name: `Team ${id.toUpperCase()}`, startingHandicap });
const week = (number: number, scores: Record<string, number | null>, par = 72): WeekInput => ({
  week: number,
  entries: Object.entries(scores).map(([teamId, gross]) => ({ teamId, played: gross !== null, gross, course: 'Pebble Beach', par })),
  awards: [],
});

describe('flights by team handicap', () => {
  it('splits teams by seed handicap, the first flight taking the extra team', () => {
    const teams = [team('a', 10), team('b', 2), team('c', 6), team('d', 14), team('e', 4)];
    expect(assignFlights(leaguePlay, teams, [])).toEqual([
      { id: 'a', teamIds: ['b', 'e', 'c'] },
      { id: 'b', teamIds: ['a', 'd'] },
    ]);
  });

  it('seeds a team without a starting handicap by its first round, and one with neither last', () => {
    const teams = [team('a'), team('b', 5), team('c'), team('d', 1)];
    // a's first round 74 → 1.6; c never played.
    expect(assignFlights(leaguePlay, teams, [week(1, { a: 74, b: 80, c: null, d: 75 })])).toEqual([
      { id: 'a', teamIds: ['d', 'a'] },
      { id: 'b', teamIds: ['b', 'c'] },
    ]);
  });
});

describe('points: 2 for the best net in the flight, 1 each when tied, 1 for playing', () => {
  const teams = [team('a', 0), team('b', 2), team('c', 4), team('d', 6)];

  it('ranks one flight by net and gives the points', () => {
    const play = sessionPlay({ ...leaguePlay, flights: [leaguePlay.flights[0]!] }, teams, [week(1, { a: 75, b: 76, c: 78, d: null })]);
    const results = Object.fromEntries(play.weeks[0]!.results.map((result) => [result.teamId, result]));
    // Nets: a 75, b 74, c 74 (tied first), d did not play.
    expect(results['b']).toMatchObject({ net: 74, flightRank: 1, points: 2 });
    expect(results['c']).toMatchObject({ net: 74, flightRank: 1, points: 2 });
    expect(results['a']).toMatchObject({ net: 75, flightRank: 3, points: 1 });
    expect(results['d']).toMatchObject({ played: false, net: null, flightRank: null, points: 0 });
  });

  it('gives the win alone to a single leader', () => {
    const play = sessionPlay({ ...leaguePlay, flights: [leaguePlay.flights[0]!] }, teams, [week(1, { a: 72, b: 76, c: 78, d: 80 })]);
    expect(play.weeks[0]!.results.map((result) => result.points)).toEqual([3, 1, 1, 1]);
  });

  it('ranks by net to par when teams played courses of different par', () => {
    const input: WeekInput = { week: 1, awards: [], entries: [
      { teamId: 'a', played: true, gross: 74, course: 'Oakmont', par: 70 },
      { teamId: 'b', played: true, gross: 75, course: 'Riviera', par: 72 },
    ] };
    const play = sessionPlay({ ...leaguePlay, flights: [leaguePlay.flights[0]!] }, [team('a', 0), team('b', 0)], [input]);
    expect(play.weeks[0]!.results.find((result) => result.teamId === 'b')).toMatchObject({ flightRank: 1, points: 3 });
  });

  it('ranks standard competition style', () => {
    expect(competitionRanks([1, 2, 2, 4, 4, 9], (a, b) => a === b)).toEqual([1, 2, 2, 4, 4, 6]);
  });
});

describe('a session worked through its weeks', () => {
  const teams = [team('a', 8), team('b', 4)];
  const rules = { ...leaguePlay, flights: [leaguePlay.flights[0]!] };

  it('recomputes the handicap after each week and sums the standings', () => {
    const play = sessionPlay(rules, teams, [week(2, { a: 84, b: 80 }), week(1, { a: 80, b: 78 })]);
    expect(play.weeks.map((each) => each.week)).toEqual([1, 2]);
    // Week 1 off the starting handicaps: a 80 - 8 = 72, b 78 - 4 = 74.
    const line = (weekIndex: number, teamId: string) => {
      const result = play.weeks[weekIndex]!.results.find((each) => each.teamId === teamId)!;
      return [result.handicap, result.net, result.points];
    };
    expect([line(0, 'a'), line(0, 'b')]).toEqual([[8, 72, 3], [4, 74, 1]]);
    // Week 2 off week 1's round: a (80 - 72) × 0.8 = 6.4, b 4.8 → nets 77.6 and 75.2.
    expect([line(1, 'a'), line(1, 'b')]).toEqual([[6.4, 77.6, 1], [4.8, 75.2, 3]]);
    const rows = play.standings[0]!.rows;
    // Tied on 4 points: b's average net to par (2 + 3.2) / 2 = 2.6 beats a's (0 + 5.6) / 2 = 2.8.
    expect(rows.map((row) => [row.teamId, row.rank, row.points, row.weeksPlayed, row.averageNet, row.bestGross])).toEqual([
      ['b', 1, 4, 2, 74.6, 78],
      ['a', 2, 4, 2, 74.8, 80],
    ]);
    // After week 2: a best of 8 and 12 → 10 × 0.8 = 8; b 6 and 8 → 5.6.
    expect(rows.map((row) => row.handicap)).toEqual([5.6, 8]);
  });

  it('changes later weeks when an early week is corrected', () => {
    const before = sessionPlay(rules, teams, [week(1, { a: 80, b: 78 }), week(2, { a: 84, b: 80 })]);
    const after = sessionPlay(rules, teams, [week(1, { a: 90, b: 78 }), week(2, { a: 84, b: 80 })]);
    const teamA = (play: typeof before) => play.weeks[1]!.results.find((result) => result.teamId === 'a')!;
    expect(teamA(before)).toMatchObject({ handicap: 6.4, points: 1 });
    // Week 1 at 90: a plays week 2 off 14.4, nets 69.6 and wins it.
    expect(teamA(after)).toMatchObject({ handicap: 14.4, net: 69.6, points: 3 });
  });
});

describe('playoff qualification across the season', () => {
  const rules = { ...leaguePlay, flights: [leaguePlay.flights[0]!] };
  const session = (sessionId: string, weeks: number, names: string[], input: WeekInput[]): SeasonSession => {
    const teams = names.map((name, index) => ({ id: `${sessionId}-${index}`, name, startingHandicap: 0 }));
    return { sessionId, weeks, teams, play: sessionPlay(rules, teams, input) };
  };
  const scores = (sessionId: string, gross: Array<number | null>) => Object.fromEntries(gross.map((each, index) => [`${sessionId}-${index}`, each]));

  it('qualifies the winner of a completed session and the team that played every session', () => {
    const season = [
      session('winter', 1, ['Birdie Hunters', 'Fore Play'], [week(1, scores('winter', [72, 80]))]),
      session('spring', 2, ['Fore Play', 'Sand Traps'], [week(1, scores('spring', [70, 80]))]),
      session('fall', 1, ['fore  play', 'Sand Traps'], [week(1, scores('fall', [null, 75]))]),
    ];
    const list = qualifiers(rules, season);
    expect(list.map((each) => [each.name, each.reasons])).toEqual([
      ['Sand Traps', [{ kind: 'flight', sessionId: 'fall', flightId: 'a' }]],
      ['Birdie Hunters', [{ kind: 'flight', sessionId: 'winter', flightId: 'a' }]],
    ]);
    // Fore Play won spring's week but spring is not complete, and it did not play in the fall.
    expect(teamKey(' Fore  Play ')).toBe('fore play');
  });

  it('qualifies a team that played in all sessions, whatever its rank', () => {
    const season = [
      session('winter', 1, ['Birdie Hunters', 'Fore Play'], [week(1, scores('winter', [72, 80]))]),
      session('spring', 1, ['Fore Play'], [week(1, scores('spring', [80]))]),
    ];
    // Fore Play: 1 point in winter (second), 3 in spring (alone, so first).
    const list = qualifiers({ playoffs: { ...rules.playoffs, flightWinners: false } }, season);
    expect(list).toEqual([{ key: 'fore play', name: 'Fore Play', reasons: [{ kind: 'allSessions' }], points: 4 }]);
  });
});
