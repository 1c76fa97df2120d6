import { describe, expect, it } from 'vitest';
import { isUnspent } from './ledger';
import { checkPrizeAmount, isPrizeReference, prizeAmountRule, prizeReference } from './prize';

const content = { presets: [25, 50, 100, 200], custom: { allowed: false, min: 10, max: 500 } };

describe('prize amounts', () => {
  it('are whole dollars, a preset or any amount in the content range, even where visitors may not write their own', () => {
    expect(checkPrizeAmount(25, content)).toEqual({ ok: true, cents: 2500 });
    expect(checkPrizeAmount(10, content)).toEqual({ ok: true, cents: 1000 });
    expect(checkPrizeAmount(500, content)).toEqual({ ok: true, cents: 50000 });
    expect(checkPrizeAmount(37, content)).toEqual({ ok: true, cents: 3700 });
  });

  it('refuses cents, amounts outside the range and nonsense, saying the range', () => {
    const refused = { ok: false, message: 'A prize is a whole-dollar amount from $10 to $500.' };
    expect(prizeAmountRule(content)).toBe(refused.message);
    for (const dollars of [9, 501, 0, -25, 25.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(checkPrizeAmount(dollars, content)).toEqual(refused);
  });
});

describe('prize references', () => {
  it('name what was won, one part per segment, and are told apart from Checkout sessions', () => {
    expect(prizeReference(['league', 'winter@2026-12-07', 3, 'closest-to-pin'])).toBe('prize:league:winter@2026-12-07:3:closest-to-pin');
    expect(prizeReference(['a:b', 1])).toBe('prize:a_b:1');
    expect(isPrizeReference('prize:league:x:1:y')).toBe(true);
    expect(isPrizeReference('cs_test_123')).toBe(false);
  });

  it('count a prize as an issue when telling whether a card was spent', () => {
    expect(isUnspent([{ kind: 'prize', amountCents: 2500 }])).toBe(true);
    expect(isUnspent([{ kind: 'prize', amountCents: 2500 }, { kind: 'debit', amountCents: -500 }])).toBe(false);
  });
});
