import type { Config } from '@netlify/functions';
import { ADMIN_HEADERS, requireAdmin } from '../../src/server/admin/session';
import { handle } from '../../src/server/handle';
import { json } from '../../src/server/http';

/** GET /api/admin/auth/verify: 200 { ok: true } with a valid session cookie, else 401. */
export default handle(['GET'], async (request) => {
  await requireAdmin(request);
  return json({ ok: true }, 200, ADMIN_HEADERS);
});

export const config: Config = { path: '/api/admin/auth/verify' };
