import { describe, expect, it } from 'vitest';
import type { PaidProduct } from './registry';
import { isStripeDown, MAX_SESSIONS_PER_RUN, planRun } from './reconcile';

const league: PaidProduct = { kind: 'league' };
const bay: PaidProduct = { kind: 'bay' };
const sessionsOf = (plan: ReturnType<typeof planRun>) => plan.asks.map((ask) => `${ask.product.kind}:${ask.session}`);

describe('planRun', () => {
  it('asks about each Checkout session once, in the order found', () => {
    const plan = planRun([{ product: league, sessions: ['cs_test_b', 'cs_test_a', 'cs_test_b'] }], new Set());
    expect([sessionsOf(plan), plan.deferred]).toEqual([['league:cs_test_b', 'league:cs_test_a'], 0]);
  });

  it('skips ids that cannot be a Checkout session', () => {
    expect(sessionsOf(planRun([{ product: league, sessions: ['', 'pi_123', 'cs_test_ok'] }], new Set()))).toEqual(['league:cs_test_ok']);
  });

  it('defers what exceeds the per-run limit', () => {
    const sessions = Array.from({ length: MAX_SESSIONS_PER_RUN + 3 }, (_, index) => `cs_test_${index}`);
    const planned = planRun([{ product: league, sessions }], new Set());
    expect(planned.asks).toHaveLength(MAX_SESSIONS_PER_RUN);
    expect(planned.deferred).toBe(3);
    const two = planRun([{ product: league, sessions }], new Set(), 2);
    expect([sessionsOf(two), two.deferred]).toEqual([['league:cs_test_0', 'league:cs_test_1'], MAX_SESSIONS_PER_RUN + 1]);
  });

  it('takes sessions in turn from each product, so one backlog never starves another', () => {
    const plan = planRun(
      [
        { product: league, sessions: ['cs_test_l1', 'cs_test_l2', 'cs_test_l3'] },
        { product: bay, sessions: ['cs_test_b1'] },
      ],
      new Set(),
      3,
    );
    expect([sessionsOf(plan), plan.deferred]).toEqual([['league:cs_test_l1', 'bay:cs_test_b1', 'league:cs_test_l2'], 1]);
  });

  it('never asks about a session Stripe said it does not know', () => {
    const plan = planRun([{ product: league, sessions: ['cs_test_gone', 'cs_test_ok'] }], new Set(['cs_test_gone']));
    expect([sessionsOf(plan), plan.deferred]).toEqual([['league:cs_test_ok'], 0]);
  });
});

describe('isStripeDown', () => {
  const stripeError = (type: string, statusCode?: number) => Object.assign(new Error(type), { type, ...(statusCode ? { statusCode } : {}) });

  it('stops the run when Stripe cannot answer, not when it refuses one request', () => {
    expect(isStripeDown(stripeError('StripeConnectionError'))).toBe(true);
    expect(isStripeDown(stripeError('StripeAPIError', 500))).toBe(true);
    expect(isStripeDown(stripeError('StripeRateLimitError', 429))).toBe(true);
    expect(isStripeDown(stripeError('StripeInvalidRequestError', 400))).toBe(false);
    expect(isStripeDown(stripeError('StripeInvalidRequestError', 404))).toBe(false);
    expect(isStripeDown(new Error('store down'))).toBe(false);
  });
});
