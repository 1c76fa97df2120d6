import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { clientIp, HttpError, MALFORMED_ADDRESS, readJsonBody, routeParam, siteUrl } from './request';

const schema = z.object({ name: z.string().min(2, 'Name must be at least 2 characters') });

function post(body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  return new Request('http://localhost/api/x', { method: 'POST', body, headers });
}

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected an HttpError');
}

describe('readJsonBody', () => {
  it('parses and validates a JSON body', async () => {
    await expect(readJsonBody(post('{"name":"Al"}'), schema)).resolves.toEqual({ name: 'Al' });
    await expect(readJsonBody(post('{"name":"Al"}', { 'content-type': 'application/json; charset=utf-8' }), schema)).resolves.toEqual({ name: 'Al' });
  });

  it('answers 415 for another content type', async () => {
    expect((await failure(readJsonBody(post('{"name":"Al"}', { 'content-type': 'text/plain' }), schema))).status).toBe(415);
  });

  it('answers 400 for malformed JSON', async () => {
    const error = await failure(readJsonBody(post('{"name":'), schema));
    expect([error.status, error.message]).toEqual([400, 'The request body is not valid JSON.']);
  });

  it('answers 400 with field messages for invalid input', async () => {
    const error = await failure(readJsonBody(post('{"name":"A"}'), schema));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Name must be at least 2 characters');
    expect(error.extra).toEqual({ fields: { name: 'Name must be at least 2 characters' } });
  });

  it('answers 413 for an oversized body, declared or streamed', async () => {
    expect((await failure(readJsonBody(post(JSON.stringify({ name: 'x'.repeat(2000) })), schema, { maxBytes: 1000 }))).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i += 1) controller.enqueue(new Uint8Array(400).fill(32));
        controller.close();
      },
    });
    const request = new Request('http://localhost/api/x', { method: 'POST', body: stream, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit);
    expect((await failure(readJsonBody(request, schema, { maxBytes: 1000 }))).status).toBe(413);
  });
});

describe('clientIp', () => {
  it('prefers Netlify context, then its header, then the first forwarded address', () => {
    const request = new Request('http://localhost/', { headers: { 'x-nf-client-connection-ip': '1.1.1.1', 'x-forwarded-for': '2.2.2.2, 3.3.3.3' } });
    expect(clientIp(request, { ip: '9.9.9.9' })).toBe('9.9.9.9');
    expect(clientIp(request)).toBe('1.1.1.1');
    expect(clientIp(new Request('http://localhost/', { headers: { 'x-forwarded-for': '2.2.2.2, 3.3.3.3' } }))).toBe('2.2.2.2');
    expect(clientIp(new Request('http://localhost/'))).toBe('unknown');
  });
});

describe('routeParam', () => {
  it("reads Netlify's context.params only", () => {
    expect(routeParam({ params: { id: 'zz' } }, 'id')).toBe('zz');
    expect(routeParam({ params: {} }, 'id')).toBeUndefined();
    expect(routeParam({ params: { id: '' } }, 'id')).toBeUndefined();
    expect(routeParam(undefined, 'id')).toBeUndefined();
    expect(routeParam({ params: { id: 'a%20b' } }, 'id')).toBe('a b');
    for (const broken of ['%E0%A4%A', '%ZZ', '%C0%AF', '%']) {
      const thrown = (() => {
        try {
          return routeParam({ params: { id: broken } }, 'id');
        } catch (error) {
          return error;
        }
      })();
      expect(thrown, broken).toBeInstanceOf(HttpError);
      expect(thrown).toMatchObject({ status: 400, message: MALFORMED_ADDRESS });
    }
  });
});

describe('siteUrl', () => {
  it('uses the request origin on local runs, else SITE_URL or URL', () => {
    expect(siteUrl(new Request('http://localhost:8888/api/x'), { SITE_URL: 'https://example.com' })).toBe('http://localhost:8888');
    expect(siteUrl(new Request('https://preview.netlify.app/api/x'), { SITE_URL: 'https://example.com/' })).toBe('https://example.com');
    expect(siteUrl(new Request('https://preview.netlify.app/api/x'), { URL: 'https://site.netlify.app' })).toBe('https://site.netlify.app');
    expect(siteUrl(new Request('https://preview.netlify.app/api/x'), {})).toBe('https://preview.netlify.app');
  });
});
