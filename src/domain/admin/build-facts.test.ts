import { describe, expect, it } from 'vitest';
import { buildVersionLine, knownPriceNames } from './build-facts';

const catalog = {
  plans: [
    { tier: 'Practice', slug: 'practice' },
    { tier: 'Bogey+', slug: 'bogey-plus' },
  ],
  terms: [
    { key: '1-month', label: '1 Month' },
    { key: '12-month', label: '12 Months' },
  ],
} as unknown as Parameters<typeof knownPriceNames>[0];

const variable = (slug: string, term: string) => `STRIPE_PRICE_${slug}_${term}`.toUpperCase().replace(/-/g, '_');

describe('build facts', () => {
  it('names the prices pinned by environment variables', () => {
    expect(knownPriceNames(catalog, { STRIPE_PRICE_BOGEY_PLUS_12_MONTH: ' price_123 ', STRIPE_PRICE_PRACTICE_1_MONTH: '' }, variable)).toEqual({
      price_123: 'Bogey+ · 12 Months',
    });
    expect(knownPriceNames(catalog, {}, variable)).toEqual({});
  });

  it('writes the version with the commit when known', () => {
    const built = new Date('2025-10-03T15:00:00Z');
    expect(buildVersionLine('0.1.0', { COMMIT_REF: 'abcdef1234567' }, built)).toBe('0.1.0 · abcdef1 · built Oct 3, 2025');
    expect(buildVersionLine('0.1.0', {}, built)).toBe('0.1.0 · built Oct 3, 2025');
  });
});
