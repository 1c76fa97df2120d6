// Local stand-in for Upstash Redis: an HTTP server speaking the Upstash REST protocol
// (POST /, /pipeline, /multi-exec; Bearer token; optional base64 response encoding) in front of a
// real Redis server, so `@upstash/redis` and `@upstash/ratelimit` work offline and in tests.
// The parts: the wire format (protocol), running commands (commands), Lua scripts for plain Redis
// (scripts), the Redis connections (connections), and the bridge on its own thread (thread).
// Never deployed.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listen, serverUrl } from '../http-server';
import { CommandRunner, type Answer } from './commands';
import { RedisConnections } from './connections';
import { describe, HttpError } from './protocol';

export interface UpstashBridge {
  /** Base URL for `new Redis({ url, token })`, e.g. `http://127.0.0.1:41234`. */
  url: string;
  token: string;
  /** Number of authorised HTTP requests handled so far (each `/`, `/pipeline` or `/multi-exec` call). */
  readonly requestCount: number;
  close(): Promise<void>;
}

export interface UpstashBridgeOptions {
  redisUrl: string;
  token: string;
  /** 0 or undefined: a free port. */
  port?: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;
const DRAIN_LIMIT_BYTES = 8 * MAX_BODY_BYTES;

/**
 * Reads the body. Past MAX_BODY_BYTES the rest is drained and discarded and the promise rejects
 * with 413 once the upload ends (answering mid-upload makes clients fail with ECONNRESET instead
 * of reading the status); past DRAIN_LIMIT_BYTES the connection is dropped.
 */
function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > DRAIN_LIMIT_BYTES) req.destroy();
      else if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) reject(new HttpError(413, 'ERR request body too large'));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
    // 'close' also follows a complete read; only a request cut off before its end was aborted.
    req.on('close', () => {
      if (!req.complete) reject(new HttpError(400, 'ERR request aborted'));
    });
  });
}

function reply(res: ServerResponse, status: number, payload: unknown): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(payload);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export async function startUpstashBridge(opts: UpstashBridgeOptions): Promise<UpstashBridge> {
  const host = opts.host ?? '127.0.0.1';
  const expectedAuth = Buffer.from(`Bearer ${opts.token}`);
  const connections = new RedisConnections(opts.redisUrl);
  const runner = new CommandRunner(connections);
  const endpoints: Record<string, (body: unknown, base64: boolean) => Promise<Answer>> = {
    '/': (body, base64) => runner.single(body, base64),
    '/pipeline': (body, base64) => runner.pipeline(body, base64),
    '/multi-exec': (body, base64) => runner.multiExec(body, base64),
  };
  let closed = false;
  let requestCount = 0;

  function authorised(req: IncomingMessage): boolean {
    const given = Buffer.from(req.headers.authorization ?? '');
    return given.length === expectedAuth.length && timingSafeEqual(given, expectedAuth);
  }

  /** Answers without reading the request's body (it is discarded). */
  function refuse(req: IncomingMessage, res: ServerResponse, status: number, error: string): void {
    req.resume();
    reply(res, status, { error });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!authorised(req)) return refuse(req, res, 401, 'Unauthorized');
    const path = (req.url ?? '/').split('?')[0]!.replace(/\/+$/, '') || '/';
    if (req.method !== 'POST') return refuse(req, res, 405, 'ERR only POST is supported');
    const endpoint = Object.hasOwn(endpoints, path) ? endpoints[path] : undefined;
    if (!endpoint) return refuse(req, res, 404, `ERR unknown endpoint ${path}`);
    requestCount += 1;
    let body: unknown;
    try {
      const text = await readBody(req);
      body = JSON.parse(text);
    } catch (error) {
      if (error instanceof HttpError) return reply(res, error.status, { error: error.message });
      return reply(res, 400, { error: 'ERR request body is not valid JSON' });
    }
    const base64 = String(req.headers['upstash-encoding'] ?? '').toLowerCase() === 'base64';
    try {
      const [status, payload] = await endpoint(body, base64);
      reply(res, status, payload);
    } catch (error) {
      if (error instanceof HttpError) reply(res, error.status, { error: error.message });
      else reply(res, 500, { error: `ERR ${describe(error)}` });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => reply(res, 500, { error: `ERR ${describe(error)}` }));
  });
  server.keepAliveTimeout = 5_000;
  const port = await listen(server, opts.port ?? 0, host);

  return {
    url: serverUrl(host, port),
    token: opts.token,
    get requestCount() {
      return requestCount;
    },
    async close() {
      if (closed) return;
      closed = true;
      await closeServer(server);
      await connections.close();
    },
  };
}
