// The data store: Upstash itself when UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN are both set
// (never in private runs), else a Redis (dev/redis-server.ts) behind the Upstash REST bridge, which
// runs on its own thread so the store's work does not share the functions' event loop.
import { randomBytes } from 'node:crypto';
import { join, relative } from 'node:path';
import { resolveRedis, type ResolvedRedis } from '../redis-server';
import { startUpstashBridgeThread, type UpstashBridgeThread } from '../upstash-bridge/thread';
import { describe, warn } from './log';
import { projectRoot } from './project-root';
import type { RunningStandIn, StandIn } from './stand-ins';

export const store: StandIn = {
  name: 'the store',
  async start(context): Promise<RunningStandIn> {
    const upstashUrl = process.env['UPSTASH_REDIS_REST_URL']?.trim();
    const upstashToken = process.env['UPSTASH_REDIS_REST_TOKEN']?.trim();
    if (!context.private && upstashUrl && upstashToken) {
      return {
        env: { UPSTASH_REDIS_REST_URL: upstashUrl, UPSTASH_REDIS_REST_TOKEN: upstashToken },
        notes: [`Store: Upstash at ${upstashUrl} (UPSTASH_REDIS_REST_URL)`],
      };
    }
    if (!context.private && (upstashUrl || upstashToken)) {
      warn('only one of UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN is set: ignoring it and using a local Redis');
    }
    const redis = await resolveRedis({ private: context.private });
    const stopRedis = () => redis.stop().catch((error: unknown) => warn(`stopping redis-server: ${describe(error)}`));
    let bridge: UpstashBridgeThread;
    try {
      bridge = await startUpstashBridgeThread({ redisUrl: redis.url, token: randomBytes(24).toString('base64url'), host: '127.0.0.1', port: 0 });
    } catch (error) {
      await stopRedis();
      throw error;
    }
    return {
      env: { UPSTASH_REDIS_REST_URL: bridge.url, UPSTASH_REDIS_REST_TOKEN: bridge.token },
      notes: [`Store: local Upstash REST bridge → ${describeRedis(redis)}`],
      async close() {
        await bridge.close().catch((error: unknown) => warn(`closing the Upstash bridge: ${describe(error)}`));
        await stopRedis();
      },
    };
  },
};

function describeRedis(redis: ResolvedRedis): string {
  const where = redis.url.replace(/\/\/[^@/]*@/, '//***@');
  switch (redis.source) {
    case 'env':
      return `${where} (REDIS_URL)`;
    case 'default-port':
      return `the Redis already running at ${where}`;
    case 'started':
      return `redis-server at ${where}, data in ${relative(process.cwd(), join(projectRoot, '.data', 'redis')) || '.'}/`;
    case 'shared':
      return `redis-server at ${where} (run by another local runtime), data in .data/redis/`;
    case 'private':
      return `private throw-away redis-server at ${where}`;
  }
}
