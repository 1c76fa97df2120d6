import { describe, expect, it } from 'vitest';
import { copyFromPrevious, emptyEntry, parseDraft } from './draft';

const filled = { ...emptyEntry(), teamName: 'Birdie Kings', player1FirstName: 'Ann', player1Email: 'ann@example.com', player2FirstName: 'Bo', teeTimeDay: 'monday' };

describe('league draft', () => {
  it('restores a stored draft, keeping only known sessions and fields', () => {
    const text = JSON.stringify({ step: 9, selected: ['winter', 'nope', 'fall'], entries: { fall: { ...filled, extra: 'x' }, nope: filled } });
    const draft = parseDraft(text, ['fall', 'winter', 'spring']);
    expect(draft?.selected).toEqual(['fall', 'winter']);
    expect(draft?.step).toBe(2);
    expect(draft?.entries['fall']).toEqual(filled);
    expect(Object.keys(draft?.entries ?? {})).toEqual(['fall']);
  });

  it('drops malformed drafts', () => {
    expect(parseDraft('{not json', ['fall'])).toBeNull();
    expect(parseDraft(null, ['fall'])).toBeNull();
  });

  it('copies team name, one player, or everything from the previous session', () => {
    const blank = emptyEntry();
    expect(copyFromPrevious(blank, filled, 'teamName')).toEqual({ ...blank, teamName: 'Birdie Kings' });
    expect(copyFromPrevious(blank, filled, 'player1')).toEqual({ ...blank, player1FirstName: 'Ann', player1Email: 'ann@example.com' });
    expect(copyFromPrevious(blank, filled, 'player2')).toEqual({ ...blank, player2FirstName: 'Bo' });
    expect(copyFromPrevious({ ...blank, teeTimeDay: 'tuesday' }, filled, 'all')).toEqual({ ...filled, teeTimeDay: 'tuesday' });
  });
});
