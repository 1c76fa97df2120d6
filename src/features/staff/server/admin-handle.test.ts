import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminHandle } from './admin-handle';
import { issueSessionToken, SESSION_COOKIE } from './session';

const ORIGIN = 'http://localhost:8888';
const saved = { ...process.env };

beforeEach(() => {
  process.env['ADMIN_PASSWORD'] = 'correct horse battery staple';
  delete process.env['ADMIN_PASSWORD_HASH'];
  delete process.env['SITE_ID'];
});
afterEach(() => {
  process.env = { ...saved };
});

function request(method: string, options: { cookie?: string; origin?: string } = {}): Request {
  const headers: Record<string, string> = {};
  if (options.cookie) headers['cookie'] = options.cookie;
  if (options.origin) headers['origin'] = options.origin;
  return new Request(`${ORIGIN}/api/admin/thing`, { method, headers });
}

describe('adminHandle', () => {
  const ran: string[] = [];
  const handler = adminHandle(['GET', 'DELETE'], async (incoming) => {
    ran.push(incoming.method);
    return new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } });
  });

  it('refuses a call without a staff session, with the admin headers, and runs nothing', async () => {
    ran.length = 0;
    const response = await handler(request('GET'));
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('vary')).toBe('Cookie');
    expect(ran).toEqual([]);
  });

  it('refuses a state-changing call from another origin even with a session', async () => {
    ran.length = 0;
    const cookie = `${SESSION_COOKIE}=${await issueSessionToken()}`;
    expect((await handler(request('DELETE', { cookie, origin: 'https://evil.example' }))).status).toBe(403);
    expect((await handler(request('DELETE', { cookie }))).status).toBe(403);
    expect(ran).toEqual([]);
  });

  it('runs reads with a session and writes with a session from the site itself', async () => {
    ran.length = 0;
    const cookie = `${SESSION_COOKIE}=${await issueSessionToken()}`;
    const read = await handler(request('GET', { cookie }));
    expect(read.status).toBe(200);
    expect(read.headers.get('vary')).toBe('Cookie');
    expect((await handler(request('DELETE', { cookie, origin: ORIGIN }))).status).toBe(200);
    expect(ran).toEqual(['GET', 'DELETE']);
  });

  it('lets sign-in run without a session but never from another origin', async () => {
    const signIn = adminHandle(['POST'], async () => new Response('{}'), { session: 'none' });
    expect((await signIn(request('POST', { origin: ORIGIN }))).status).toBe(200);
    expect((await signIn(request('POST', { origin: 'https://evil.example' }))).status).toBe(403);
  });
});
