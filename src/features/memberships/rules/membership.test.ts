import { describe, expect, it } from 'vitest';
import { findPlan, findTerm, formatMoney, membershipCatalogSchema, priceLookupKey, termSavings, tierFromQuery } from './membership';
import { membershipCatalog as catalog } from '../catalogue';

describe('membership catalogue', () => {
  it('holds the shipped rates', () => {
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

  it('reads the tier from the query, the first plan (Practice) by default', () => {
    expect(tierFromQuery(catalog, 'Bogey+')).toBe('Bogey+');
    expect(tierFromQuery(catalog, null)).toBe('Practice');
    expect(tierFromQuery(catalog, 'Eagle')).toBe('Practice');
    expect(tierFromQuery({ plans: [findPlan(catalog, 'Bogey'), findPlan(catalog, 'Practice')] }, 'Eagle')).toBe('Bogey');
  });

  it('takes plans and terms from the file: one added there is priced with no change to the code', () => {
    const eagle = { ...findPlan(catalog, 'Bogey+'), tier: 'Eagle', slug: 'eagle', monthlyRates: { ...findPlan(catalog, 'Bogey+').monthlyRates, '24-month': 149 } };
    const longer = membershipCatalogSchema.parse({
      ...catalog,
      terms: [...catalog.terms, { key: '24-month', months: 24, label: '24 Months', cadence: 'biennial', checkoutLabel: '24 Months' }],
      plans: [...catalog.plans.map((plan) => ({ ...plan, monthlyRates: { ...plan.monthlyRates, '24-month': 89 } })), eagle],
    });
    expect(termSavings(findPlan(longer, 'Eagle'), findTerm(longer, '24-month'))).toMatchObject({ monthlyRate: 149, savingsPerMonth: 250, packageSavings: 6000 });
    expect(tierFromQuery(longer, 'Eagle')).toBe('Eagle');
  });

  it('refuses a catalogue whose plans do not price every listed term, or whose longer term costs more per month', () => {
    const issues = (data: unknown) => membershipCatalogSchema.safeParse(data).error?.issues.map((issue) => issue.message) ?? [];
    const [practice, ...others] = catalog.plans;
    const { '3-month': _dropped, ...withoutQuarter } = practice!.monthlyRates;
    expect(issues({ ...catalog, plans: [{ ...practice, monthlyRates: withoutQuarter }, ...others] })).toContain('the 3-month rate is missing');
    expect(issues({ ...catalog, plans: [{ ...practice, monthlyRates: { ...practice!.monthlyRates, '12-month': 200 } }, ...others] })).toContain('costs more per month than the shorter 6-month term');
    expect(issues({ ...catalog, defaultTerm: '2-month' })).toContain('term 2-month is not listed in terms');
    expect(issues({ ...catalog, plans: [...catalog.plans, catalog.plans[0]] })).toContain('plan Practice is listed twice');
  });

  it('formats dollars', () => expect(formatMoney(1188)).toBe('$1,188'));
});
