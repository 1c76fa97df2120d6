import { afterEach, describe, expect, inject, it } from 'vitest';
import { startUpstashBridge, type UpstashBridge } from '../../dev/upstash-bridge';
import health from '../../netlify/functions/health';
import { closedPort } from './api-helpers';

const storeEnv = { url: process.env['UPSTASH_REDIS_REST_URL'], token: process.env['UPSTASH_REDIS_REST_TOKEN'] };

function get(path = '/api/health', method = 'GET'): Request {
  return new Request(`http://localhost${path}`, { method });
}

describe('GET /api/health', () => {
  const opened: UpstashBridge[] = [];
  afterEach(async () => {
    process.env['UPSTASH_REDIS_REST_URL'] = storeEnv.url;
    process.env['UPSTASH_REDIS_REST_TOKEN'] = storeEnv.token;
    await Promise.all(opened.splice(0).map((bridge) => bridge.close()));
  });

  it('answers ok after a round trip to the store', async () => {
    const response = await health(get());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ ok: true, store: 'ok' });
  });

  it('answers 503 with a JSON error when Redis behind the REST endpoint is down', async () => {
    const bridge = await startUpstashBridge({ redisUrl: `redis://127.0.0.1:${await closedPort()}`, token: 'dead-redis' });
    opened.push(bridge);
    process.env['UPSTASH_REDIS_REST_URL'] = bridge.url;
    process.env['UPSTASH_REDIS_REST_TOKEN'] = bridge.token;
    const response = await health(get());
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ ok: false, store: 'unreachable', error: 'The data store is unreachable.' });
  });

  it('answers 503 when the REST endpoint itself does not answer', async () => {
    process.env['UPSTASH_REDIS_REST_URL'] = `http://127.0.0.1:${await closedPort()}`;
    const started = Date.now();
    const response = await health(get());
    expect(response.status).toBe(503);
    expect((await response.json()).store).toBe('unreachable');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('answers 503 when the token is wrong', async () => {
    process.env['UPSTASH_REDIS_REST_TOKEN'] = 'not-the-token';
    const response = await health(get());
    expect(response.status).toBe(503);
    expect((await response.json()).store).toBe('unreachable');
  });

  it('answers 503 unconfigured when no store is set', async () => {
    delete process.env['UPSTASH_REDIS_REST_URL'];
    const response = await health(get());
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ ok: false, store: 'unconfigured', error: 'The data store is not configured.' });
  });

  it('refuses other methods with 405 and an Allow header', async () => {
    const response = await health(get('/api/health', 'POST'));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(await response.json()).toHaveProperty('error');
    const head = await health(get('/api/health', 'HEAD'));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('uses the private store of this run', () => {
    expect(process.env['UPSTASH_REDIS_REST_URL']).toBe(inject('upstashUrl'));
  });
});

describe('GET /api/ping', () => {
  it('answers without touching the store', async () => {
    const { default: ping } = await import('../../netlify/functions/ping');
    delete process.env['UPSTASH_REDIS_REST_URL'];
    const response = await ping(get('/api/ping'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    process.env['UPSTASH_REDIS_REST_URL'] = storeEnv.url;
    expect((await ping(get('/api/ping', 'DELETE'))).status).toBe(405);
  });
});
