import { describe, expect, it } from 'vitest';
import { MAX_SESSIONS_PER_RUN, sessionsToReconcile } from './reconcile';

const overdue = (id: string, checkoutSessionId: string) => ({ id, checkoutSessionId });

describe('sessionsToReconcile', () => {
  it('asks about each Checkout session once, in the order found', () => {
    const found = [overdue('r1', 'cs_test_b'), overdue('r2', 'cs_test_a'), overdue('r3', 'cs_test_b')];
    expect(sessionsToReconcile(found)).toEqual({ sessions: ['cs_test_b', 'cs_test_a'], deferred: 0 });
  });

  it('skips ids that cannot be a Checkout session', () => {
    expect(sessionsToReconcile([overdue('r1', ''), overdue('r2', 'pi_123'), overdue('r3', 'cs_test_ok')]).sessions).toEqual(['cs_test_ok']);
  });

  it('defers what exceeds the per-run limit', () => {
    const found = Array.from({ length: MAX_SESSIONS_PER_RUN + 3 }, (_, index) => overdue(`r${index}`, `cs_test_${index}`));
    const planned = sessionsToReconcile(found);
    expect(planned.sessions).toHaveLength(MAX_SESSIONS_PER_RUN);
    expect(planned.deferred).toBe(3);
    expect(sessionsToReconcile(found, 2)).toEqual({ sessions: ['cs_test_0', 'cs_test_1'], deferred: MAX_SESSIONS_PER_RUN + 1 });
  });
});
