// Lua scripts through the bridge: Upstash's `#!lua flags=allow-key-locking` shebang, EVALSHA hash
// mapping, and @upstash/ratelimit working end to end with the expected number of round trips.
import { createHash } from 'node:crypto';
import { Ratelimit } from '@upstash/ratelimit';
import type { Redis } from '@upstash/redis';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { startUpstashBridge, type UpstashBridge } from '../../dev/upstash-bridge';
import { bridgeClient, deletePrefix, uniquePrefix } from './helpers';

const sha1 = (text: string): string => createHash('sha1').update(text).digest('hex');

let redis: Redis;
let prefix: string;
let counting: UpstashBridge | undefined;

beforeEach((context) => {
  redis = bridgeClient();
  prefix = uniquePrefix(context.task.name.replace(/\W+/g, '-'));
});

afterEach(async () => {
  await counting?.close();
  counting = undefined;
  await deletePrefix(redis, prefix);
});

describe('EVAL / EVALSHA / SCRIPT', () => {
  const script = '#!lua flags=allow-key-locking\nreturn redis.call("INCRBY", KEYS[1], ARGV[1])';

  it('runs scripts carrying the Upstash shebang that plain Redis would reject', async () => {
    expect(await redis.eval(script, [`${prefix}n`], [3])).toBe(3);
    expect(await redis.eval(script, [`${prefix}n`], [4])).toBe(7);
    // The hash the caller computed over the original script now resolves.
    expect(await redis.evalsha(sha1(script), [`${prefix}n`], [1])).toBe(8);
    // Scripts without a shebang are passed through untouched.
    expect(await redis.eval('return {KEYS[1], ARGV[1], 42}', [`${prefix}k`], ['Café'])).toEqual([`${prefix}k`, 'Café', 42]);
  });

  it('SCRIPT LOAD answers the hash of the script as sent, and EVALSHA / SCRIPT EXISTS accept it', async () => {
    const loaded = '#!lua flags=allow-key-locking\nreturn redis.call("SET", KEYS[1], ARGV[1])';
    expect(await redis.scriptLoad(loaded)).toBe(sha1(loaded));
    expect(await redis.scriptExists(sha1(loaded), sha1('never loaded'))).toEqual([1, 0]);
    expect(await redis.evalsha(sha1(loaded), [`${prefix}s`], ['⛳'])).toBe('OK');
    expect(await redis.get(`${prefix}s`)).toBe('⛳');
  });

  it('answers NOSCRIPT for an unknown hash', async () => {
    await expect(redis.evalsha(sha1(`return "${prefix}"`), [], [])).rejects.toThrow(/NOSCRIPT/);
  });
});

const WINDOW_MS = 30_000;

describe('@upstash/ratelimit through the bridge', () => {
  it('holds the limit; the first call falls back from NOSCRIPT to EVAL, later calls are one round trip', async () => {
    // Sliding windows start at multiples of their length: a run that crosses into the next window
    // counts the earlier calls at a weight below 1. Start well inside a window.
    const untilNextWindow = WINDOW_MS - (Date.now() % WINDOW_MS);
    if (untilNextWindow < 10_000) await new Promise((resolve) => setTimeout(resolve, untilNextWindow + 100));
    counting = await startUpstashBridge({ redisUrl: inject('redisUrl'), token: 'ratelimit-token' });
    const client = bridgeClient({ url: counting.url, token: counting.token });
    const limiter = new Ratelimit({
      redis: client,
      limiter: Ratelimit.slidingWindow(3, `${WINDOW_MS / 1000} s`),
      prefix: `${prefix}rl`,
      ephemeralCache: false,
    });

    const costs: number[] = [];
    const outcomes: Array<{ success: boolean; remaining: number }> = [];
    for (let call = 0; call < 4; call += 1) {
      const before = counting.requestCount;
      const { success, remaining, limit, reset } = await limiter.limit('203.0.113.7');
      costs.push(counting.requestCount - before);
      outcomes.push({ success, remaining });
      expect(limit).toBe(3);
      expect(reset).toBeGreaterThan(Date.now());
    }

    expect(outcomes).toEqual([
      { success: true, remaining: 2 },
      { success: true, remaining: 1 },
      { success: true, remaining: 0 },
      { success: false, remaining: 0 },
    ]);
    // Call 1: EVALSHA -> NOSCRIPT, then EVAL. Calls 2-4: EVALSHA hits.
    expect(costs).toEqual([2, 1, 1, 1]);

    // Another identifier has its own budget; a new limiter on the same bridge reuses the mapped hash.
    const second = new Ratelimit({
      redis: client,
      limiter: Ratelimit.slidingWindow(3, `${WINDOW_MS / 1000} s`),
      prefix: `${prefix}rl`,
      ephemeralCache: false,
    });
    const before = counting.requestCount;
    expect((await second.limit('198.51.100.1')).success).toBe(true);
    expect(counting.requestCount - before).toBe(1);
    expect((await second.limit('203.0.113.7')).success).toBe(false);
  });

  it('fixed windows work too, and the limit resets with the window', async () => {
    const limiter = new Ratelimit({
      redis,
      limiter: Ratelimit.fixedWindow(2, '1 s'),
      prefix: `${prefix}fw`,
      ephemeralCache: false,
    });
    // Start right after a window boundary so the three calls share one window.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
    const first = await limiter.limit('user');
    const second = await limiter.limit('user');
    const third = await limiter.limit('user');
    expect([first.success, second.success, third.success]).toEqual([true, true, false]);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, third.reset - Date.now()) + 20));
    expect((await limiter.limit('user')).success).toBe(true);
  });
});
