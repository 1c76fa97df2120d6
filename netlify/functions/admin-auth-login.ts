import type { Config } from '@netlify/functions';
import { adminLogin } from '../../src/features/staff/contract/admin-auth-login';
import { adminLoginSchema } from '../../src/features/staff/contract/login-form';
import { adminHandle } from '../../src/features/staff/server/admin-handle';
import { assertNotLockedOut, clearFailedLogins, recordFailedLogin } from '../../src/features/staff/server/login-throttle';
import { checkAdminPassword, issueSessionToken, requireAdminConfigured, sessionCookie } from '../../src/features/staff/server/session';
import { answer } from '../../src/shared/server/http';
import { clientIp, HttpError, readJsonBody } from '../../src/shared/server/request';

/**
 * POST /api/admin/auth/login { password }: sets the admin_session cookie. Wrong password → 401
 * 'Invalid credentials'; too many failures from this IP or overall → 429 { error, lockoutRemaining };
 * sign-in not configured (no password hash, or no ADMIN_JWT_SECRET in production) → 503.
 */
export default adminHandle(
  ['POST'],
  async (request, context) => {
    requireAdminConfigured();
    const { password } = await readJsonBody(request, adminLoginSchema, { maxBytes: 4096 });
    const ip = clientIp(request, context);
    await assertNotLockedOut(ip);
    if (!(await checkAdminPassword(password))) {
      await recordFailedLogin(ip);
      throw new HttpError(401, 'Invalid credentials');
    }
    const token = await issueSessionToken();
    await clearFailedLogins(ip);
    return answer(adminLogin, { ok: true }, 200, { 'Set-Cookie': sessionCookie(request, token) });
  },
  { session: 'none' },
);

export const config: Config = { path: '/api/admin/auth/login' };
