import { describe, expect, it } from 'vitest';
import { findPlan, findTerm, formatMoney, priceLookupKey, termSavings, tierFromQuery } from './membership';
import { membershipCatalog as catalog } from '../data/memberships';

describe('membership catalogue', () => {
  it('holds the spec rates (section 9)', () => {
    expect(findPlan(catalog, 'Practice').monthlyRates).toEqual({ '1-month': 189, '3-month': 169, '6-month': 149, '12-month': 99 });
    expect(findPlan(catalog, 'Bogey').monthlyRates).toEqual({ '1-month': 249, '3-month': 219, '6-month': 199, '12-month': 129 });
    expect(findPlan(catalog, 'Bogey+').monthlyRates).toEqual({ '1-month': 399, '3-month': 339, '6-month': 309, '12-month': 199 });
    expect(catalog.defaultTerm).toBe('12-month');
    expect(findPlan(catalog, 'Bogey+').popular).toBe(true);
  });

  it('derives savings per month, percent and package savings (section 3)', () => {
    const practice = findPlan(catalog, 'Practice');
    expect(termSavings(practice, findTerm(catalog, '12-month'))).toEqual({
      monthlyRate: 99,
      savingsPerMonth: 90,
      savingsPercent: 48,
      packageSavings: 1080,
      chargePerPeriod: 1188,
    });
    expect(termSavings(findPlan(catalog, 'Bogey+'), findTerm(catalog, '3-month'))).toMatchObject({ savingsPerMonth: 60, savingsPercent: 15, packageSavings: 180 });
    expect(termSavings(practice, findTerm(catalog, '1-month'))).toMatchObject({ savingsPerMonth: 0, savingsPercent: 0, packageSavings: 0 });
  });

  it('names lookup keys by tier slug and term', () => {
    expect(priceLookupKey(findPlan(catalog, 'Practice'), '12-month')).toBe('membership_practice_12-month');
    expect(priceLookupKey(findPlan(catalog, 'Bogey+'), '1-month')).toBe('membership_bogey-plus_1-month');
  });

  it('reads the tier from the query with Practice as default', () => {
    expect(tierFromQuery('Bogey+')).toBe('Bogey+');
    expect(tierFromQuery(null)).toBe('Practice');
    expect(tierFromQuery('Eagle')).toBe('Practice');
  });

  it('formats dollars', () => expect(formatMoney(1188)).toBe('$1,188'));
});
