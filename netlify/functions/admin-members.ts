import type { Config } from '@netlify/functions';
import { listMembers } from '../../src/server/admin/members';
import { ADMIN_HEADERS, requireAdmin } from '../../src/server/admin/session';
import { handle } from '../../src/server/handle';
import { json } from '../../src/server/http';

/** GET /api/admin/members: every Stripe customer with subscriptions (spec section 3 member shape). */
export default handle(['GET'], async (request) => {
  await requireAdmin(request);
  return json(await listMembers(), 200, ADMIN_HEADERS);
});

export const config: Config = { path: '/api/admin/members' };
