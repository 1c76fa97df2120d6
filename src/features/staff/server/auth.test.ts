import { describe, expect, it } from 'vitest';
import { hashPassword, parsePasswordHash, verifyPassword } from './password';
import { clearedSessionCookie, hasAdminSession, isValidSessionToken, issueSessionToken, jwtKey, readCookie, requireSameOrigin, sessionCookie } from './session';
import { HttpError } from '../../../shared/server/request';

const fast = { N: 1024, r: 8, p: 1 };

describe('password hashing', () => {
  it('verifies the right password only', async () => {
    const hash = await hashPassword('correct horse', fast);
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsf', hash)).toBe(false);
    expect(parsePasswordHash('plain')).toBeNull();
    expect(parsePasswordHash('scrypt$1000$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==')).toBeNull();
    await expect(verifyPassword('x', 'md5$abc')).rejects.toThrow(/npm run admin:hash/);
  });
});

describe('session tokens and cookies', () => {
  const env = { ADMIN_PASSWORD: 'local-password' };

  it('issues tokens that verify with the same key only', async () => {
    const token = await issueSessionToken(env);
    expect(await isValidSessionToken(token, env)).toBe(true);
    expect(await isValidSessionToken(token, { ADMIN_PASSWORD: 'other' })).toBe(false);
    expect(await isValidSessionToken(`${token}x`, env)).toBe(false);
  });

  it('refuses a correctly signed token without an expiry or issue time, or older than a session lasts', async () => {
    const { SignJWT } = await import('jose');
    const now = Math.floor(Date.now() / 1000);
    const sign = (claims: { iat?: number; exp?: number }) => {
      const token = new SignJWT({ role: 'admin' }).setProtectedHeader({ alg: 'HS256' }).setIssuer('venue-site').setAudience('venue-admin');
      if (claims.iat !== undefined) token.setIssuedAt(claims.iat);
      if (claims.exp !== undefined) token.setExpirationTime(claims.exp);
      return token.sign(jwtKey(env));
    };
    expect(await isValidSessionToken(await sign({ iat: now, exp: now + 600 }), env)).toBe(true);
    expect(await isValidSessionToken(await sign({ iat: now }), env)).toBe(false);
    expect(await isValidSessionToken(await sign({ exp: now + 600 }), env)).toBe(false);
    expect(await isValidSessionToken(await sign({ iat: now - 3 * 3600, exp: now + 600 }), env)).toBe(false);
  });

  it('requires ADMIN_JWT_SECRET in production', () => {
    expect(() => jwtKey({ NODE_ENV: 'production', ADMIN_PASSWORD_HASH: 'scrypt$…' })).toThrow(HttpError);
    expect(jwtKey({ NODE_ENV: 'production', ADMIN_JWT_SECRET: 'x'.repeat(40) })).toHaveLength(40);
  });

  it('sets HttpOnly, SameSite=Strict, 2-hour cookies, Secure except on http://localhost', () => {
    const local = sessionCookie(new Request('http://localhost:8888/api/admin/auth/login'), 'tok');
    expect(local).toBe('admin_session=tok; Path=/; HttpOnly; SameSite=Strict; Max-Age=7200');
    expect(sessionCookie(new Request('https://example.com/api/admin/auth/login'), 'tok')).toContain('; Secure;');
    expect(clearedSessionCookie(new Request('https://example.com/'))).toContain('Max-Age=0');
    expect(readCookie(new Request('http://x/', { headers: { cookie: 'a=1; admin_session=tok; b=2' } }), 'admin_session')).toBe('tok');
  });

  it('accepts state-changing calls only from the site itself', () => {
    const from = (origin?: string) =>
      new Request('https://preview.example.net/api/admin/auth/logout', { method: 'POST', headers: origin ? { origin } : {} });
    expect(() => requireSameOrigin(from('https://preview.example.net'), {})).not.toThrow();
    expect(() => requireSameOrigin(from('https://example.com'), { SITE_URL: 'https://example.com' })).not.toThrow();
    expect(() => requireSameOrigin(from('https://evil.example'), { SITE_URL: 'https://example.com' })).toThrow(HttpError);
    expect(() => requireSameOrigin(from(), {})).toThrow(HttpError);
  });
});

describe('hasAdminSession', () => {
  const env = { ADMIN_PASSWORD: 'local-password' };
  const withCookie = (cookie?: string) => new Request('http://localhost/api/health', cookie ? { headers: { cookie } } : {});

  it('is true for a valid session cookie only, and never throws', async () => {
    const token = await issueSessionToken(env);
    expect(await hasAdminSession(withCookie(`admin_session=${token}`), env)).toBe(true);
    expect(await hasAdminSession(withCookie(), env)).toBe(false);
    expect(await hasAdminSession(withCookie('admin_session=garbage'), env)).toBe(false);
    expect(await hasAdminSession(withCookie(`other=${token}`), env)).toBe(false);
    // Sign-in not configured (no password, or production without ADMIN_JWT_SECRET): nobody is staff.
    expect(await hasAdminSession(withCookie(`admin_session=${token}`), {})).toBe(false);
    expect(await hasAdminSession(withCookie(`admin_session=${token}`), { ...env, NODE_ENV: 'production', ADMIN_PASSWORD_HASH: 'scrypt$16384$8$1$c2FsdA==$aGFzaA==' })).toBe(false);
  });
});
