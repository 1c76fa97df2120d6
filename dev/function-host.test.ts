import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { compileRoutePattern, describeFunctionModule, FunctionHost, loadFunctionHost, matchRoutePattern, normalizeClientIp } from './function-host';

const echo = async (request: Request, context: { ip: string; params: Record<string, string> }) =>
  Response.json({ url: request.url, ip: context.ip, params: context.params, header: request.headers.get('x-nf-client-connection-ip') });

describe('route patterns', () => {
  it('matches literal paths exactly', () => {
    const pattern = compileRoutePattern('/api/ping', 'ping.ts');
    expect(matchRoutePattern(pattern, '/api/ping')).toEqual({});
    expect(matchRoutePattern(pattern, '/api/ping/')).toBeUndefined();
    expect(matchRoutePattern(pattern, '/api/pin')).toBeUndefined();
    expect(matchRoutePattern(pattern, '/api')).toBeUndefined();
  });

  it('captures named segments, decoded, and refuses empty or broken ones', () => {
    const pattern = compileRoutePattern('/api/checkout-session/:sessionId', 'checkout-session.ts');
    expect(matchRoutePattern(pattern, '/api/checkout-session/cs_test_1')).toEqual({ sessionId: 'cs_test_1' });
    expect(matchRoutePattern(pattern, '/api/checkout-session/a%20b')).toEqual({ sessionId: 'a%20b' });
    expect(matchRoutePattern(pattern, '/api/checkout-session/')).toBeUndefined();
    expect(matchRoutePattern(pattern, '/api/checkout-session/%E0%A4%A')).toEqual({ sessionId: '%E0%A4%A' });
    expect(matchRoutePattern(pattern, '/api/checkout-session/a/b')).toBeUndefined();
  });

  it('lets a trailing * take the rest of the path', () => {
    const pattern = compileRoutePattern('/api/files/*', 'files.ts');
    expect(matchRoutePattern(pattern, '/api/files/a/b.txt')).toEqual({ 0: 'a/b.txt' });
  });

  it('refuses patterns it would not match the way Netlify does, naming the file', () => {
    expect(() => compileRoutePattern('api/ping', 'ping.ts')).toThrow(/ping\.ts: config\.path 'api\/ping' must start with '\/'/);
    expect(() => compileRoutePattern('/api/(a|b)', 'x.ts')).toThrow(/x\.ts: .*does not support/);
    expect(() => compileRoutePattern('/api/*/x', 'x.ts')).toThrow(/does not support/);
  });
});

describe('function modules', () => {
  it('reads paths and methods from config, and serves a function without a path at /.netlify/functions/{name}', () => {
    const fn = describeFunctionModule('regs', 'regs.ts', { default: echo, config: { path: ['/api/regs', '/api/regs/:id'], method: ['get', 'DELETE'] } });
    expect(fn.patterns.map((pattern) => pattern.source)).toEqual(['/api/regs', '/api/regs/:id']);
    expect(fn.methods).toEqual(['GET', 'DELETE']);
    expect(describeFunctionModule('plain', 'plain.ts', { default: echo }).patterns[0]!.source).toBe('/.netlify/functions/plain');
  });

  it('refuses a module without a default handler or with a malformed config', () => {
    expect(() => describeFunctionModule('x', 'x.ts', { config: { path: '/api/x' } })).toThrow(/x\.ts: a function must export a default handler/);
    expect(() => describeFunctionModule('x', 'x.ts', { default: echo, config: { path: 42 } })).toThrow(/x\.ts: config\.path must be a string/);
  });

  it('keeps a scheduled function off every path, and refuses one that declares a path as Netlify does', () => {
    const scheduled = describeFunctionModule('tally', 'tally.ts', { default: echo, config: { schedule: '@daily' } });
    expect(scheduled).toMatchObject({ schedule: '@daily', patterns: [] });
    const host = new FunctionHost([scheduled]);
    expect(host.match('POST', '/.netlify/functions/tally')).toBeUndefined();
    expect(host.scheduled().map((fn) => fn.name)).toEqual(['tally']);
    expect(() => describeFunctionModule('x', 'x.ts', { default: echo, config: { schedule: '@daily', path: '/api/x' } })).toThrow(/x\.ts: a scheduled function must not declare a path/);
  });

  it('refuses two functions declaring the same path', () => {
    const a = describeFunctionModule('a', 'a.ts', { default: echo, config: { path: '/api/same' } });
    const b = describeFunctionModule('b', 'b.ts', { default: echo, config: { path: '/api/same' } });
    expect(() => new FunctionHost([a, b])).toThrow(/'\/api\/same' is declared by both a and b/);
  });
});

describe('FunctionHost', () => {
  const host = new FunctionHost([
    describeFunctionModule('regs', 'regs.ts', { default: echo, config: { path: ['/api/regs', '/api/regs/:id'] } }),
    describeFunctionModule('only-post', 'only-post.ts', { default: echo, config: { path: '/api/post', method: 'POST' } }),
    describeFunctionModule('crash', 'crash.ts', {
      default: async () => {
        throw new Error('secret internal detail');
      },
      config: { path: '/api/crash' },
    }),
  ]);

  it('routes by path and method', () => {
    expect(host.match('GET', '/api/regs/r1')).toMatchObject({ fn: { name: 'regs' }, params: { id: 'r1' } });
    expect(host.match('POST', '/api/post')?.fn.name).toBe('only-post');
    expect(host.match('GET', '/api/post')).toBeUndefined();
    expect(host.match('GET', '/about')).toBeUndefined();
  });

  it('hands the function the client address and parameters, overriding a client-sent x-nf header', async () => {
    const request = new Request('http://localhost/api/regs/r9', { headers: { 'x-nf-client-connection-ip': '6.6.6.6' } });
    const response = await host.invoke(host.match('GET', '/api/regs/r9')!, request, '127.0.0.1');
    expect(await response.json()).toEqual({ url: 'http://localhost/api/regs/r9', ip: '127.0.0.1', params: { id: 'r9' }, header: '127.0.0.1' });
  });

  it('answers a crashed function with a 500 that carries no internal text, and logs the error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await host.invoke(host.match('GET', '/api/crash')!, new Request('http://localhost/api/crash'), '127.0.0.1');
    expect(response.status).toBe(500);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const text = await response.text();
    expect(JSON.parse(text)).toHaveProperty('error');
    expect(text).not.toContain('secret internal detail');
    expect(String(log.mock.calls[0]?.[1])).toContain('secret internal detail');
    log.mockRestore();
  });
});

describe('waitUntil', () => {
  it('keeps work going after the answer, logs its failure, and drain() waits for it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const done: string[] = [];
    const host = new FunctionHost([
      describeFunctionModule('later', 'later.ts', {
        default: async (_request: Request, context: { waitUntil(promise: Promise<unknown>): void }) => {
          context.waitUntil(new Promise((resolve) => setTimeout(resolve, 50)).then(() => done.push('after the answer')));
          context.waitUntil(Promise.reject(new Error('job failed')));
          return new Response('ok');
        },
        config: { path: '/api/later' },
      }),
    ]);
    const response = await host.invoke(host.match('GET', '/api/later')!, new Request('http://localhost/api/later'), '127.0.0.1');
    expect(await response.text()).toBe('ok');
    expect(done).toEqual([]);
    await host.drain();
    expect(done).toEqual(['after the answer']);
    expect(log.mock.calls.flat().map(String).join('\n')).toContain('job failed');
    log.mockRestore();
  });
});

describe('loadFunctionHost', () => {
  const directories: string[] = [];
  afterAll(async () => Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true }))));

  it('loads every function file of a directory once and serves it', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'function-host-'));
    directories.push(directory);
    await writeFile(join(directory, 'hello.mjs'), "let calls = 0;\nexport default async () => Response.json({ calls: ++calls });\nexport const config = { path: '/api/hello' };\n");
    await writeFile(join(directory, 'README.md'), 'not a function');
    const host = await loadFunctionHost(directory);
    expect(host.functions.map((fn) => fn.name)).toEqual(['hello']);
    const call = async () => (await host.invoke(host.match('GET', '/api/hello')!, new Request('http://localhost/api/hello'), '::1')).json();
    expect(await call()).toEqual({ calls: 1 });
    // Warm: the module stays loaded between calls, as a deployed instance does.
    expect(await call()).toEqual({ calls: 2 });
  });

  // Loads every function source through esbuild: seconds on a busy 2-core machine.
  it('serves every function of this project at the path its config declares', async () => {
    const host = await loadFunctionHost(join(import.meta.dirname, '..', 'netlify', 'functions'));
    expect(host.match('GET', '/api/ping')?.fn.name).toBe('ping');
    expect(host.match('GET', '/api/checkout-session/cs_1')).toMatchObject({ fn: { name: 'checkout-session' }, params: { sessionId: 'cs_1' } });
    expect(host.match('DELETE', '/api/admin/league-registrations/reg_1')).toMatchObject({ fn: { name: 'admin-league-registrations' }, params: { id: 'reg_1' } });
    expect(host.functions.length).toBeGreaterThanOrEqual(17);
  }, 60_000);

  it('reports IPv4-mapped addresses in their IPv4 form', () => {
    expect(normalizeClientIp('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeClientIp('::1')).toBe('::1');
    expect(normalizeClientIp(undefined)).toBe('');
  });
});
