import type { Config } from '@netlify/functions';
import { queueDueReminders } from '../../src/features/bay-booking/server/reminders';
import { deliverNow } from '../../src/shared/mail/deliver';
import { handle } from '../../src/shared/server/handle';
import { siteUrl } from '../../src/shared/server/request';
import { runBudget } from '../../src/shared/server/run-budget';

/**
 * Scheduled every 15 minutes (no public path): the reminder e-mail of each bay booking whose start
 * is within bay-booking.json's `reminders.hoursBefore`, queued once in the outbox and sent at once,
 * both within the run's budget (src/shared/server/run-budget.ts): what it could not queue waits for
 * the next run, what it queued and could not send (or failed to) for the outbox's run. Bookings made
 * before a switch to booking.mode external are still reminded.
 */
export default handle(['POST'], async (request) => {
  const budget = runBudget();
  const run = await queueDueReminders(siteUrl(request), Date.now(), budget);
  if (run.queued.length > 0) {
    const report = await deliverNow(run.queued, budget);
    console.log(`[bay-reminders] queued ${run.queued.length}, sent ${report.sent}, failed ${report.failed}, deferred ${run.deferred}`);
  }
  return new Response(null, { status: 204 });
});

export const config: Config = { schedule: '*/15 * * * *' };
