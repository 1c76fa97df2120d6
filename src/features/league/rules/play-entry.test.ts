import { describe, expect, it } from 'vitest';
import { leaguePlay } from '../play-catalogue';
import { checkWeek, weekBodySchema, type WeekBody } from './play-entry';
import { weekChanges } from './play-history';
import { champion, finalField, seedQualifier } from './play-view';

const session = { weeks: 8, teamIds: new Set(['t1', 't2']) };
const body = (overrides: Partial<WeekBody> = {}): WeekBody => ({
  sessionId: 'winter',
  week: 1,
  expectedVersion: 0,
  entries: [
    { teamId: 't1', played: true, gross: 80, course: ' Oakmont ', par: 71 },
    { teamId: 't2', played: false, gross: 99, course: '', par: 72 },
  ],
  awards: [{ awardId: 'longest-drive', teamId: 't1', value: '312yd' }],
  ...overrides,
});

describe('a week as staff enter it', () => {
  it('keeps a good week, written the one way', () => {
    expect(checkWeek(leaguePlay, session, body())).toEqual({
      week: {
        entries: [
          { teamId: 't1', played: true, gross: 80, course: 'Oakmont', par: 71 },
          { teamId: 't2', played: false, gross: null, course: '', par: 72 },
        ],
        awards: [{ awardId: 'longest-drive', teamId: 't1', value: '312 yd' }],
      },
    });
  });

  it('names every wrong field', () => {
    const result = checkWeek(leaguePlay, session, body({
      week: 9,
      entries: [
        { teamId: 't1', played: true, gross: 39, course: 'Oakmont', par: 72 },
        { teamId: 't1', played: true, gross: 80, course: '', par: 72 },
        { teamId: 'stranger', played: true, gross: null, course: 'Oakmont', par: 72 },
      ],
      awards: [
        { awardId: 'closest-to-pin', teamId: 't2', value: 'close' },
        { awardId: 'hole-in-one', teamId: 't2', value: '1 skin' },
      ],
      startingHandicaps: { stranger: 3 },
    }));
    expect(result).toEqual({
      fields: {
        week: 'The week is from 1 to 8',
        'entries.0.gross': 'A gross score for 18 holes is from 40 to 200',
        'entries.1.teamId': 'This team is entered twice',
        'entries.1.course': 'Enter the course played',
        'entries.2.teamId': 'This team is not registered for the session',
        'entries.2.gross': 'Enter the gross score of a team that played',
        'awards.0.value': 'Write a measurement in ft or in, like "4 ft 2 in"',
        'awards.1.awardId': 'Choose one of the weekly awards',
        'startingHandicaps.stranger': 'This team is not registered for the session',
      },
    });
  });

  it('refuses shapes before the session is looked at', () => {
    expect(weekBodySchema.safeParse({ ...body(), week: 1.5 }).success).toBe(false);
    expect(weekBodySchema.safeParse({ ...body(), entries: [{ teamId: 't1', played: true, gross: '80', course: 'x', par: 72 }] }).success).toBe(false);
  });
});

describe('the history of a week', () => {
  const names = new Map([['t1', 'Birdies'], ['t2', 'Eagles']]);
  it('says what a save changed', () => {
    const before = { entries: [{ teamId: 't1', played: true, gross: 80, course: 'Oakmont', par: 71 }], awards: [] };
    const after = {
      entries: [{ teamId: 't1', played: true, gross: 78, course: 'Oakmont', par: 71 }, { teamId: 't2', played: false, gross: null, course: '', par: 72 }],
      awards: [{ awardId: 'net-skins', teamId: 't2', value: '2 skins' }],
    };
    expect(weekChanges(leaguePlay, names, before, after, { before: { t1: 4 }, set: { t1: 5, t2: null } })).toEqual([
      'Birdies: 80 at Oakmont (par 71) → 78 at Oakmont (par 71)',
      'Eagles: did not play',
      'Net Skins: nobody → Eagles, 2 skins',
      'Birdies starting handicap: 4 → 5',
    ]);
  });
});

describe('playoff rounds', () => {
  const qualifiers = ['A', 'B', 'C'].map((name, index) => ({ key: name.toLowerCase(), name, reasons: [], points: 30 - index }));
  it('seeds the qualifier round by season points and sends the best grosses to the final', () => {
    const round = seedQualifier(qualifiers, 8);
    expect(round).toEqual([{ seed: 1, team: 'A', gross: null }, { seed: 2, team: 'B', gross: null }, { seed: 3, team: 'C', gross: null }]);
    expect(finalField(round, 2)).toBeNull();
    const played = round.map((entry, index) => ({ ...entry, gross: [75, 70, 75][index]! }));
    expect(finalField(played, 2)).toEqual([{ seed: 1, team: 'B', gross: null }, { seed: 2, team: 'A', gross: null }]);
  });

  it('names a champion only when every finalist has a score and nobody shares the best', () => {
    expect(champion([{ seed: 1, team: 'A', gross: 70 }, { seed: 2, team: 'B', gross: null }])).toBeNull();
    expect(champion([{ seed: 1, team: 'A', gross: 70 }, { seed: 2, team: 'B', gross: 70 }])).toBeNull();
    expect(champion([{ seed: 1, team: 'A', gross: 71 }, { seed: 2, team: 'B', gross: 70 }])).toBe('B');
  });
});
