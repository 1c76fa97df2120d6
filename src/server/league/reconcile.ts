/**
 * Payment reconciliation, run every 15 minutes by netlify/functions/reconcile-payments.ts: league
 * registrations still pending after their Checkout session's expiry (plus the hold's margin) are
 * settled from the session's current state at Stripe, with the webhook's own transition
 * (settleCheckoutSession), so a webhook that never arrived or failed heals by itself within the
 * hour, and one that arrives during the run changes nothing twice (statuses only move forward). A
 * registration it completes queues the same confirmation mails the webhook would have.
 */
import { CHECKOUT_SESSION_ID } from '../payments/checkout-lookup';
import { settleCheckoutSession } from '../payments/webhook';
import { getStripe, isMissingResource, isStripeError } from '../stripe-client';
import { PENDING_HOLD_MS } from './register';
import { overduePendingRegistrations, type OverduePending } from './registrations-store';

/** Checkout sessions asked about per run at most (the newest first); the rest wait for the next run. */
export const MAX_SESSIONS_PER_RUN = 50;

export interface ReconcileReport {
  /** Checkout sessions read from Stripe. */
  checked: number;
  /** Registrations whose status this run changed. */
  changed: number;
  /** Sessions Stripe could not answer for now (tried again next run). */
  failed: number;
  /** Overdue sessions left for the next run by the per-run limit. */
  deferred: number;
  /** Keys of the confirmation mails the settled registrations queued (sent after the run answers). */
  queued: string[];
}

/**
 * The Checkout sessions to ask about, in the order found (newest registration first), each once,
 * at most `limit`; ids that cannot be a Checkout session's are skipped.
 */
export function sessionsToReconcile(overdue: readonly OverduePending[], limit = MAX_SESSIONS_PER_RUN): { sessions: string[]; deferred: number } {
  const unique = [...new Set(overdue.map((entry) => entry.checkoutSessionId))].filter((id) => CHECKOUT_SESSION_ID.test(id));
  return { sessions: unique.slice(0, limit), deferred: Math.max(0, unique.length - limit) };
}

export async function reconcilePayments(options: { now?: number; limit?: number } = {}): Promise<ReconcileReport> {
  const now = options.now ?? Date.now();
  const { sessions, deferred } = sessionsToReconcile(await overduePendingRegistrations(now - PENDING_HOLD_MS), options.limit);
  const report: ReconcileReport = { checked: 0, changed: 0, failed: 0, deferred, queued: [] };
  if (sessions.length === 0) return report;
  const stripe = getStripe();
  for (const [index, id] of sessions.entries()) {
    try {
      const session = await stripe.checkout.sessions.retrieve(id);
      report.checked += 1;
      const settled = await settleCheckoutSession(session, '', null);
      report.changed += settled?.changed ?? 0;
      report.queued.push(...(settled?.queued ?? []));
    } catch (error) {
      if (!isStripeError(error)) throw error;
      report.failed += 1;
      if (isMissingResource(error)) {
        console.warn('[reconcile] Checkout session', id, 'is unknown to Stripe: its registrations stay pending');
        continue;
      }
      // Stripe is not answering: the rest waits for the next run rather than time out one by one.
      console.warn('[reconcile] Stripe did not answer:', error.type, error.statusCode ?? '');
      report.deferred += sessions.length - index - 1;
      break;
    }
  }
  return report;
}
