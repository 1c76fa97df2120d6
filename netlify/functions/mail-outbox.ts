import type { Config } from '@netlify/functions';
import { handle } from '../../src/server/handle';
import { deliverDue } from '../../src/server/mail/deliver';

/**
 * Scheduled every 5 minutes: sends what the outbox holds that is due (messages whose first send
 * failed, by their backoff), batch by batch, within 8 s, inside Netlify's 10-second limit for a
 * function; what is left goes in the next run. No public path.
 */
export const OUTBOX_RUN_BUDGET_MS = 8_000;

export default handle(['POST'], async () => {
  const report = await deliverDue(OUTBOX_RUN_BUDGET_MS);
  if (report.sent + report.failed > 0) console.log(`[mail-outbox] sent ${report.sent}, failed ${report.failed}`);
  return new Response(null, { status: 204 });
});

export const config: Config = { schedule: '*/5 * * * *' };
