import type { Config } from '@netlify/functions';
import { reconcileHolds } from '../../src/server/bay-booking/settle';
import { handle } from '../../src/server/handle';
import { afterAnswer, deliverNow } from '../../src/server/mail/deliver';

/**
 * Scheduled every 5 minutes (no public path): bay holds past their lapse are settled from Stripe as
 * the webhook would have (paid → booking, else the slots are freed), so a lost event never keeps a
 * bay taken or a paid guest without a booking.
 */
export default handle(['POST'], async (_request, context) => {
  const report = await reconcileHolds(Date.now());
  if (report.queued.length > 0) afterAnswer(context, () => deliverNow(report.queued));
  if (report.checked > 0) console.log(`[bay-holds] ${report.checked} checked, ${report.confirmed} confirmed, ${report.expired} expired, ${report.failed} failed`);
  return new Response(null, { status: 204 });
});

export const config: Config = { schedule: '*/5 * * * *' };
