import type { Config } from '@netlify/functions';
import { reconcileHolds } from '../../src/server/bay-booking/settle';
import { handle } from '../../src/server/handle';

/**
 * Scheduled every 5 minutes (no public path): bay holds past their lapse are settled from Stripe as
 * the webhook would have (paid → booking, else the slots are freed), so a lost event never keeps a
 * bay taken or a paid guest without a booking.
 */
export default handle(['POST'], async () => {
  const report = await reconcileHolds(Date.now());
  if (report.checked > 0) console.log(`[bay-holds] ${report.checked} checked, ${report.confirmed} confirmed, ${report.expired} expired, ${report.failed} failed`);
  return new Response(null, { status: 204 });
});

export const config: Config = { schedule: '*/5 * * * *' };
