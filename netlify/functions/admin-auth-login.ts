import type { Config } from '@netlify/functions';
import { adminLoginSchema } from '../../src/domain/forms/admin-login';
import { assertNotLockedOut, clearFailedLogins, recordFailedLogin } from '../../src/server/admin/login-throttle';
import { ADMIN_HEADERS, checkAdminPassword, issueSessionToken, requireAdminConfigured, requireSameOrigin, sessionCookie } from '../../src/server/admin/session';
import { handle } from '../../src/server/handle';
import { json } from '../../src/server/http';
import { clientIp, HttpError, readJsonBody } from '../../src/server/request';

/**
 * POST /api/admin/auth/login { password }: sets the admin_session cookie. Wrong password → 401
 * 'Invalid credentials'; too many failures from this IP or overall → 429 { error, lockoutRemaining };
 * sign-in not configured (no password hash, or no ADMIN_JWT_SECRET in production) → 503.
 */
export default handle(['POST'], async (request, context) => {
  requireSameOrigin(request);
  requireAdminConfigured();
  const { password } = await readJsonBody(request, adminLoginSchema, { maxBytes: 4096 });
  const ip = clientIp(request, context);
  await assertNotLockedOut(ip);
  if (!(await checkAdminPassword(password))) {
    await recordFailedLogin(ip);
    throw new HttpError(401, 'Invalid credentials', {}, ADMIN_HEADERS);
  }
  const token = await issueSessionToken();
  await clearFailedLogins(ip);
  return json({ ok: true }, 200, { ...ADMIN_HEADERS, 'Set-Cookie': sessionCookie(request, token) });
});

export const config: Config = { path: '/api/admin/auth/login' };
