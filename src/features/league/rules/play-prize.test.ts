import { describe, expect, it } from 'vitest';
import { prizeBodySchema, prizeParts, prizeProblems } from './play-prize';

const rules = { awards: [{ id: 'closest-to-pin', name: 'Closest to Pin', units: ['ft', 'in'], example: '4 ft 2 in' }] };

describe('a prize request', () => {
  it('names a week of the session and one of the awards', () => {
    expect(prizeProblems(rules, 8, { week: 3, awardId: 'closest-to-pin' })).toEqual({});
    expect(prizeProblems(rules, 8, { week: 0, awardId: 'closest-to-pin' })).toEqual({ week: 'The week is from 1 to 8' });
    expect(prizeProblems(rules, 8, { week: 9, awardId: 'longest-putt' })).toEqual({ week: 'The week is from 1 to 8', awardId: 'Choose one of the weekly awards' });
  });

  it('is read from JSON with the amount a number', () => {
    expect(prizeBodySchema.safeParse({ sessionId: 'winter', week: 1, awardId: 'closest-to-pin', amount: 25 }).success).toBe(true);
    expect(prizeBodySchema.safeParse({ sessionId: 'winter', week: 1, awardId: 'closest-to-pin', amount: '25' }).success).toBe(false);
    expect(prizeBodySchema.safeParse({ sessionId: 'Winter!', week: 1, awardId: 'closest-to-pin', amount: 25 }).success).toBe(false);
  });

  it('is one per run of a session, week and award', () => {
    expect(prizeParts('winter@2026-12-07', 3, 'closest-to-pin')).toEqual(['league', 'winter@2026-12-07', 3, 'closest-to-pin']);
  });
});
