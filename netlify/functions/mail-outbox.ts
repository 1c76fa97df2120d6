import type { Config } from '@netlify/functions';
import { handle } from '../../src/shared/server/handle';
import { deliverDue } from '../../src/shared/mail/deliver';
import { runBudget } from '../../src/shared/server/run-budget';

/**
 * Scheduled every 5 minutes: sends what the outbox holds that is due (messages whose first send
 * failed, by their backoff, and those due on a later day), as many at once as the mail connection
 * allows, until the run's budget is spent (src/shared/server/run-budget.ts); what is left goes in the
 * next run. No public path.
 */
export default handle(['POST'], async () => {
  const report = await deliverDue(runBudget());
  if (report.sent + report.failed > 0) console.log(`[mail-outbox] sent ${report.sent}, failed ${report.failed}`);
  return new Response(null, { status: 204 });
});

export const config: Config = { schedule: '*/5 * * * *' };
