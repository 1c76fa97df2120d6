// The function host serving bundles: the fixture functions of tests/support/fixture-functions bundled
// by Netlify's bundler (as `npm run build` bundles netlify/functions), routed by zisi's manifest and
// called through Netlify's bootstrap.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixtureEvents } from '../../tests/support/fixture-events';
import type { FunctionHost } from '../function-host';
import { projectRoot } from '../runtime/project-root';
import { bundleFunctions, functionsBuildSettings } from './bundle';
import { loadBundledFunctionHost, readBundleManifest } from './bundled-functions';

const FIXTURES = join(projectRoot, 'tests', 'support', 'fixture-functions');
const ORIGIN = 'http://localhost:8888';

let root: string;
let directory: string;
let host: FunctionHost;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'bundled-functions-'));
  directory = join(root, 'bundles');
  await bundleFunctions({ sourceDirectory: FIXTURES, prebundleDirectory: join(root, 'functions'), outDirectory: directory });
  host = await loadBundledFunctionHost(directory);
}, 180_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function call(method: string, path: string, init: RequestInit = {}, ip = '127.0.0.1'): Promise<Response> {
  const found = host.match(method, path);
  if (!found) throw new Error(`nothing serves ${method} ${path}`);
  return host.invoke(found, new Request(new URL(path, ORIGIN), { method, ...init }), ip);
}

describe('bundles', () => {
  it('are built by the bundler netlify.toml names (Netlify’s for v2 functions), with its entry point and bootstrap', async () => {
    const manifest = await readBundleManifest(directory);
    expect(manifest.functions.map((fn) => fn.name).sort()).toEqual(['after-answer', 'crash', 'echo', 'nightly-tally']);
    const { config } = await functionsBuildSettings();
    expect(new Set(manifest.functions.map((fn) => fn.bundler))).toEqual(new Set([config['*']?.nodeBundler]));
    expect(manifest.functions.find((fn) => fn.name === 'nightly-tally')?.schedule).toBe('*/5 * * * *');
  });

  it('are routed by the paths and methods zisi reports; a function without a path answers at /.netlify/functions/{name}', () => {
    expect(host.match('GET', '/fixture/echo/r9')).toMatchObject({ fn: { name: 'echo' }, params: { id: 'r9' }, route: '/fixture/echo/:id' });
    expect(host.match('DELETE', '/fixture/echo')).toBeUndefined();
    expect(host.match('GET', '/.netlify/functions/crash')?.fn.name).toBe('crash');
  });

  it('keep a scheduled function off every public path', () => {
    for (const method of ['GET', 'POST']) expect(host.match(method, '/.netlify/functions/nightly-tally')).toBeUndefined();
    expect(host.scheduled().map((fn) => fn.name)).toEqual(['nightly-tally']);
  });
});

describe('a call through the bootstrap', () => {
  it('hands the function the client address, request id and route parameters as Netlify does', async () => {
    const response = await call('GET', '/fixture/echo/r9?x=1', { headers: { 'x-nf-client-connection-ip': '6.6.6.6', 'x-nf-request-id': 'forged' } });
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ url: `${ORIGIN}/fixture/echo/r9?x=1`, method: 'GET', ip: '127.0.0.1', header: '127.0.0.1', params: { id: 'r9' } });
    expect(body['requestId']).toMatch(/^[0-9a-f-]{36}$/);
    expect(body['requestIdHeader']).toBe(body['requestId']);
  });

  it("hands route parameters as Netlify's bootstrap does: as sent, percent-encoding kept", async () => {
    const response = await call('GET', '/fixture/echo/a%20b');
    expect(((await response.json()) as { params: unknown }).params).toEqual({ id: 'a%20b' });
  });

  it('passes the body through byte for byte and every Set-Cookie back, without the platform headers', async () => {
    const bytes = Uint8Array.from([0, 255, 10, 13, 128, 64]);
    const response = await call('POST', '/fixture/echo', { body: bytes, headers: { 'content-type': 'application/octet-stream' } });
    expect(((await response.json()) as { bodyBase64: string }).bodyBase64).toBe(Buffer.from(bytes).toString('base64'));
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect([...response.headers.keys()].filter((name) => name.startsWith('x-nf-'))).toEqual([]);
  });

  it('answers a crashed function with a 500 that carries no internal text, and logs the error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await call('GET', '/.netlify/functions/crash');
    expect(response.status).toBe(500);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await response.text();
    expect(JSON.parse(text)).toHaveProperty('error');
    expect(text).not.toContain('secret internal detail');
    expect(log.mock.calls.flat().map(String).join('\n')).toContain('secret internal detail');
    log.mockRestore();
  });

  it('keeps waitUntil work alive after the answer, logs its failure, and drains it on shutdown', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const events = () => fixtureEvents().filter((event) => event.fn === 'after-answer').map((event) => event.what);
    const response = await call('GET', '/fixture/after-answer');
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('answered');
    expect(events()).toEqual(['answered']);
    await host.drain();
    expect(events()).toEqual(['answered', 'finished after the answer']);
    expect(log.mock.calls.flat().map(String).join('\n')).toContain('background job failed');
    log.mockRestore();
  });

  it('calls a scheduled function as Netlify does: POST with the next run, from its scheduler', async () => {
    const nextRun = new Date('2030-01-01T00:05:00.000Z');
    const response = await host.trigger(host.scheduled()[0]!, ORIGIN, nextRun);
    expect(response.status).toBe(204);
    await host.drain();
    const called = fixtureEvents().filter((event) => event.fn === 'nightly-tally');
    expect(called.map((event) => event.what)).toEqual(['called', 'tallied']);
    expect(called[0]!.detail).toEqual({ method: 'POST', userAgent: 'Netlify Clockwork', event: 'schedule', body: { next_run: '2030-01-01T00:05:00.000Z' } });
  });
});
