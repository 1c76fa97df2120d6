/**
 * A subscription's current paid period and when its benefits end, as Stripe states them: period
 * fields live on the subscription in older API versions and on its items in newer ones; a scheduled
 * cancellation (cancel_at, also set by cancel at period end) ends the benefits then.
 */
import type { Stripe } from '../../../shared/payments/stripe-client';

/** current_period_* in seconds: the subscription's own field, else across its items (earliest start, latest end). */
export function subscriptionPeriod(subscription: Stripe.Subscription, field: 'current_period_start' | 'current_period_end'): number | null {
  // Older API versions put the field on the subscription object, which the SDK's current types omit.
  const own = (subscription as unknown as Record<string, unknown>)[field];
  if (typeof own === 'number') return own;
  const fromItems = subscription.items.data.map((item) => item[field]).filter((value): value is number => typeof value === 'number');
  if (fromItems.length === 0) return null;
  return field === 'current_period_start' ? Math.min(...fromItems) : Math.max(...fromItems);
}

/** The instants (ms) between which the subscription's benefits apply: its current paid period, cut at any scheduled cancellation. */
export function benefitPeriod(subscription: Stripe.Subscription): { from: number; until: number } | null {
  const start = subscriptionPeriod(subscription, 'current_period_start');
  const end = subscriptionPeriod(subscription, 'current_period_end');
  if (start === null || end === null) return null;
  const cancelAt = typeof subscription.cancel_at === 'number' ? subscription.cancel_at : Number.POSITIVE_INFINITY;
  return { from: start * 1000, until: Math.min(end, cancelAt) * 1000 };
}
