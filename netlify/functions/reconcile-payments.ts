import type { Config } from '@netlify/functions';
import { paidProducts } from '../../src/features/paid-products';
import { handle } from '../../src/shared/server/handle';
import { isStripeDown, reconcilePayments } from '../../src/shared/payments/reconcile';
import { payDueRefunds } from '../../src/features/bay-booking/server/refunds';
import { afterAnswer, deliverNow } from '../../src/shared/mail/deliver';
import { runBudget } from '../../src/shared/server/run-budget';

/**
 * Scheduled every 5 minutes (no public path, and the bay's holds need it that often): every paid
 * product's payments still pending past their Checkout session's lapse are settled from Stripe as
 * the webhook would have (src/shared/payments/reconcile.ts), and the messages that queued are sent
 * after answering (else the outbox run sends them); then the refunds bay bookings still owe are paid
 * (src/features/bay-booking/server/refunds.ts). All of it within one run's budget
 * (src/shared/server/run-budget.ts); when Stripe is not answering, the refunds wait for the next run.
 */
export default handle(['POST'], async (_request, context) => {
  const run = runBudget();
  const report = await reconcilePayments(paidProducts, { run });
  if (report.queued.length > 0) afterAnswer(context, () => deliverNow(report.queued, run));
  // A run with nothing lapsed stays quiet, as the outbox run does.
  if (report.checked + report.changed + report.failed + report.deferred + report.unknown > 0) {
    console.log(`[reconcile] ${report.checked} checked, ${report.changed} changed, ${report.failed} failed, ${report.deferred} deferred, ${report.unknown} given up`);
  }
  if (report.stripeDown) return new Response(null, { status: 204 });
  // Refunds bay bookings owe that their request could not pay (Stripe down then), with backoff.
  const refunds = await payDueRefunds(Date.now(), run, isStripeDown);
  if (refunds.paid + refunds.failed > 0) console.log(`[reconcile] bay refunds: ${refunds.paid} paid, ${refunds.failed} failed`);
  return new Response(null, { status: 204 });
});

export const config: Config = { schedule: '*/5 * * * *' };
