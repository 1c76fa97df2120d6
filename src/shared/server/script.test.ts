import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defineScript, defineStep, many, optional } from './script';
import type { Store } from './store';

const counter = defineStep({
  keys: ['counter'],
  args: { windowMs: 'number', limit: 'number' },
  lua: 'local function count(step) return redis.call("INCR", step.counter) end',
});

const note = defineStep({
  keys: ['list', 'seen?'],
  args: { text: 'string' },
  lua: 'local function write(step, now) redis.call("RPUSH", step.list, step.text .. now) end',
});

const claim = defineScript({
  name: 'test claim',
  keys: ['booking', 'member?'],
  args: { now: 'number', record: 'json', label: 'string' },
  steps: { limit: optional(counter), notes: many(note), always: note },
  variadicKeys: 'slots',
  variadicArgs: 'ids',
  lua: 'return now',
});

const input = {
  keys: { booking: 'b:1', slots: ['s:1', 's:2'] },
  args: { now: 1000, record: { id: 'x', list: [1] }, label: 'L', ids: ['a', 7] },
  steps: {
    limit: { keys: { counter: 'rate:1' }, args: { windowMs: 600, limit: 10 } },
    notes: [
      { keys: { list: 'n:1' }, args: { text: 'one' } },
      { keys: { list: 'n:2', seen: 'seen:2' }, args: { text: 'two' } },
    ],
    always: { keys: { list: 'n:0', seen: null }, args: { text: 'zero' } },
  },
};

describe('defineScript', () => {
  it('binds each part to its KEYS / ARGV position as a local named after it, fixed parts first', () => {
    const bindings = claim.source.split('\n');
    expect(bindings[0]).toBe('-- test claim');
    expect(bindings).toContain('local booking = KEYS[1]');
    expect(bindings).toContain("local member = (KEYS[2] ~= '' and KEYS[2] or nil)");
    expect(bindings).toContain('local now = tonumber(ARGV[1])');
    expect(bindings).toContain('local record = cjson.decode(ARGV[2])');
    expect(bindings).toContain('local label = ARGV[3]');
    // Steps used once or optionally take the next fixed places in the order declared; an optional step's flag follows every fixed argument.
    expect(bindings).toContain('local limit = nil');
    expect(bindings).toContain("if ARGV[7] == '1' then limit = { counter = KEYS[3], windowMs = tonumber(ARGV[4]), limit = tonumber(ARGV[5]) } end");
    expect(bindings).toContain("local always = { list = KEYS[4], seen = (KEYS[5] ~= '' and KEYS[5] or nil), text = ARGV[6] }");
    expect(bindings).toContain('for __i = 1, tonumber(ARGV[8]) do');
    expect(bindings).toContain("  notes[__i] = { list = KEYS[__k + 1], seen = (KEYS[__k + 2] ~= '' and KEYS[__k + 2] or nil), text = ARGV[__a + 1] }");
    expect(bindings).toContain('local __k, __a = 5, 8');
    expect(bindings.at(-2)).toBe('return now');
  });

  it('writes each step’s functions once, before the bindings', () => {
    const lua = claim.source;
    expect(lua.split('local function write(').length - 1).toBe(1);
    expect(lua.indexOf('local function count(')).toBeLessThan(lua.indexOf('local booking'));
    expect(lua.indexOf('local function write(')).toBeLessThan(lua.indexOf('local booking'));
  });

  it('lays the values out in the order the source binds them', () => {
    expect(claim.layout(input)).toEqual({
      keys: ['b:1', '', 'rate:1', 'n:0', '', 'n:1', '', 'n:2', 'seen:2', 's:1', 's:2'],
      args: [1000, JSON.stringify(input.args.record), 'L', 600, 10, 'zero', '1', 2, 'one', 'two', 'a', 7],
    });
  });

  it('passes an absent optional step as empty places and a 0 flag', () => {
    const { keys, args } = claim.layout({ ...input, steps: { ...input.steps, limit: null, notes: [] } });
    expect(keys).toEqual(['b:1', '', '', 'n:0', '', 's:1', 's:2']);
    expect(args).toEqual([1000, JSON.stringify(input.args.record), 'L', '', '', 'zero', '0', 0, 'a', 7]);
  });

  it('refuses a missing or undeclared part by name, at run time as the types do at compile time', () => {
    // @ts-expect-error booking is missing
    expect(() => claim.layout({ ...input, keys: { slots: [] } })).toThrow('script test claim: key "booking" is missing');
    // @ts-expect-error label is missing
    expect(() => claim.layout({ ...input, args: { now: 1, record: {}, ids: [] } })).toThrow('script test claim: argument "label" must be a string');
    // @ts-expect-error now is a number
    expect(() => claim.layout({ ...input, args: { ...input.args, now: '1' } })).toThrow('argument "now" must be a number');
    // @ts-expect-error record is missing
    expect(() => claim.layout({ ...input, args: { now: 1, label: '', ids: [] } })).toThrow('argument "record" is missing');
    // @ts-expect-error an undeclared key
    expect(() => claim.layout({ ...input, keys: { ...input.keys, holds: 'h' } })).toThrow('key "holds" is not declared');
    // @ts-expect-error the step "always" is missing
    expect(() => claim.layout({ ...input, steps: { limit: null, notes: [] } })).toThrow('step "always" must be an object');
    // @ts-expect-error a step's key is missing
    expect(() => claim.layout({ ...input, steps: { ...input.steps, limit: { keys: {}, args: { windowMs: 1, limit: 1 } } } })).toThrow('step "limit" key "counter" is missing');
    // @ts-expect-error the variadic keys are missing
    expect(() => claim.layout({ ...input, keys: { booking: 'b' } })).toThrow('keys "slots" must be a list');
  });

  it('refuses names that cannot be Lua locals, or a name used twice', () => {
    expect(() => defineScript({ name: 'bad', keys: ['end'], args: {}, lua: '' })).toThrow('"end" cannot name a Lua local');
    expect(() => defineScript({ name: 'bad', keys: ['booking-key'], args: {}, lua: '' })).toThrow('cannot name a Lua local');
    expect(() => defineScript({ name: 'bad', keys: ['now'], args: { now: 'number' }, lua: '' })).toThrow('"now" is named twice');
    expect(() => defineScript({ name: 'bad', keys: ['__k'], args: {}, lua: '' })).toThrow('cannot name a Lua local');
    expect(() => defineStep({ keys: ['list'], args: { list: 'string' }, lua: '' })).toThrow('"list" is named twice');
  });

  it('needs no steps object when it composes none', () => {
    const plain = defineScript({ name: 'plain', keys: ['a'], args: { n: 'number' }, lua: 'return n' });
    expect(plain.layout({ keys: { a: 'k' }, args: { n: 2 } })).toEqual({ keys: ['k'], args: [2] });
    expect(plain.source).toBe('-- plain\nlocal a = KEYS[1]\nlocal n = tonumber(ARGV[1])\nreturn n\n');
  });
});

/** A store that records the script commands it is sent; `cached` holds the SHA-1s Redis knows. */
function fakeStore(cached = new Set<string>()) {
  const calls: Array<[string, string, string[], unknown[]]> = [];
  const store = {
    eval: async (source: string, keys: string[], args: unknown[]) => {
      calls.push(['EVAL', source, keys, args]);
      cached.add(createHash('sha1').update(source).digest('hex'));
      return 'ran';
    },
    evalsha: async (sha: string, keys: string[], args: unknown[]) => {
      calls.push(['EVALSHA', sha, keys, args]);
      if (!cached.has(sha)) throw new Error('NOSCRIPT No matching script. Please use EVAL.');
      return 'ran';
    },
  };
  return { store: store as unknown as Store, calls, cached };
}

describe('run', () => {
  const script = defineScript({ name: 'echo', keys: ['a'], args: { n: 'number' }, lua: 'return n' });
  const given = { keys: { a: 'k' }, args: { n: 1 } };

  it('sends the script whole the first time a client runs it, then its SHA-1 only', async () => {
    const { store, calls } = fakeStore();
    expect(await script.run(store, given)).toBe('ran');
    expect(await script.run(store, given)).toBe('ran');
    expect(calls.map(([command, first]) => [command, first])).toEqual([
      ['EVAL', script.source],
      ['EVALSHA', script.sha1],
    ]);
    expect(script.sha1).toMatch(/^[0-9a-f]{40}$/);
    expect(calls[1]![2]).toEqual(['k']);
    expect(calls[1]![3]).toEqual([1]);
  });

  it('falls back to EVAL when Redis no longer holds the script (NOSCRIPT)', async () => {
    const { store, calls, cached } = fakeStore();
    await script.run(store, given);
    cached.clear();
    expect(await script.run(store, given)).toBe('ran');
    expect(calls.map(([command]) => command)).toEqual(['EVAL', 'EVALSHA', 'EVAL']);
  });

  it('lets any other error through', async () => {
    const store = { eval: async () => Promise.reject(new Error('ERR wrong number of arguments')) } as unknown as Store;
    await expect(script.run(store, given)).rejects.toThrow('ERR wrong number');
  });
});
