import { describe, expect, it } from 'vitest';
import type { EntryAnswer } from '../contract/admin-league-play';
import { rowErrors, weekBody, weekForm, weekSummary } from './play-form';

const answer = {
  version: 3,
  session: { id: 'winter', name: 'Winter Session', weeks: 8 },
  sessions: [{ id: 'winter', name: 'Winter Session' }],
  teams: [
    { id: 't1', name: 'Birdies', startingHandicap: 6 },
    { id: 't2', name: 'Eagles', startingHandicap: null },
  ],
  weeks: [{ week: 1, entries: [{ teamId: 't1', played: true, gross: 80, course: 'Oakmont', par: 71 }, { teamId: 't2', played: false, gross: null, course: '', par: 72 }], awards: [{ awardId: 'longest-drive', teamId: 't1', value: '312 yd' }], savedAt: '2026-12-08T02:00:00.000Z' }],
  history: [],
  rules: { minGross: 40, maxGross: 200, defaultPar: 72, awards: [{ id: 'longest-drive', name: 'Longest Drive', example: '312 yd' }, { id: 'net-skins', name: 'Net Skins', example: '2 skins' }] },
} as unknown as EntryAnswer;

describe('the score entry form', () => {
  it('opens a saved week as it was saved, and a new one blank at the default par', () => {
    const saved = weekForm(answer, 1);
    expect(saved).toMatchObject({ course: 'Oakmont', par: '71' });
    expect(saved.rows.map((row) => [row.name, row.gross, row.starting])).toEqual([['Birdies', '80', '6'], ['Eagles', '', '']]);
    expect(saved.awards.map((award) => [award.name, award.teamId, award.value])).toEqual([['Longest Drive', 't1', '312 yd'], ['Net Skins', '', '']]);
    expect(weekForm(answer, 2)).toMatchObject({ course: '', par: '72' });
  });

  it('sends a blank score as not played, the week course where a row names none, and only changed starting handicaps', () => {
    const form = weekForm(answer, 2);
    form.course = ' Royal Troon ';
    form.rows[0]!.gross = '78';
    form.rows[1]!.gross = ' ';
    form.rows[1]!.starting = '12';
    form.awards[1]!.teamId = 't1';
    form.awards[1]!.value = '2 skins';
    const body = weekBody(answer, form);
    expect(body).toEqual({
      sessionId: 'winter',
      week: 2,
      expectedVersion: 3,
      entries: [
        { teamId: 't1', played: true, gross: 78, course: 'Royal Troon', par: 72 },
        { teamId: 't2', played: false, gross: null, course: 'Royal Troon', par: 72 },
      ],
      awards: [{ awardId: 'net-skins', teamId: 't1', value: '2 skins' }],
      startingHandicaps: { t2: 12 },
    });
    expect(weekSummary(answer, body)).toEqual([
      'Save week 2 of the Winter Session: 1 of 2 teams played.',
      'Gross scores from 78 to 78.',
      'Did not play: Eagles.',
      'Net Skins: Birdies, 2 skins.',
      'Eagles starts off 12.',
      'Each team gets its result by e-mail.',
    ]);
    expect(weekSummary(answer, weekBody(answer, weekForm(answer, 1))).at(-1)).toBe('Teams whose result changes get a short correction by e-mail.');
  });

  it('finds a row’s errors in the answer', () => {
    expect(rowErrors({ 'entries.1.gross': 'Too low', 'entries.10.gross': 'Other', week: 'x' }, 'entries', 1)).toEqual({ gross: 'Too low' });
  });
});
