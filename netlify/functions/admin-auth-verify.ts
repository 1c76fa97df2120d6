import type { Config } from '@netlify/functions';
import { adminHandle } from '../../src/server/admin/admin-handle';
import { json } from '../../src/server/http';

/** GET /api/admin/auth/verify: 200 { ok: true } with a valid session cookie, else 401. */
export default adminHandle(['GET'], async () => json({ ok: true }));

export const config: Config = { path: '/api/admin/auth/verify' };
