import type { Config } from '@netlify/functions';
import { ADMIN_HEADERS, clearedSessionCookie, requireSameOrigin } from '../../src/server/admin/session';
import { handle } from '../../src/server/handle';
import { json } from '../../src/server/http';

/** POST /api/admin/auth/logout: clears the session cookie (whether or not it was valid). */
export default handle(['POST'], async (request) => {
  requireSameOrigin(request);
  return json({ ok: true }, 200, { ...ADMIN_HEADERS, 'Set-Cookie': clearedSessionCookie(request) });
});

export const config: Config = { path: '/api/admin/auth/logout' };
