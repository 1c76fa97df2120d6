import type { Config } from '@netlify/functions';
import { systemInfo } from '../../src/domain/admin/system';
import { databaseStats } from '../../src/server/admin/members';
import { adminHandle } from '../../src/server/admin/admin-handle';
import { readSystemSettings } from '../../src/server/env';
import { json } from '../../src/server/http';

/**
 * GET /api/admin/database-stats: registrations, customers, subscriptions, revenue, recent items, and
 * `system` (store and payment mode, told from the settings without revealing them) for /admin/database.
 */
export default adminHandle(['GET'], async () => json({ ...(await databaseStats()), system: systemInfo(readSystemSettings()) }));

export const config: Config = { path: '/api/admin/database-stats' };
