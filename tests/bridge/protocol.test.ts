// The bridge's HTTP surface seen raw: authentication, base64 response encoding, error statuses,
// transactions that Redis aborts, body limits, and Redis being unreachable.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { startUpstashBridge, type UpstashBridge } from '../../dev/upstash-bridge';
import { b64, bridgeClient, closedPort, deletePrefix, rawPost, uniquePrefix } from './helpers';

const opened: UpstashBridge[] = [];
const prefixes: string[] = [];

function prefixFor(label: string): string {
  const prefix = uniquePrefix(label);
  prefixes.push(prefix);
  return prefix;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((bridge) => bridge.close()));
  const redis = bridgeClient();
  await Promise.all(prefixes.splice(0).map((prefix) => deletePrefix(redis, prefix)));
});

describe('authentication', () => {
  it('answers 401 without the right bearer token', async () => {
    expect(await rawPost('/', ['PING'], { token: null })).toEqual({ status: 401, json: { error: 'Unauthorized' } });
    expect(await rawPost('/', ['PING'], { token: 'wrong' })).toEqual({ status: 401, json: { error: 'Unauthorized' } });
    expect(await rawPost('/pipeline', [['PING']], { token: 'wrong' })).toEqual({ status: 401, json: { error: 'Unauthorized' } });
    expect(await rawPost('/multi-exec', [['PING']], { token: '' })).toEqual({ status: 401, json: { error: 'Unauthorized' } });
    expect(await rawPost('/', ['PING'])).toEqual({ status: 200, json: { result: 'PONG' } });
  });

  it('makes the client reject with a wrong token', async () => {
    const intruder = bridgeClient({ token: 'not-the-token' });
    await expect(intruder.get('anything')).rejects.toThrow(/Unauthorized/);
  });
});

describe('response encoding', () => {
  it('encodes every string except a top-level "OK" as base64 when asked, recursively, leaving numbers and null', async () => {
    const p = prefixFor('encoding');
    expect(await rawPost('/', ['SET', `${p}s`, 'Café ⛳ 日本'], { base64: true })).toEqual({ status: 200, json: { result: 'OK' } });
    expect(await rawPost('/', ['GET', `${p}s`], { base64: true })).toEqual({ status: 200, json: { result: b64('Café ⛳ 日本') } });
    expect(await rawPost('/', ['GET', `${p}s`])).toEqual({ status: 200, json: { result: 'Café ⛳ 日本' } });
    expect(await rawPost('/', ['PING'], { base64: true })).toEqual({ status: 200, json: { result: b64('PONG') } });
    expect(await rawPost('/', ['GET', `${p}missing`], { base64: true })).toEqual({ status: 200, json: { result: null } });
    expect(await rawPost('/', ['INCRBY', `${p}n`, 7], { base64: true })).toEqual({ status: 200, json: { result: 7 } });

    await rawPost('/', ['ZADD', `${p}z`, 1.5, 'ä', 2, 'b']);
    expect(await rawPost('/', ['ZRANGE', `${p}z`, 0, -1, 'WITHSCORES'], { base64: true })).toEqual({
      status: 200,
      json: { result: [b64('ä'), b64('1.5'), b64('b'), b64('2')] },
    });
    expect(await rawPost('/', ['EVAL', 'return {ARGV[1], {tonumber(ARGV[2]), false}}', 0, 'x', 5], { base64: true })).toEqual({
      status: 200,
      json: { result: [b64('x'), [5, null]] },
    });

    expect(
      await rawPost('/pipeline', [['SET', `${p}ok`, 'OK'], ['GET', `${p}ok`], ['MGET', `${p}s`, `${p}missing`]], { base64: true }),
    ).toEqual({ status: 200, json: [{ result: 'OK' }, { result: 'OK' }, { result: [b64('Café ⛳ 日本'), null] }] });
    // Inside arrays the client decodes every string, so a nested "OK" is encoded too.
    expect(await rawPost('/', ['MGET', `${p}ok`, `${p}s`], { base64: true })).toEqual({
      status: 200,
      json: { result: [b64('OK'), b64('Café ⛳ 日本')] },
    });
  });
});

describe('errors', () => {
  it('answers 400 with the Redis message for a failing single command, and per-entry errors in pipelines', async () => {
    const p = prefixFor('errors');
    await rawPost('/', ['SET', `${p}s`, 'abc']);
    expect(await rawPost('/', ['INCR', `${p}s`])).toEqual({
      status: 400,
      json: { error: 'ERR value is not an integer or out of range' },
    });
    const unknown = await rawPost('/', ['NOSUCHCOMMAND', 'x']);
    expect(unknown.status).toBe(400);
    expect((unknown.json as { error: string }).error).toMatch(/unknown command/);

    expect(await rawPost('/pipeline', [['INCR', `${p}s`], ['GET', `${p}s`], ['INCR', `${p}n`]])).toEqual({
      status: 200,
      json: [{ error: 'ERR value is not an integer or out of range' }, { result: 'abc' }, { result: 1 }],
    });
  });

  it('refuses connection-state commands and malformed bodies', async () => {
    const multi = await rawPost('/', ['MULTI']);
    expect(multi.status).toBe(400);
    expect((multi.json as { error: string }).error).toMatch(/not available/);
    expect((await rawPost('/', '{not json')).status).toBe(400);
    expect((await rawPost('/', [])).status).toBe(400);
    expect((await rawPost('/pipeline', ['PING'])).status).toBe(400);
    expect((await rawPost('/nowhere', ['PING'])).status).toBe(404);
  });

  it('discards a transaction Redis rejects while queueing (EXECABORT)', async () => {
    const p = prefixFor('execabort');
    const aborted = await rawPost('/multi-exec', [['SET', `${p}a`, '1'], ['GET'], ['SET', `${p}b`, '2']]);
    expect(aborted.status).toBe(400);
    expect((aborted.json as { error: string }).error).toMatch(/^EXECABORT.*wrong number of arguments/);
    expect(await rawPost('/', ['EXISTS', `${p}a`, `${p}b`])).toEqual({ status: 200, json: { result: 0 } });

    expect(await rawPost('/multi-exec', [['SET', `${p}a`, 'x'], ['INCR', `${p}a`], ['SET', `${p}b`, '2']], { base64: true })).toEqual({
      status: 200,
      json: [{ result: 'OK' }, { error: 'ERR value is not an integer or out of range' }, { result: 'OK' }],
    });
  });

  it('answers 413 for bodies over 10 MB', async () => {
    const p = prefixFor('big');
    const big = await rawPost('/', ['SET', `${p}big`, 'x'.repeat(10 * 1024 * 1024 + 1)]);
    expect(big).toEqual({ status: 413, json: { error: 'ERR request body too large' } });
    expect(await rawPost('/', ['EXISTS', `${p}big`])).toEqual({ status: 200, json: { result: 0 } });
  });
});

describe('Redis unreachable and shutdown', () => {
  it('answers 503 quickly, for single commands, pipelines and transactions', async () => {
    const bridge = await startUpstashBridge({ redisUrl: `redis://127.0.0.1:${await closedPort()}`, token: 'down' });
    opened.push(bridge);
    const started = Date.now();
    for (const [path, body] of [
      ['/', ['PING']],
      ['/pipeline', [['PING'], ['GET', 'k']]],
      ['/multi-exec', [['INCR', 'k']]],
    ] as const) {
      const { status, json } = await rawPost(path, body, { url: bridge.url, token: 'down' });
      expect(status).toBe(503);
      expect((json as { error: string }).error).toMatch(/Redis is unreachable/);
    }
    expect(Date.now() - started).toBeLessThan(10_000); // fails fast instead of hanging

    const client = bridgeClient({ url: bridge.url, token: 'down' });
    await expect(client.get('k')).rejects.toThrow(/Redis is unreachable/);
  });

  it('close() ends keep-alive connections promptly and stops listening', async () => {
    const bridge = await startUpstashBridge({ redisUrl: inject('redisUrl'), token: 'alive' });
    const client = bridgeClient({ url: bridge.url, token: 'alive' });
    expect(await client.ping()).toBe('PONG');
    const started = Date.now();
    await bridge.close();
    expect(Date.now() - started).toBeLessThan(5000); // does not wait for idle keep-alive sockets
    await expect(fetch(bridge.url, { method: 'POST', body: '["PING"]' })).rejects.toThrow();
  });
});
