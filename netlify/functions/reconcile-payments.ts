import type { Config } from '@netlify/functions';
import { handle } from '../../src/server/handle';
import { reconcilePayments } from '../../src/server/league/reconcile';

/**
 * Scheduled every 15 minutes (no public path): settles league registrations still pending past
 * their Checkout session's expiry from Stripe, as the webhook would have (src/server/league/reconcile.ts).
 */
export default handle(['POST'], async () => {
  const report = await reconcilePayments();
  console.log(`[reconcile] ${report.checked} checked, ${report.changed} changed, ${report.failed} failed, ${report.deferred} deferred`);
  return new Response(null, { status: 204 });
});

export const config: Config = { schedule: '*/15 * * * *' };
