import { describe, expect, it } from 'vitest';
import { benefitApplies } from './member-benefits';

describe('included time within the paid period', () => {
  const period = { from: 1_000_000, until: 2_000_000 };

  it('applies from the period’s start, not a moment before', () => {
    expect(benefitApplies(period, period.from - 1)).toBe(false);
    expect(benefitApplies(period, period.from)).toBe(true);
  });

  it('applies until the period ends or a scheduled cancellation takes effect, not at that moment or after', () => {
    expect(benefitApplies(period, period.until - 1)).toBe(true);
    expect(benefitApplies(period, period.until)).toBe(false);
    expect(benefitApplies(period, period.until + 14 * 24 * 3_600_000)).toBe(false);
  });

  it('without a known period (not checked with Stripe) nothing limits it', () => {
    expect(benefitApplies(undefined, 0)).toBe(true);
  });
});
