import type { Config } from '@netlify/functions';
import { handle } from '../../src/server/handle';
import { reconcilePayments } from '../../src/server/league/reconcile';
import { afterAnswer, deliverNow } from '../../src/server/mail/deliver';

/**
 * Scheduled every 15 minutes (no public path): settles league registrations still pending past
 * their Checkout session's expiry from Stripe, as the webhook would have (src/server/league/reconcile.ts),
 * and sends the confirmation mails that queued after answering (else the outbox run sends them).
 */
export default handle(['POST'], async (_request, context) => {
  const report = await reconcilePayments();
  if (report.queued.length > 0) afterAnswer(context, () => deliverNow(report.queued));
  // A run with nothing overdue stays quiet, as the outbox run does.
  if (report.checked + report.failed + report.deferred > 0) {
    console.log(`[reconcile] ${report.checked} checked, ${report.changed} changed, ${report.failed} failed, ${report.deferred} deferred`);
  }
  return new Response(null, { status: 204 });
});

export const config: Config = { schedule: '*/15 * * * *' };
