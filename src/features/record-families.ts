/**
 * Every record family the venue data file holds (`npm run data:export`/`data:import`, the staff's
 * download), in the file's order: the one list of them. A feature with records to keep registers its
 * family in its own folder and adds it here; nothing else changes. New families go last, so files
 * keep their order.
 */
import { bayBookingsFamily } from './bay-booking/server/records-family';
import { eventRequestsFamily } from './event-requests/server/records-family';
import { eventQuotesFamily } from './event-requests/server/quotes-family';
import { giftCardsFamily } from './gift-cards/server/records-family';
import { leagueNoticeListFamily } from './league/server/notice-list-family';
import { leaguePlayFamily } from './league/server/play-family';
import { leagueRegistrationsFamily } from './league/server/records-family';
import { subscriptionAuditFamily } from './memberships/server/records-family';
import { failedMailFamily } from '../shared/mail/failed-mail-family';
import { queuedMailFamily } from '../shared/mail/queued-mail-family';
import type { RecordFamilies } from '../shared/venue-data/registry';

export const recordFamilies: RecordFamilies = [leagueRegistrationsFamily, eventRequestsFamily, subscriptionAuditFamily, bayBookingsFamily, failedMailFamily, leagueNoticeListFamily, leaguePlayFamily, giftCardsFamily, eventQuotesFamily, queuedMailFamily];
