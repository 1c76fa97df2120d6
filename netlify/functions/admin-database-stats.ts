import type { Config } from '@netlify/functions';
import { systemInfo } from '../../src/domain/admin/system';
import { databaseStats } from '../../src/server/admin/members';
import { ADMIN_HEADERS, requireAdmin } from '../../src/server/admin/session';
import { handle } from '../../src/server/handle';
import { json } from '../../src/server/http';

/**
 * GET /api/admin/database-stats: registrations, customers, subscriptions, revenue, recent items, and
 * `system` (store and payment mode, told from the settings without revealing them) for /admin/database.
 */
export default handle(['GET'], async (request) => {
  await requireAdmin(request);
  return json({ ...(await databaseStats()), system: systemInfo(process.env) }, 200, ADMIN_HEADERS);
});

export const config: Config = { path: '/api/admin/database-stats' };
