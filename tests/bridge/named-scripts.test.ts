// Scripts with named parts (src/shared/server/script.ts) on Redis through the bridge: each part reaches
// the script under its name, whatever steps are present, and a script runs in one round trip (sent
// whole first, by hash after, and whole again when Redis has lost it).
import { randomUUID } from 'node:crypto';
import type { Redis } from '@upstash/redis';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { startUpstashBridge, type UpstashBridge } from '../../dev/upstash-bridge';
import { defineScript, defineStep, many, optional } from '../../src/shared/server/script';
import { bridgeClient, deletePrefix, uniquePrefix } from './helpers';

const note = defineStep({
  keys: ['list'],
  args: { text: 'string' },
  lua: `
local function push(part, suffix)
  redis.call('RPUSH', part.list, part.text .. suffix)
end`,
});

const script = defineScript({
  name: 'bridge parts',
  keys: ['counter', 'spare?'],
  args: { by: 'number', data: 'json', label: 'string' },
  steps: { first: optional(note), each: many(note) },
  variadicKeys: 'sets',
  variadicArgs: 'members',
  lua: `
redis.call('INCRBY', counter, by)
if first then push(first, '!') end
for _, part in ipairs(each) do push(part, label) end
for i, set in ipairs(sets) do redis.call('SADD', set, members[i]) end
return { spare or 'none', data.name, #data.list, first and 1 or 0, #each }`,
});

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

describe('scripts with named parts', () => {
  it('gives the script each part under its name, with steps present, absent or repeated', async () => {
    const k = (name: string) => `${prefix}${name}`;
    const answer = await script.run(redis, {
      keys: { counter: k('n'), spare: k('spare'), sets: [k('a'), k('b')] },
      args: { by: 5, data: { name: 'Café ⛳', list: [1, 2, 3] }, label: '?', members: ['x', 'y'] },
      steps: { first: { keys: { list: k('first') }, args: { text: 'one' } }, each: [{ keys: { list: k('l1') }, args: { text: 'a' } }, { keys: { list: k('l2') }, args: { text: 'b' } }] },
    });
    expect(answer).toEqual([k('spare'), 'Café ⛳', 3, 1, 2]);
    expect(await redis.get(k('n'))).toBe(5);
    expect([await redis.lrange(k('first'), 0, -1), await redis.lrange(k('l1'), 0, -1), await redis.lrange(k('l2'), 0, -1)]).toEqual([['one!'], ['a?'], ['b?']]);
    expect([await redis.smembers(k('a')), await redis.smembers(k('b'))]).toEqual([['x'], ['y']]);

    const bare = await script.run(redis, { keys: { counter: k('n'), spare: null, sets: [] }, args: { by: 1, data: { name: '', list: [] }, label: '', members: [] }, steps: { first: null, each: [] } });
    expect(bare).toEqual(['none', '', 0, 0, 0]);
    expect(await redis.get(k('n'))).toBe(6);
  });

  it('costs one round trip: whole the first time a client runs it, its hash after, whole again after Redis lost its scripts', async () => {
    counting = await startUpstashBridge({ redisUrl: inject('redisUrl'), token: 'named-scripts-token' });
    const client = bridgeClient({ url: counting.url, token: counting.token });
    // A script this run has never sent, so Redis cannot hold it yet.
    const fresh = defineScript({ name: `fresh ${randomUUID()}`, keys: ['counter'], args: { by: 'number' }, lua: 'return redis.call("INCRBY", counter, by)' });
    const costs: number[] = [];
    const run = async (by: number) => {
      const before = counting!.requestCount;
      const answer = await fresh.run(client, { keys: { counter: `${prefix}c` }, args: { by } });
      costs.push(counting!.requestCount - before);
      return answer;
    };
    expect(await run(1)).toBe(1);
    expect(await run(2)).toBe(3);
    await client.scriptFlush();
    expect(await run(3)).toBe(6);
    expect(await run(4)).toBe(10);
    expect(costs).toEqual([1, 1, 2, 1]);
  });
});
