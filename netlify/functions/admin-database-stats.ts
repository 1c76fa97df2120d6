import type { Config } from '@netlify/functions';
import { databaseStats as statsEndpoint } from '../../src/domain/api/admin-database-stats';
import { adminHandle } from '../../src/server/admin/admin-handle';
import { databaseStats } from '../../src/server/admin/database-stats';
import { answer } from '../../src/server/http';

/**
 * GET /api/admin/database-stats: registrations, customers, subscriptions, revenue, recent items, and
 * `system` (store and payment mode, told from the settings without revealing them) for /admin/database.
 */
export default adminHandle(['GET'], async () => answer(statsEndpoint, await databaseStats()));

export const config: Config = { path: '/api/admin/database-stats' };
