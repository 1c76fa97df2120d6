import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Redis } from '@upstash/redis';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../dev/redis-server';
import { createStoreRequester, StoreTransportError, type StoreRequester } from './store-requester';

interface Seen {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
  socket: Socket;
}

type Reply = (seen: Seen, res: ServerResponse) => void;

let server: Server | undefined;
let requester: StoreRequester | undefined;

afterEach(async () => {
  requester?.close();
  requester = undefined;
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
  }
});

/** A stand-in REST endpoint that records each request and answers with `reply`. */
async function endpoint(reply: Reply): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const entry = { method: req.method, url: req.url, headers: req.headers, body, socket: req.socket };
      seen.push(entry);
      reply(entry, res);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

function answer(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
}

describe('the store requester', () => {
  it('posts each command as JSON with the Bearer token to the base path, over one kept-alive connection', async () => {
    const { url, seen } = await endpoint((_, res) => answer(res, 200, { result: 'PONG' }));
    requester = createStoreRequester({ url: `${url}/base/`, token: 'secret-token', timeoutMs: 1000 });
    expect(await requester.request({ body: ['ping'] })).toEqual({ result: 'PONG' });
    expect(await requester.request({ path: ['pipeline'], body: [['ping']] })).toEqual({ result: 'PONG' });
    expect(seen.map((request) => [request.method, request.url, request.body])).toEqual([
      ['POST', '/base/', '["ping"]'],
      ['POST', '/base/pipeline', '[["ping"]]'],
    ]);
    expect(seen[0]!.headers.authorization).toBe('Bearer secret-token');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.headers['upstash-encoding']).toBeUndefined(); // plain JSON answers, nothing to decode
    expect(seen[1]!.socket).toBe(seen[0]!.socket);
  });

  it('sends back the read-your-writes token the store last answered', async () => {
    let next = 0;
    const { url, seen } = await endpoint((_, res) => answer(res, 200, { result: 'OK' }, { 'upstash-sync-token': `token-${(next += 1)}` }));
    requester = createStoreRequester({ url, token: 't', timeoutMs: 1000 });
    await requester.request({ body: ['set', 'a', '1'] });
    await requester.request({ body: ['get', 'a'] });
    expect(seen.map((request) => request.headers['upstash-sync-token'])).toEqual(['', 'token-1']);
    expect(requester.upstashSyncToken).toBe('token-2');
  });

  it("throws the store's error as UpstashError, and an answer that is not JSON as UpstashJSONParseError", async () => {
    const { url } = await endpoint((seen, res) =>
      seen.body.includes('bad') ? answer(res, 400, { error: 'ERR wrong number of arguments' }) : answer(res, 502, '<html>Bad gateway</html>'),
    );
    requester = createStoreRequester({ url, token: 't', timeoutMs: 1000 });
    await expect(requester.request({ body: ['bad'] })).rejects.toMatchObject({
      name: 'UpstashError',
      message: 'ERR wrong number of arguments, command was: ["bad"]',
    });
    await expect(requester.request({ body: ['other'] })).rejects.toMatchObject({ name: 'UpstashJSONParseError' });
  });

  it('tries a refused connection once more, then throws StoreTransportError', async () => {
    const port = await freePort();
    requester = createStoreRequester({ url: `http://127.0.0.1:${port}`, token: 't', timeoutMs: 1000, retryDelayMs: 50 });
    const started = performance.now();
    const error = await requester.request({ body: ['ping'] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StoreTransportError);
    expect((error as Error).message).toBe('the store did not answer (ECONNREFUSED)');
    expect(performance.now() - started).toBeGreaterThanOrEqual(45); // the pause before the second try
  });

  it('tries once more on a new connection when the store drops one before answering', async () => {
    const { url, seen } = await endpoint((request, res) => {
      if (seen.length === 1) request.socket.destroy(); // the first call: the connection is cut, no answer
      else answer(res, 200, { result: 'PONG' });
    });
    requester = createStoreRequester({ url, token: 't', timeoutMs: 1000, retryDelayMs: 1 });
    expect(await requester.request({ body: ['ping'] })).toEqual({ result: 'PONG' });
    expect(seen).toHaveLength(2);
    expect(seen[1]!.socket).not.toBe(seen[0]!.socket);
  });

  it('gives up after the timeout without trying again (a slow store must not hold the visitor twice)', async () => {
    const { url, seen } = await endpoint(() => undefined); // never answers
    requester = createStoreRequester({ url, token: 't', timeoutMs: 150, retryDelayMs: 1 });
    const started = performance.now();
    const error = await requester.request({ body: ['ping'] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StoreTransportError);
    expect((error as Error).message).toBe('the store did not answer (ETIMEDOUT)');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(seen).toHaveLength(1);
  });

  it('refuses a URL that is not http(s)', () => {
    expect(() => createStoreRequester({ url: 'redis://127.0.0.1:6379', token: 't', timeoutMs: 1000 })).toThrow(
      'the store URL must start with https:// or http://, got redis:',
    );
  });

  it('serves @upstash/redis: commands, their deserialised results, pipelines', async () => {
    const { url } = await endpoint((seen, res) => {
      const body = JSON.parse(seen.body) as unknown;
      if (seen.url === '/pipeline') answer(res, 200, (body as unknown[]).map(() => ({ result: '{"a":1}' })));
      else answer(res, 200, { result: '{"a":1}' });
    });
    requester = createStoreRequester({ url, token: 't', timeoutMs: 1000 });
    const redis = new Redis(requester);
    expect(await redis.get('k')).toEqual({ a: 1 });
    expect(await redis.pipeline().get('k').get('l').exec()).toEqual([{ a: 1 }, { a: 1 }]);
  });
});
