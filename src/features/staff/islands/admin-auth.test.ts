import { afterEach, describe, expect, it, vi } from 'vitest';
import { $adminAuth, ADMIN_FLAG_KEY, hasAdminFlag, loginAdmin, logoutAdmin, verifyAdminSession } from './admin-auth';
import type { FetchLike } from '../../../lib/api-client';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

function answering(status: number, body?: unknown): FetchLike & { calls: Array<[string, RequestInit]> } {
  const calls: Array<[string, RequestInit]> = [];
  const fetcher = (async (url: string, init: RequestInit) => {
    calls.push([url, init]);
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  }) as FetchLike & { calls: Array<[string, RequestInit]> };
  fetcher.calls = calls;
  return fetcher;
}

const offline: FetchLike = async () => {
  throw new TypeError('Failed to fetch');
};

afterEach(() => {
  $adminAuth.set('loading');
  vi.restoreAllMocks();
});

describe('session check', () => {
  it('is authenticated when verify answers ok, without reading the body', async () => {
    const storage = memoryStorage({ [ADMIN_FLAG_KEY]: 'true' });
    const fetcher = answering(200, { ok: true });
    expect(await verifyAdminSession({ fetcher, storage })).toBe('authenticated');
    expect(fetcher.calls[0]?.[0]).toBe('/api/admin/auth/verify');
    expect(fetcher.calls[0]?.[1]).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(storage.data.get(ADMIN_FLAG_KEY)).toBe('true');
  });

  it('clears the flag and is unauthenticated on any other answer', async () => {
    const storage = memoryStorage({ [ADMIN_FLAG_KEY]: 'true' });
    expect(await verifyAdminSession({ fetcher: answering(401, { error: 'Authentication required' }), storage })).toBe('unauthenticated');
    expect(hasAdminFlag({ storage })).toBe(false);
  });

  it('is unauthenticated when the server cannot be reached', async () => {
    expect(await verifyAdminSession({ fetcher: offline, storage: memoryStorage() })).toBe('unauthenticated');
    expect($adminAuth.get()).toBe('unauthenticated');
  });
});

describe('login', () => {
  it('sends only the password and sets the flag on success', async () => {
    const storage = memoryStorage();
    const fetcher = answering(200, { ok: true });
    expect(await loginAdmin('secret', { fetcher, storage })).toEqual({ ok: true });
    expect(fetcher.calls[0]?.[0]).toBe('/api/admin/auth/login');
    expect(fetcher.calls[0]?.[1].body).toBe(JSON.stringify({ password: 'secret' }));
    expect(storage.data.get(ADMIN_FLAG_KEY)).toBe('true');
    expect($adminAuth.get()).toBe('authenticated');
  });

  it('removes the flag and explains a refusal', async () => {
    const storage = memoryStorage({ [ADMIN_FLAG_KEY]: 'true' });
    const result = await loginAdmin('wrong', { fetcher: answering(401, { error: 'Invalid credentials' }), storage });
    expect(result).toEqual({ ok: false, message: 'Invalid credentials', toast: 'Invalid credentials' });
    expect(hasAdminFlag({ storage })).toBe(false);
    expect($adminAuth.get()).toBe('unauthenticated');
  });

  it('reports the lockout time on 429', async () => {
    const result = await loginAdmin('wrong', { fetcher: answering(429, { error: 'Too many failed attempts', lockoutRemaining: 15 }), storage: memoryStorage() });
    expect(result).toEqual({
      ok: false,
      message: 'Too many failed attempts. Try again in 15 minutes.',
      toast: 'Account locked. Try again in 15 minutes.',
      lockoutRemaining: 15,
    });
  });

  it('reports a connection error when the server cannot be reached', async () => {
    const result = await loginAdmin('x', { fetcher: offline, storage: memoryStorage() });
    expect(result).toMatchObject({ ok: false, message: 'Connection error. Please try again.' });
  });
});

describe('logout', () => {
  it('ends unauthenticated and clears the flag even when the call fails (only logged)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = memoryStorage({ [ADMIN_FLAG_KEY]: 'true' });
    $adminAuth.set('authenticated');
    await logoutAdmin({ fetcher: offline, storage });
    expect($adminAuth.get()).toBe('unauthenticated');
    expect(hasAdminFlag({ storage })).toBe(false);
    expect(log).toHaveBeenCalledOnce();
  });

  it('posts to the logout endpoint without a body', async () => {
    const fetcher = answering(200, { ok: true });
    await logoutAdmin({ fetcher, storage: memoryStorage() });
    expect(fetcher.calls[0]?.[0]).toBe('/api/admin/auth/logout');
    expect(fetcher.calls[0]?.[1]).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(fetcher.calls[0]?.[1].body).toBeUndefined();
  });
});
