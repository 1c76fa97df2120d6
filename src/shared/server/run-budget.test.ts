import { describe, expect, it } from 'vitest';
import { CLAIM_LEASE_MS } from '../mail/outbox';
import { CALL_TIMEOUT_MS, RUN_BUDGET_MS, RUN_END_MS, runBudget, SCHEDULED_FUNCTION_LIMIT_MS } from './run-budget';

describe('the budget of a scheduled run', () => {
  it('ends every run, its last call included, well inside Netlify’s limit, and no claim lapses while a run may still send', () => {
    expect(RUN_END_MS).toBe(RUN_BUDGET_MS + CALL_TIMEOUT_MS);
    // Room left after the last call for storing its result.
    expect(SCHEDULED_FUNCTION_LIMIT_MS - RUN_END_MS).toBeGreaterThanOrEqual(5_000);
    // A message claimed by a run stays its own until that run cannot be running any more.
    expect(CLAIM_LEASE_MS).toBeGreaterThan(SCHEDULED_FUNCTION_LIMIT_MS);
  });

  it('says how much is left, when it is spent, and bounds each call by what is left', () => {
    let now = 1_000;
    const run = runBudget(10_000, () => now);
    expect([run.elapsed(), run.left(), run.spent(), run.callTimeout()]).toEqual([0, 10_000, false, CALL_TIMEOUT_MS]);
    now += 7_000;
    expect([run.left(), run.spent(), run.callTimeout()]).toEqual([3_000, false, 3_000]);
    now += 3_000;
    expect([run.left(), run.spent(), run.callTimeout()]).toEqual([0, true, 0]);
    now += 60_000;
    expect([run.elapsed(), run.left(), run.spent()]).toEqual([70_000, 0, true]);
  });

  it('uses the shared budget unless told otherwise', () => {
    const now = 0;
    expect(runBudget(undefined, () => now).left()).toBe(RUN_BUDGET_MS);
  });
});
