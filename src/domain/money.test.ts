import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatCents, formatMoney, formatMoneyRange } from './money';

describe('money', () => {
  it('prints whole dollars without cents and any other amount with two decimals, grouped', () => {
    expect(formatMoney(1188)).toBe('$1,188');
    expect(formatMoney(7)).toBe('$7');
    expect(formatMoney(12.99)).toBe('$12.99');
    expect(formatMoney(12.5)).toBe('$12.50');
  });

  it('prints cents always when asked, as receipts and staff lists do', () => {
    expect(formatMoney(1400, { cents: true })).toBe('$1,400.00');
    expect(formatMoney(0, { cents: true })).toBe('$0.00');
  });

  it('converts Stripe cents', () => {
    expect(centsToDollars(70000)).toBe(700);
    expect(dollarsToCents(700)).toBe(70000);
    expect(dollarsToCents(12.99)).toBe(1299);
    expect(formatCents(70000)).toBe('$700.00');
    expect(formatCents(1999)).toBe('$19.99');
  });

  it('prints a range, or one price when every amount is the same', () => {
    expect(formatMoneyRange([15.99, 3.49, 9])).toBe('$3.49-$15.99');
    expect(formatMoneyRange([14.99, 14.99])).toBe('$14.99');
    expect(formatMoneyRange([49, 75, 59, 65])).toBe('$49-$75');
  });
});
