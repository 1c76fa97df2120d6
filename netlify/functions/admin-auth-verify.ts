import type { Config } from '@netlify/functions';
import { adminVerify } from '../../src/features/staff/contract/admin-auth-verify';
import { adminHandle } from '../../src/features/staff/server/admin-handle';
import { answer } from '../../src/shared/server/http';

/** GET /api/admin/auth/verify: 200 { ok: true } with a valid session cookie, else 401. */
export default adminHandle(['GET'], async () => answer(adminVerify, { ok: true }));

export const config: Config = { path: '/api/admin/auth/verify' };
