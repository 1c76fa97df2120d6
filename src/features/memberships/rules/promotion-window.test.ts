import { describe, expect, it } from 'vitest';
import { membershipCatalogSchema } from './membership';
import { isPromotionRunning } from './membership-pricing';
import { promotionRunning, promotionSpans, promotionWindow } from './promotion-window';
import { membershipCatalog } from '../catalogue';

const october = { active: true, startsAt: '2026-10-01', endsAt: '2026-10-31' };

describe('the membership promotion’s window', () => {
  it('runs from the venue’s midnight starting its first day to the one ending its last (CDT, then CST)', () => {
    expect(promotionWindow(october)).toEqual({ active: true, from: '2026-10-01T05:00:00.000Z', until: '2026-11-01T05:00:00.000Z' });
    expect(promotionWindow({ active: true, startsAt: '2026-11-02', endsAt: '2026-12-01' })).toEqual({ active: true, from: '2026-11-02T06:00:00.000Z', until: '2026-12-02T06:00:00.000Z' });
  });

  it('is off a moment before and at its boundaries, on inside', () => {
    expect(promotionRunning(october, new Date('2026-10-01T04:59:59.999Z'))).toBe(false);
    expect(promotionRunning(october, new Date('2026-10-01T05:00:00.000Z'))).toBe(true);
    expect(promotionRunning(october, new Date('2026-11-01T04:59:59.999Z'))).toBe(true);
    expect(promotionRunning(october, new Date('2026-11-01T05:00:00.000Z'))).toBe(false);
  });

  it('runs whenever it is switched on without dates, never when switched off', () => {
    expect(promotionRunning({ active: true }, new Date('2031-02-03T00:00:00Z'))).toBe(true);
    expect(promotionRunning({ ...october, active: false }, new Date('2026-10-15T12:00:00Z'))).toBe(false);
    expect(isPromotionRunning({ active: true, from: null, until: '2026-01-01T00:00:00Z' }, new Date('2025-06-01T00:00:00Z'))).toBe(true);
    expect(promotionSpans({ ...october, active: false })).toEqual([]);
    expect(promotionSpans(october)).toEqual([{ from: '2026-10-01T05:00:00.000Z', until: '2026-11-01T05:00:00.000Z' }]);
  });

  it('is shipped as the spec has it: on, with no end date', () => {
    expect(membershipCatalog.promotion).toMatchObject({ active: true, name: 'October Membership Special', headline: '10% OFF All Membership Packages' });
    expect(membershipCatalog.promotion.endsAt).toBeUndefined();
  });

  it('is refused when it ends before it starts, the field named', () => {
    const result = membershipCatalogSchema.safeParse({ ...membershipCatalog, promotion: { ...membershipCatalog.promotion, startsAt: '2026-10-31', endsAt: '2026-10-01' } });
    expect(result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      'promotion.endsAt: is before the first day (startsAt 2026-10-31): the promotion would never run',
    ]);
  });
});
