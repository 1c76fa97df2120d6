/**
 * The time limits of scheduled work, in one place. Netlify stops a scheduled function after 30 s; a run
 * stopped there loses what it did but had not recorded yet (a message sent and not marked sent goes
 * again once its claim lapses). So every scheduled run (the outbox, payment reconciliation, refunds,
 * reminders, notices) takes no new work once RUN_BUDGET_MS have passed, no outside call (an SMTP
 * exchange, a Stripe request, the build hook) waits longer than CALL_TIMEOUT_MS, and a run therefore
 * ends, its last results stored, by RUN_END_MS: well inside the limit.
 */

/** Netlify ends a scheduled function after this long. */
export const SCHEDULED_FUNCTION_LIMIT_MS = 30_000;
/** The longest any outside call may take: each SMTP wait and each Stripe request of a run. */
export const CALL_TIMEOUT_MS = 8_000;
/** A scheduled run starts no new work after this much of it. */
export const RUN_BUDGET_MS = 15_000;
/** When a run has ended at the latest: its budget, then the last call it started. */
export const RUN_END_MS = RUN_BUDGET_MS + CALL_TIMEOUT_MS;

/** One run's clock: whether new work may start, and how long a call started now may take. */
export interface RunBudget {
  /** Milliseconds since the run started. */
  elapsed(): number;
  /** Milliseconds left before no new work starts (0 once spent). */
  left(): number;
  /** Whether the budget is spent: take no new work. */
  spent(): boolean;
  /** The timeout of a call started now: CALL_TIMEOUT_MS, or less when the budget ends sooner; 0 once it is spent (start none). */
  callTimeout(): number;
}

/** A run's budget from now; `clock` is injected in tests. */
export function runBudget(budgetMs: number = RUN_BUDGET_MS, clock: () => number = Date.now): RunBudget {
  const started = clock();
  const elapsed = () => clock() - started;
  const left = () => Math.max(0, budgetMs - elapsed());
  return {
    elapsed,
    left,
    spent: () => left() <= 0,
    callTimeout: () => Math.min(CALL_TIMEOUT_MS, left()),
  };
}
