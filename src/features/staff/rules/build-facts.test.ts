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

const pinned = (prices: Record<string, string>) => (slug: string, term: string) => prices[`${slug} ${term}`] ?? null;

describe('build facts', () => {
  it('names the prices pinned in the settings', () => {
    expect(knownPriceNames(catalog, pinned({ 'bogey-plus 12-month': 'price_123' }))).toEqual({
      price_123: 'Bogey+ · 12 Months',
    });
    expect(knownPriceNames(catalog, pinned({}))).toEqual({});
  });

  it('writes the version with the commit when known', () => {
    const built = new Date('2025-10-03T15:00:00Z');
    expect(buildVersionLine('0.1.0', 'abcdef1', built)).toBe('0.1.0 · abcdef1 · built Oct 3, 2025');
    expect(buildVersionLine('0.1.0', null, built)).toBe('0.1.0 · built Oct 3, 2025');
  });
});
