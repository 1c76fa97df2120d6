import { describe, expect, it } from 'vitest';
import { cell, openingSession, sortRows } from './standings-table';

const row = (rank: number, team: string, points: number, averageNet: number | null) => ({ rank, team, weeksPlayed: averageNet === null ? 0 : 2, points, averageNet, handicap: 5, bestGross: averageNet === null ? null : 80 });
const rows = [row(1, 'Eagles', 8, 70.5), row(2, 'Aces', 6, 72), row(3, 'Birdies', 0, null)];

describe('standings tables', () => {
  it('sort by any column either way, teams without a value last', () => {
    expect(sortRows(rows, 'team', 'ascending').map((each) => each.team)).toEqual(['Aces', 'Birdies', 'Eagles']);
    expect(sortRows(rows, 'points', 'ascending').map((each) => each.team)).toEqual(['Birdies', 'Aces', 'Eagles']);
    expect(sortRows(rows, 'averageNet', 'descending').map((each) => each.team)).toEqual(['Aces', 'Eagles', 'Birdies']);
    expect(sortRows(rows, 'averageNet', 'ascending').map((each) => each.team)).toEqual(['Eagles', 'Aces', 'Birdies']);
  });

  it('print nothing yet as a dash', () => {
    expect([cell(null), cell(0), cell('x')]).toEqual(['–', '0', 'x']);
  });

  it('open on the session asked for, else the latest started', () => {
    const sessions = [{ id: 'winter', startDate: '2026-12-07' }, { id: 'spring', startDate: '2027-02-22' }, { id: 'fall', startDate: '2027-09-27' }];
    expect(openingSession(sessions, 'fall', '2026-01-01')).toBe('fall');
    expect(openingSession(sessions, 'summer', '2027-03-01')).toBe('spring');
    expect(openingSession(sessions, null, '2026-01-01')).toBe('winter');
  });
});
