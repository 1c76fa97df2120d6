import { describe, expect, it } from 'vitest';
import raw from '../../../content/gift-cards.json';
import { giftCardsContentSchema } from './content';

const shipped = () => structuredClone(raw);

describe('gift cards content', () => {
  it('ships $25, $50, $100 and $200 with custom amounts of $10-$500', () => {
    const content = giftCardsContentSchema.parse(shipped());
    expect(content.presets).toEqual([25, 50, 100, 200]);
    expect(content.custom).toEqual({ allowed: true, min: 10, max: 500 });
  });

  it('says in the terms that cards never expire', () => {
    expect(giftCardsContentSchema.parse(shipped()).terms).toMatch(/never expire/);
  });

  it('refuses a preset outside the range, a duplicate, a reversed range and cents', () => {
    const outside = { ...shipped(), presets: [25, 600] };
    expect(giftCardsContentSchema.safeParse(outside).error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['presets.1', '$600 is outside the range $10-$500']]);
    expect(giftCardsContentSchema.safeParse({ ...shipped(), presets: [5] }).success).toBe(false);
    expect(giftCardsContentSchema.safeParse({ ...shipped(), presets: [25, 25] }).success).toBe(false);
    expect(giftCardsContentSchema.safeParse({ ...shipped(), custom: { allowed: true, min: 500, max: 10 } }).success).toBe(false);
    expect(giftCardsContentSchema.safeParse({ ...shipped(), presets: [25.5] }).success).toBe(false);
  });
});
