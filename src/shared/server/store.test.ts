import { describe, expect, it } from 'vitest';
import { getStore, isTransportFailure, StoreUnconfiguredError } from './store';
import { StoreTransportError } from './store-requester';

function upstashError(message: string): Error {
  const error = new Error(message);
  error.name = 'UpstashError';
  return error;
}

describe('isTransportFailure', () => {
  it('treats fetch failures and timeouts as the store being unreachable', () => {
    expect(isTransportFailure(new StoreTransportError('the store did not answer (ECONNREFUSED)'))).toBe(true);
    expect(isTransportFailure(new TypeError('fetch failed'))).toBe(true);
    expect(isTransportFailure(Object.assign(new Error('aborted'), { name: 'TimeoutError' }))).toBe(true);
    expect(isTransportFailure(upstashError('Unauthorized, command was: ["ping"]'))).toBe(true);
    expect(isTransportFailure(upstashError('Redis is unreachable, command was: ["ping"]'))).toBe(true);
  });

  it('treats a Redis that is starting, failing over or busy as unavailable for now', () => {
    expect(isTransportFailure(upstashError('LOADING Redis is loading the dataset in memory'))).toBe(true);
    expect(isTransportFailure(upstashError('BUSY Redis is busy running a script.'))).toBe(true);
    expect(isTransportFailure(upstashError('MASTERDOWN Link with MASTER is down'))).toBe(true);
    expect(isTransportFailure(upstashError('ERR loading is not a command'))).toBe(false);
  });

  it('lets errors Redis reported through', () => {
    expect(isTransportFailure(upstashError('WRONGTYPE Operation against a key holding the wrong kind of value'))).toBe(false);
    expect(isTransportFailure(upstashError('ERR value is not an integer or out of range'))).toBe(false);
    expect(isTransportFailure('nope')).toBe(false);
  });
});

describe('getStore', () => {
  it('refuses to run without configuration, naming what is missing', () => {
    expect(() => getStore({})).toThrow(StoreUnconfiguredError);
    expect(() => getStore({})).toThrow('UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN are not set');
    expect(() => getStore({ UPSTASH_REDIS_REST_URL: 'https://x.upstash.io', UPSTASH_REDIS_REST_TOKEN: ' ' })).toThrow(/^UPSTASH_REDIS_REST_TOKEN is not set/);
  });

  it('refuses a store URL that is not http(s) as unconfigured (503), saying why', () => {
    const env = { UPSTASH_REDIS_REST_URL: 'redis://127.0.0.1:6379', UPSTASH_REDIS_REST_TOKEN: 't' };
    expect(() => getStore(env)).toThrow(StoreUnconfiguredError);
    expect(() => getStore(env)).toThrow('UPSTASH_REDIS_REST_URL is not a valid store URL (the store URL must start with https:// or http://, got redis:)');
  });

  it('reuses one client per configuration', () => {
    const env = { UPSTASH_REDIS_REST_URL: 'http://127.0.0.1:1', UPSTASH_REDIS_REST_TOKEN: 't' };
    expect(getStore(env)).toBe(getStore(env));
    expect(getStore({ ...env, UPSTASH_REDIS_REST_TOKEN: 'u' })).not.toBe(getStore(env));
  });
});
