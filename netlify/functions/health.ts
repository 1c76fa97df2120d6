import type { Config } from '@netlify/functions';
import { health } from '../../src/shared/contract/health';
import { hasAdminSession } from '../../src/features/staff/server/session';
import { handle } from '../../src/shared/server/handle';
import { checkHealth, checkStaffHealth } from '../../src/features/staff/server/health';
import { answer } from '../../src/shared/server/http';

/**
 * GET /api/health: 200 when the store answered a round trip, 503 with a JSON error when it did not;
 * with a staff session also `staff` (Stripe, webhook secret, mail settings), which never changes the status.
 */
export default handle(
  ['GET', 'HEAD'],
  async (request) => {
    const staff = await hasAdminSession(request);
    const [report, staffReport] = await Promise.all([checkHealth(), staff ? checkStaffHealth() : undefined]);
    return answer(health, staffReport ? { ...report, staff: staffReport } : report, report.ok ? 200 : 503);
  },
  { headers: { Vary: 'Cookie' } },
);

export const config: Config = { path: '/api/health' };
