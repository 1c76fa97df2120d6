// The bridge as the local runtime runs it: on its own thread (dev/upstash-bridge/thread.ts).
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { startUpstashBridgeThread } from '../../dev/upstash-bridge/thread';
import { bridgeClient, uniquePrefix } from './helpers';

describe('Upstash bridge on its own thread', () => {
  it('serves the Upstash protocol with its token, and frees its port when closed', async () => {
    const token = randomUUID();
    const bridge = await startUpstashBridgeThread({ redisUrl: inject('redisUrl'), token });
    const redis = bridgeClient({ url: bridge.url, token });
    const key = `${uniquePrefix('thread')}greeting`;
    try {
      await redis.set(key, 'höla ⛳');
      expect(await redis.get(key)).toBe('höla ⛳');
      const refused = await fetch(bridge.url, { method: 'POST', headers: { authorization: 'Bearer wrong' }, body: '["PING"]' });
      expect(refused.status).toBe(401);
    } finally {
      await redis.del(key);
      await bridge.close();
    }
    await expect(fetch(bridge.url, { method: 'POST', body: '["PING"]' })).rejects.toThrow();
  });

  it('fails to start with a clear error when the worker cannot serve', async () => {
    await expect(startUpstashBridgeThread({ redisUrl: inject('redisUrl'), token: 't', host: '203.0.113.1' })).rejects.toThrow(/the Upstash bridge did not start: /);
  });
});
