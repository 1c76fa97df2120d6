// Shared helpers for the API integration tests: requests as browsers send them, the private store,
// a counting bridge for round-trip budgets, closed ports for outages, and an admin session.
import { createClient } from 'redis';
import { inject } from 'vitest';
import { freePort as closedPort } from '../../dev/free-port.mjs';
import { startUpstashBridge, type UpstashBridge } from '../../dev/upstash-bridge';
import login from '../../netlify/functions/admin-auth-login';

export const ORIGIN = 'http://localhost:8888';

export function apiRequest(
  path: string,
  options: { method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string>; cookie?: string; origin?: string | null } = {},
): Request {
  const method = options.method ?? (options.body !== undefined || options.rawBody !== undefined ? 'POST' : 'GET');
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined || options.rawBody !== undefined) headers['content-type'] ??= 'application/json';
  if (options.cookie) headers['cookie'] = options.cookie;
  const origin = options.origin === undefined ? (method === 'GET' ? null : ORIGIN) : options.origin;
  if (origin) headers['origin'] = origin;
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    ...(options.rawBody !== undefined ? { body: options.rawBody } : options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
}

/** Key namespaces the API writes (other suites' keys on the shared test Redis are left alone). */
const NAMESPACES = ['league:*', 'events:*', 'stripe:*', 'admin:*', 'ratelimit:*', 'mail:*', 'bay:*', 'report:*', 'giftcard:*'];

export async function clearStore(): Promise<void> {
  const client = createClient({ url: inject('redisUrl'), RESP: 2 });
  await client.connect();
  try {
    for (const pattern of NAMESPACES) {
      for await (const keys of client.scanIterator({ MATCH: pattern, COUNT: 1000 })) {
        if (keys.length > 0) await client.del(keys);
      }
    }
  } finally {
    client.destroy();
  }
}

const connectRedis = () => createClient({ url: inject('redisUrl'), RESP: 2 });
export type TestRedis = ReturnType<typeof connectRedis>;

/** Raw access to the test Redis (assertions on what was stored). */
export async function withRedis<T>(work: (client: TestRedis) => Promise<T>): Promise<T> {
  const client = connectRedis();
  await client.connect();
  try {
    return await work(client);
  } finally {
    client.destroy();
  }
}

/** A TCP port nothing listens on (free a moment ago). */
export { closedPort };

const storeEnv = () => ({ url: inject('upstashUrl'), token: inject('upstashToken') });

/** Points the handlers at a fresh bridge on the test Redis whose requestCount counts round trips. */
export async function useCountingBridge(): Promise<UpstashBridge> {
  const bridge = await startUpstashBridge({ redisUrl: inject('redisUrl'), token: 'counting-bridge-token' });
  process.env['UPSTASH_REDIS_REST_URL'] = bridge.url;
  process.env['UPSTASH_REDIS_REST_TOKEN'] = bridge.token;
  return bridge;
}

/** Points the handlers at a REST endpoint that does not answer (store down). */
export async function useDeadStore(): Promise<void> {
  process.env['UPSTASH_REDIS_REST_URL'] = `http://127.0.0.1:${await closedPort()}`;
}

export function restoreStoreEnv(): void {
  const { url, token } = storeEnv();
  process.env['UPSTASH_REDIS_REST_URL'] = url;
  process.env['UPSTASH_REDIS_REST_TOKEN'] = token;
}

export const ADMIN_TEST_PASSWORD = 'integration-admin-password';

/** Logs in (ADMIN_PASSWORD must be ADMIN_TEST_PASSWORD) and returns the Cookie header value. */
export async function adminCookie(ip = '10.9.9.9'): Promise<string> {
  const response = await login(apiRequest('/api/admin/auth/login', { body: { password: ADMIN_TEST_PASSWORD } }), { ip });
  if (response.status !== 200) throw new Error(`admin login failed: ${response.status} ${await response.text()}`);
  const setCookie = response.headers.get('set-cookie') ?? '';
  return setCookie.split(';')[0]!;
}
