import { describe, expect, it } from 'vitest';
import type { Stripe } from '../../../shared/payments/stripe-client';
import { benefitPeriod } from './subscription-period';

function subscription(fields: { start: number; end: number; cancelAt?: number | null; onSubscription?: boolean }): Stripe.Subscription {
  const period = { current_period_start: fields.start, current_period_end: fields.end };
  return {
    cancel_at: fields.cancelAt ?? null,
    ...(fields.onSubscription ? period : {}),
    items: { data: [fields.onSubscription ? {} : period] },
  } as unknown as Stripe.Subscription;
}

describe('when a subscription’s benefits apply', () => {
  it('is its current paid period, read from its items (newer API versions) or itself (older ones), in ms', () => {
    expect(benefitPeriod(subscription({ start: 100, end: 200 }))).toEqual({ from: 100_000, until: 200_000 });
    expect(benefitPeriod(subscription({ start: 100, end: 200, onSubscription: true }))).toEqual({ from: 100_000, until: 200_000 });
  });

  it('ends at a scheduled cancellation before the period’s end (at period end: the same instant)', () => {
    expect(benefitPeriod(subscription({ start: 100, end: 200, cancelAt: 150 }))).toEqual({ from: 100_000, until: 150_000 });
    expect(benefitPeriod(subscription({ start: 100, end: 200, cancelAt: 200 }))).toEqual({ from: 100_000, until: 200_000 });
  });
});
