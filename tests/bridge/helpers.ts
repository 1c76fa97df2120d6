// Shared helpers for the bridge tests: a client on the run's bridge and per-test key prefixes.
import { randomUUID } from 'node:crypto';
import { Redis } from '@upstash/redis';
import { inject } from 'vitest';

export function bridgeClient(options: { enableAutoPipelining?: boolean; url?: string; token?: string } = {}): Redis {
  return new Redis({
    url: options.url ?? inject('upstashUrl'),
    token: options.token ?? inject('upstashToken'),
    enableAutoPipelining: options.enableAutoPipelining ?? true,
    retry: false,
  });
}

export function uniquePrefix(label: string): string {
  return `test:bridge:${label}:${randomUUID()}:`;
}

/** Deletes every key under the prefix (SCAN, so it stays cheap on a shared Redis). */
export async function deletePrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, { match: `${prefix}*`, count: 500 });
    if (keys.length > 0) await redis.del(...keys);
    cursor = String(next);
  } while (cursor !== '0');
}

/** A TCP port nothing listens on (bound, then released). */
export { freePort as closedPort } from '../../dev/free-port.mjs';

/** POSTs a raw Upstash REST request to the run's bridge (or another base URL). */
export async function rawPost(
  path: string,
  body: unknown,
  options: { base64?: boolean; token?: string | null; url?: string } = {},
): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = options.token === undefined ? inject('upstashToken') : options.token;
  if (token !== null) headers['authorization'] = `Bearer ${token}`;
  if (options.base64) headers['upstash-encoding'] = 'base64';
  const response = await fetch(`${options.url ?? inject('upstashUrl')}${path}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

export const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
