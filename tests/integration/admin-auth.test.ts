import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import login from '../../netlify/functions/admin-auth-login';
import logout from '../../netlify/functions/admin-auth-logout';
import verify from '../../netlify/functions/admin-auth-verify';
import databaseStats from '../../netlify/functions/admin-database-stats';
import eventRequests from '../../netlify/functions/admin-event-requests';
import { routed } from '../support/function-context';
import leagueRegistrationsFunction, { config as leagueRegistrationsConfig } from '../../netlify/functions/admin-league-registrations';
import members from '../../netlify/functions/admin-members';
import { hashPassword } from '../../src/features/staff/server/password';
import { ADMIN_TEST_PASSWORD, adminCookie, apiRequest, clearStore, restoreStoreEnv, useCountingBridge, useDeadStore, withRedis } from './api-helpers';

const leagueRegistrations = routed(leagueRegistrationsFunction, leagueRegistrationsConfig);

const attempt = (password: unknown, ip = '198.51.100.20', origin?: string | null) =>
  login(apiRequest('/api/admin/auth/login', { body: { password }, ...(origin !== undefined ? { origin } : {}) }), { ip });

const savedEnv = { ...process.env };

describe('admin auth', () => {
  beforeEach(async () => {
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    delete process.env['ADMIN_PASSWORD_HASH'];
    delete process.env['ADMIN_JWT_SECRET'];
    await clearStore();
  });
  afterEach(() => {
    for (const key of ['ADMIN_PASSWORD', 'ADMIN_PASSWORD_HASH', 'ADMIN_JWT_SECRET', 'NODE_ENV', 'CONTEXT']) {
      if (savedEnv[key] === undefined) delete process.env[key];
      else process.env[key] = savedEnv[key];
    }
    restoreStoreEnv();
    vi.restoreAllMocks();
  });

  it('logs in with the password: HttpOnly, SameSite=Strict, 2-hour cookie; verify accepts it; logout clears it', async () => {
    const response = await attempt(ADMIN_TEST_PASSWORD);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^admin_session=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=7200$/);

    const session = cookie.split(';')[0]!;
    const ok = await verify(apiRequest('/api/admin/auth/verify', { cookie: session }));
    expect([ok.status, await ok.json()]).toEqual([200, { ok: true }]);
    expect(ok.headers.get('cache-control')).toBe('no-store');

    const out = await logout(apiRequest('/api/admin/auth/logout', { method: 'POST' }));
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toBe('admin_session=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0');
  });

  it('marks the cookie Secure on https', async () => {
    const response = await login(
      new Request('https://venue.example/api/admin/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://venue.example' },
        body: JSON.stringify({ password: ADMIN_TEST_PASSWORD }),
      }),
      { ip: '198.51.100.21' },
    );
    expect(response.headers.get('set-cookie')).toContain('; Secure; SameSite=Strict');
  });

  it('checks ADMIN_PASSWORD_HASH when set', async () => {
    process.env['ADMIN_PASSWORD_HASH'] = await hashPassword('hashed-password-123', { N: 1024, r: 8, p: 1 });
    expect((await attempt('hashed-password-123')).status).toBe(200);
    expect((await attempt(ADMIN_TEST_PASSWORD)).status).toBe(401);
  });

  it('refuses a wrong password (401 Invalid credentials) and an empty one (400)', async () => {
    const wrong = await attempt('not-it');
    expect([wrong.status, await wrong.json()]).toEqual([401, { error: 'Invalid credentials' }]);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const empty = await attempt('');
    expect([empty.status, await empty.json()]).toEqual([400, { error: 'Password is required', fields: { password: 'Password is required' } }]);
  });

  it('locks an IP out after 5 failures for 15 minutes (429 with lockoutRemaining), even with the right password', async () => {
    for (let i = 1; i <= 4; i += 1) expect((await attempt('wrong', '203.0.113.9')).status).toBe(401);
    const fifth = await attempt('wrong', '203.0.113.9');
    expect([fifth.status, await fifth.json()]).toEqual([429, { error: 'Too many failed attempts', lockoutRemaining: 15 }]);
    const locked = await attempt(ADMIN_TEST_PASSWORD, '203.0.113.9');
    expect(locked.status).toBe(429);
    expect((await locked.json()).lockoutRemaining).toBe(15);
    expect(locked.headers.get('set-cookie')).toBeNull();
    expect((await attempt(ADMIN_TEST_PASSWORD, '203.0.113.10')).status).toBe(200);
  });

  it('locks every IP out after 50 failures overall', async () => {
    await withRedis((client) => client.set('admin:login:fail:global', '49', { EX: 600 }));
    const failure = await attempt('wrong', '203.0.113.30');
    expect(failure.status).toBe(429);
    const other = await attempt(ADMIN_TEST_PASSWORD, '203.0.113.31');
    expect([other.status, await other.json()]).toEqual([429, { error: 'Too many failed attempts', lockoutRemaining: 10 }]);
  });

  it('refuses state-changing calls from another origin (403)', async () => {
    expect((await attempt(ADMIN_TEST_PASSWORD, '198.51.100.22', 'https://evil.example')).status).toBe(403);
    expect((await attempt(ADMIN_TEST_PASSWORD, '198.51.100.22', null)).status).toBe(403);
    const cookie = await adminCookie();
    const remove = await leagueRegistrations(apiRequest('/api/admin/league-registrations', { method: 'DELETE', cookie, origin: 'https://evil.example' }));
    expect(remove.status).toBe(403);
    expect((await logout(apiRequest('/api/admin/auth/logout', { method: 'POST', origin: 'https://evil.example' }))).status).toBe(403);
  });

  it('answers 401 on every admin data call without a valid session', async () => {
    const forged = 'admin_session=eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYWRtaW4ifQ.c2lnbmF0dXJl';
    const calls: [string, (request: Request) => Promise<Response>, string][] = [
      ['/api/admin/auth/verify', verify, 'GET'],
      ['/api/admin/league-registrations', leagueRegistrations, 'GET'],
      ['/api/admin/league-registrations', leagueRegistrations, 'DELETE'],
      ['/api/admin/league-registrations/abc', leagueRegistrations, 'DELETE'],
      ['/api/admin/members', members, 'GET'],
      ['/api/admin/database-stats', databaseStats, 'GET'],
      ['/api/admin/event-bookings', eventRequests, 'GET'],
    ];
    for (const [path, handler, method] of calls) {
      for (const cookie of [undefined, forged]) {
        const response = await handler(apiRequest(path, { method, ...(cookie ? { cookie } : {}) }));
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(await response.json()).toEqual({ error: 'Authentication required' });
        expect(response.headers.get('cache-control')).toBe('no-store');
      }
    }
  });

  it('refuses a token signed with another secret', async () => {
    process.env['ADMIN_JWT_SECRET'] = 'a'.repeat(40);
    const cookie = await adminCookie();
    process.env['ADMIN_JWT_SECRET'] = 'b'.repeat(40);
    expect((await verify(apiRequest('/api/admin/auth/verify', { cookie }))).status).toBe(401);
  });

  it('answers 503 in production without ADMIN_JWT_SECRET, and ignores ADMIN_PASSWORD there', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    process.env['CONTEXT'] = 'production';
    process.env['ADMIN_PASSWORD_HASH'] = await hashPassword('prod-password-123', { N: 1024, r: 8, p: 1 });
    const response = await attempt('prod-password-123');
    expect(response.status).toBe(503);
    expect((await response.json()).error).toBe('Admin sign-in is not configured on the server. Please contact the site administrator.');
    process.env['ADMIN_JWT_SECRET'] = 'c'.repeat(48);
    expect((await attempt('prod-password-123')).status).toBe(200);
    expect((await attempt(ADMIN_TEST_PASSWORD)).status).toBe(401);
  });

  it('answers 405 with Allow for wrong methods', async () => {
    const response = await login(apiRequest('/api/admin/auth/login'));
    expect([response.status, response.headers.get('allow')]).toEqual([405, 'POST']);
    expect((await verify(apiRequest('/api/admin/auth/verify', { method: 'POST' }))).headers.get('allow')).toBe('GET');
  });

  it('costs at most 2 store round trips per login, and answers 503 when the store is down', async () => {
    const bridge = await useCountingBridge();
    try {
      for (const password of ['wrong', ADMIN_TEST_PASSWORD]) {
        const before = bridge.requestCount;
        await attempt(password, '198.51.100.40');
        expect(bridge.requestCount - before).toBeLessThanOrEqual(2);
      }
    } finally {
      await bridge.close();
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await useDeadStore();
    const response = await attempt(ADMIN_TEST_PASSWORD);
    expect(response.status).toBe(503);
  });
});
