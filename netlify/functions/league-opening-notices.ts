import type { Config } from '@netlify/functions';
import { openingNoticeMessage } from '../../src/features/league/mail/opening-notice';
import { queueOpeningNotices } from '../../src/features/league/server/opening-notices';
import { deliverNow } from '../../src/shared/mail/deliver';
import { calendarNow } from '../../src/shared/server/calendar-clock';
import { handle } from '../../src/shared/server/handle';
import { siteUrl } from '../../src/shared/server/request';
import { runBudget } from '../../src/shared/server/run-budget';

/**
 * Scheduled every 15 minutes (no public path): while a league session takes registrations, the
 * visitors on the notify-me list get their one e-mail, queued in the outbox as they leave the list and
 * sent at once within the run's budget (the outbox's own run sends what is left and retries what
 * fails). While none is open it reads nothing.
 */
export default handle(['POST'], async (request) => {
  const origin = siteUrl(request);
  const budget = runBudget();
  const keys = await queueOpeningNotices((email, sessions) => openingNoticeMessage(email, sessions, origin), { calendar: calendarNow() });
  if (keys.length > 0) {
    const report = await deliverNow(keys, budget);
    console.log(`[league-opening-notices] queued ${keys.length}, sent ${report.sent}, failed ${report.failed}`);
  }
  return new Response(null, { status: 204 });
});

export const config: Config = { schedule: '*/15 * * * *' };
