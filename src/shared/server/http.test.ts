import { describe, expect, it } from 'vitest';
import { functionFiles, functionsDirectory } from '../../../tests/support/function-paths';
import { FUNCTION_SECURITY_HEADERS } from '../../security/headers';
import { handle } from './handle';
import { json, jsonError, methodNotAllowed } from './http';

function expectSecurityHeaders(response: Response, what: string): void {
  for (const [name, value] of Object.entries(FUNCTION_SECURITY_HEADERS)) expect(response.headers.get(name), `${what}: ${name}`).toBe(value);
}

describe('response helpers', () => {
  it('give every answer the security headers', () => {
    expectSecurityHeaders(json({ ok: true }), 'json');
    expectSecurityHeaders(jsonError(400, 'Bad'), 'jsonError');
    expectSecurityHeaders(methodNotAllowed(['GET']), 'methodNotAllowed');
  });

  it('keep them even when a function passes its own value', () => {
    const response = json({ ok: true }, 200, { 'Content-Security-Policy': "default-src *", 'Cache-Control': 'private' });
    expect(response.headers.get('content-security-policy')).toBe(FUNCTION_SECURITY_HEADERS['Content-Security-Policy']);
    expect(response.headers.get('cache-control')).toBe('private');
  });
});

describe('handle', () => {
  it('sets them on answers a function built itself, redirects included', async () => {
    const plain = await handle(['GET'], async () => new Response('ok', { status: 202, headers: { 'X-Own': '1' } }))(new Request('http://localhost/'));
    expectSecurityHeaders(plain, 'plain Response');
    expect(plain.status).toBe(202);
    expect(plain.headers.get('x-own')).toBe('1');
    expect(await plain.text()).toBe('ok');
    const redirect = await handle(['GET'], async () => Response.redirect('http://localhost/next', 303))(new Request('http://localhost/'));
    expectSecurityHeaders(redirect, 'redirect');
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get('location')).toBe('http://localhost/next');
  });
});

describe('every function', () => {
  it.each(functionFiles().map((file) => file.name))('%s answers a method it refuses with the security headers', async (name) => {
    const module = (await import(new URL(name, functionsDirectory).href)) as { default: (request: Request) => Promise<Response> };
    const response = await module.default(new Request('http://localhost/api/x', { method: 'PATCH' }));
    expect(response.status).toBe(405);
    expectSecurityHeaders(response, name);
  });
});
