import type { Config } from '@netlify/functions';
import { adminLogout } from '../../src/features/staff/contract/admin-auth-logout';
import { adminHandle } from '../../src/features/staff/server/admin-handle';
import { clearedSessionCookie } from '../../src/features/staff/server/session';
import { answer } from '../../src/shared/server/http';

/** POST /api/admin/auth/logout: clears the session cookie (whether or not it was valid). */
export default adminHandle(['POST'], async (request) => answer(adminLogout, { ok: true }, 200, { 'Set-Cookie': clearedSessionCookie(request) }), { session: 'none' });

export const config: Config = { path: '/api/admin/auth/logout' };
