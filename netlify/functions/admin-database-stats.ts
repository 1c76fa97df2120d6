import type { Config } from '@netlify/functions';
import { databaseStats as statsEndpoint } from '../../src/features/staff/contract/admin-database-stats';
import { adminHandle } from '../../src/features/staff/server/admin-handle';
import { databaseStats } from '../../src/features/staff/server/database-stats';
import { answer } from '../../src/shared/server/http';

/**
 * GET /api/admin/database-stats: registrations, customers, subscriptions, revenue, recent items, and
 * `system` (store and payment mode, told from the settings without revealing them) for /admin/database.
 */
export default adminHandle(['GET'], async () => answer(statsEndpoint, await databaseStats()));

export const config: Config = { path: '/api/admin/database-stats' };
