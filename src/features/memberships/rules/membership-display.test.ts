import { describe, expect, it } from 'vitest';
import { findPlan, findTerm } from './membership';
import { bestSavingsPercent, checkoutHref, planTermView, termSelectorCss } from './membership-display';
import { membershipCatalog as catalog } from '../catalogue';

describe('memberships page figures', () => {
  it('prints price, savings per month, percent and package savings', () => {
    expect(planTermView(findPlan(catalog, 'Practice'), findTerm(catalog, '12-month'))).toEqual({
      monthlyRate: '$99',
      billing: '$1,188 billed every 12 months',
      savings: 'Save $90/month (48%)',
      packageSavings: 'Total package savings: $1,080',
      charge: '$1,188 / 12 months',
      savingsPerMonth: '$90',
      savingsPercent: '48%',
      packageSavingsAmount: '$1,080',
    });
    expect(planTermView(findPlan(catalog, 'Bogey+'), findTerm(catalog, '1-month'))).toMatchObject({
      monthlyRate: '$399',
      billing: '$399 billed monthly',
      savings: null,
      packageSavings: null,
    });
  });

  it('names the best saving per term', () => {
    expect(bestSavingsPercent(catalog, findTerm(catalog, '12-month'))).toBe(50);
    expect(bestSavingsPercent(catalog, findTerm(catalog, '1-month'))).toBe(0);
  });

  it('links plans to checkout with the tier in the query', () => {
    expect(checkoutHref(findPlan(catalog, 'Bogey+'))).toBe('/membership-checkout?tier=Bogey%2B');
    expect(checkoutHref(findPlan(catalog, 'Practice'))).toBe('/membership-checkout?tier=Practice');
  });

  it('shows only the checked term with CSS', () => {
    const css = termSelectorCss(catalog);
    expect(css).toContain('.term-scope [data-term]{display:none}');
    expect(css).toContain('.term-scope:has(input[name="term"][value="3-month"]:checked) [data-term="3-month"]{display:revert}');
  });
});
