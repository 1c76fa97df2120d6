// The Upstash bridge seen through the real @upstash/redis client (the one the app uses).
import type { Redis } from '@upstash/redis';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { startUpstashBridge, type UpstashBridge } from '../../dev/upstash-bridge';
import { bridgeClient, deletePrefix, rawPost, uniquePrefix } from './helpers';

let redis: Redis;
let prefix: string;

beforeEach((context) => {
  redis = bridgeClient();
  prefix = uniquePrefix(context.task.name.replace(/\W+/g, '-'));
});

afterEach(async () => {
  await deletePrefix(redis, prefix);
});

describe('strings and JSON values', () => {
  it('round-trips UTF-8 text and the literal string "OK"', async () => {
    expect(await redis.set(`${prefix}text`, 'Café ⛳ 日本')).toBe('OK');
    expect(await redis.get(`${prefix}text`)).toBe('Café ⛳ 日本');
    expect(await redis.strlen(`${prefix}text`)).toBe(Buffer.byteLength('Café ⛳ 日本'));

    expect(await redis.set(`${prefix}ok`, 'OK')).toBe('OK');
    expect(await redis.get(`${prefix}ok`)).toBe('OK');

    expect(await redis.get(`${prefix}missing`)).toBeNull();
    expect(await redis.mget(`${prefix}text`, `${prefix}missing`, `${prefix}ok`)).toEqual(['Café ⛳ 日本', null, 'OK']);
  });

  it('round-trips values the client serialises as JSON', async () => {
    const value = { name: 'Ana Núñez', sessions: ['fall-2025', 'winter-2025-26'], paid: false, total: 129.5, note: null };
    await redis.set(`${prefix}json`, value);
    expect(await redis.get(`${prefix}json`)).toEqual(value);
    // Stored as JSON text in Redis.
    const raw = await rawPost('/', ['GET', `${prefix}json`]);
    expect(JSON.parse((raw.json as { result: string }).result)).toEqual(value);

    await redis.set(`${prefix}list`, [1, 'two', { three: 3 }]);
    expect(await redis.get(`${prefix}list`)).toEqual([1, 'two', { three: 3 }]);
  });
});

describe('hashes', () => {
  it('hset, hgetall and hmget', async () => {
    const key = `${prefix}hash`;
    expect(await redis.hset(key, { status: 'pending', amount: 12900, guest: 'Zoë', meta: { tee: '18:00' } })).toBe(4);
    expect(await redis.hgetall(key)).toEqual({ status: 'pending', amount: 12900, guest: 'Zoë', meta: { tee: '18:00' } });
    expect(await redis.hmget(key, 'status', 'guest', 'nope')).toEqual({ status: 'pending', guest: 'Zoë', nope: null });
    expect(await redis.hset(key, { status: 'completed' })).toBe(0);
    expect(await redis.hget(key, 'status')).toBe('completed');
    expect(await redis.hgetall(`${prefix}no-hash`)).toBeNull();
  });
});

describe('sorted sets', () => {
  it('zadd, zrange with scores, reversed ranges, zcard and zrem', async () => {
    const key = `${prefix}zset`;
    expect(
      await redis.zadd(key, { score: 1700000000000, member: 'reg-a' }, { score: 1700000000500.5, member: 'reg-b' }, { score: 1699999999999, member: 'reg-c' }),
    ).toBe(3);
    expect(await redis.zrange(key, 0, -1)).toEqual(['reg-c', 'reg-a', 'reg-b']);
    expect(await redis.zrange(key, 0, -1, { withScores: true })).toEqual([
      'reg-c',
      1699999999999,
      'reg-a',
      1700000000000,
      'reg-b',
      1700000000500.5,
    ]);
    expect(await redis.zrange(key, 0, 1, { rev: true })).toEqual(['reg-b', 'reg-a']);
    expect(await redis.zrange(key, '+inf', '-inf', { byScore: true, rev: true, offset: 0, count: 1 })).toEqual(['reg-b']);
    expect(await redis.zcard(key)).toBe(3);
    expect(await redis.zscore(key, 'reg-a')).toBe(1700000000000);
    expect(await redis.zrem(key, 'reg-a', 'not-there')).toBe(1);
    expect(await redis.zcard(key)).toBe(2);
    expect(await redis.zrange(key, 0, -1)).toEqual(['reg-c', 'reg-b']);
  });
});

describe('counters', () => {
  it('incr, incrby and decr', async () => {
    const key = `${prefix}counter`;
    expect(await redis.incr(key)).toBe(1);
    expect(await redis.incrby(key, 41)).toBe(42);
    expect(await redis.decr(key)).toBe(41);
    expect(await redis.decrby(key, 50)).toBe(-9);
    expect(await redis.get(key)).toBe(-9);
  });
});

describe('expiry', () => {
  it('set with ex/px, ttl/pttl, and the key disappears after expiry', async () => {
    expect(await redis.set(`${prefix}ex`, 'v', { ex: 120 })).toBe('OK');
    const ttl = await redis.ttl(`${prefix}ex`);
    expect(ttl).toBeGreaterThan(100);
    expect(ttl).toBeLessThanOrEqual(120);

    // Long enough that a loaded machine still reads the key before it expires.
    expect(await redis.set(`${prefix}px`, 'short-lived', { px: 1000 })).toBe('OK');
    const pttl = await redis.pttl(`${prefix}px`);
    expect(pttl).toBeGreaterThan(0);
    expect(pttl).toBeLessThanOrEqual(1000);
    expect(await redis.ttl(`${prefix}no-expiry`)).toBe(-2);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await redis.get(`${prefix}px`)).toBeNull();
    expect(await redis.exists(`${prefix}px`)).toBe(0);
    expect(await redis.exists(`${prefix}ex`)).toBe(1);
  });
});

describe('pipelines', () => {
  let counting: UpstashBridge | undefined;
  afterEach(async () => {
    await counting?.close();
    counting = undefined;
  });

  it('runs an explicit pipeline in order and reports failing commands', async () => {
    const pipeline = redis.pipeline();
    pipeline.set(`${prefix}p:a`, 'Café');
    pipeline.incr(`${prefix}p:n`);
    pipeline.incrby(`${prefix}p:n`, 9);
    pipeline.hset(`${prefix}p:h`, { field: 'value' });
    pipeline.get(`${prefix}p:a`);
    pipeline.zadd(`${prefix}p:z`, { score: 2, member: 'x' });
    pipeline.zrange(`${prefix}p:z`, 0, -1, { withScores: true });
    expect(await pipeline.exec()).toEqual(['OK', 1, 10, 1, 'Café', 1, ['x', 2]]);

    const failing = redis.pipeline();
    failing.set(`${prefix}p:s`, 'not a number');
    failing.incr(`${prefix}p:s`);
    failing.get(`${prefix}p:s`);
    const results = await failing.exec({ keepErrors: true });
    expect(results[0]).toEqual({ result: 'OK', error: undefined });
    expect(results[1]!.error).toMatch(/not an integer/);
    expect(results[2]).toEqual({ result: 'not a number', error: undefined });

    const rejecting = redis.pipeline();
    rejecting.incr(`${prefix}p:s`);
    await expect(rejecting.exec()).rejects.toThrow(/Command 1 \[ incr \] failed: ERR value is not an integer/);
  });

  it('auto-pipelines concurrent commands into one HTTP request per batch', async () => {
    counting = await startUpstashBridge({ redisUrl: inject('redisUrl'), token: 'auto-pipeline-token' });
    const client = bridgeClient({ url: counting.url, token: counting.token });
    await client.set(`${prefix}auto:a`, 1);

    // The client batches writes and reads separately (a few commands, e.g. hgetall, bypass
    // auto-pipelining); each batch is one POST /pipeline.
    let before = counting.requestCount;
    const writes = await Promise.all([
      client.incr(`${prefix}auto:a`),
      client.set(`${prefix}auto:b`, { v: 'ü' }),
      client.hset(`${prefix}auto:h`, { k: 'v' }),
      client.incrby(`${prefix}auto:a`, 5),
      client.set(`${prefix}auto:ok`, 'OK'),
    ]);
    expect(writes).toEqual([2, 'OK', 1, 7, 'OK']);
    expect(counting.requestCount - before).toBe(1);

    before = counting.requestCount;
    const reads = await Promise.all([
      client.get(`${prefix}auto:a`),
      client.get(`${prefix}auto:b`),
      client.hget(`${prefix}auto:h`, 'k'),
      client.mget(`${prefix}auto:ok`, `${prefix}auto:none`),
      client.get(`${prefix}auto:ok`),
    ]);
    expect(reads).toEqual([7, { v: 'ü' }, 'v', ['OK', null], 'OK']);
    expect(counting.requestCount - before).toBe(1);
  });
});

describe('transactions (multi-exec)', () => {
  it('applies every command, reporting the one that failed', async () => {
    const tx = redis.multi();
    tx.set(`${prefix}tx:text`, 'abc');
    tx.incr(`${prefix}tx:text`); // fails: not an integer
    tx.set(`${prefix}tx:other`, 'Café');
    tx.incrby(`${prefix}tx:count`, 5);
    const results = await tx.exec({ keepErrors: true });
    expect(results).toHaveLength(4);
    expect(results[0]).toEqual({ result: 'OK', error: undefined });
    expect(results[1]!.error).toBe('ERR value is not an integer or out of range');
    expect(results[2]).toEqual({ result: 'OK', error: undefined });
    expect(results[3]).toEqual({ result: 5, error: undefined });

    // The commands around the failing one took effect.
    expect(await redis.mget(`${prefix}tx:text`, `${prefix}tx:other`, `${prefix}tx:count`)).toEqual(['abc', 'Café', 5]);

    const rejecting = redis.multi();
    rejecting.incr(`${prefix}tx:text`);
    rejecting.incr(`${prefix}tx:count`);
    await expect(rejecting.exec()).rejects.toThrow(/Command 1 \[ incr \] failed/);
    expect(await redis.get(`${prefix}tx:count`)).toBe(6);
  });

  it('never interleaves concurrent transactions', async () => {
    const key = `${prefix}tx:seq`;
    const runs = Array.from({ length: 12 }, async () => {
      const tx = redis.multi();
      tx.incr(key);
      tx.get(key);
      tx.incr(key);
      tx.get(key);
      return tx.exec<[number, number, number, number]>();
    });
    const results = await Promise.all(runs);
    for (const [first, readFirst, second, readSecond] of results) {
      expect(readFirst).toBe(first);
      expect(second).toBe(first + 1);
      expect(readSecond).toBe(second);
    }
    expect(await redis.get(key)).toBe(24);
  });
});
