/**
 * The store's HTTP transport: an @upstash/redis `Requester` that speaks the Upstash REST protocol
 * (POST {url}/{path} with a JSON command, Bearer token, read-your-writes sync token) over node:http(s)
 * with a keep-alive agent.
 *
 * Why not the client's built-in fetch: on Node 20 every fetch builds web streams, two Request objects
 * and an AbortSignal per call, about 300 µs of CPU per store call against about 80 µs for a keep-alive
 * node:http request (`npm run bench:api` shows what a booking costs). Same protocol, same errors:
 * an answer that is not 2xx throws UpstashError with the store's message, an answer that is not JSON
 * throws UpstashJSONParseError, and a store that cannot be reached throws StoreTransportError.
 */
import http from 'node:http';
import https from 'node:https';
import { errors, type Requester, type UpstashRequest, type UpstashResponse } from '@upstash/redis';

/** The store could not be reached: refused, reset, or no answer within the timeout. */
export class StoreTransportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreTransportError';
  }
}

export interface StoreRequesterOptions {
  /** UPSTASH_REDIS_REST_URL: http(s), optionally with a base path. */
  url: string;
  token: string;
  /** The whole call (connect, send, answer) must finish within this. */
  timeoutMs: number;
  /** A call that could not reach the store is tried once more after this pause (a dropped keep-alive connection). */
  retryDelayMs?: number;
}

export interface StoreRequester extends Requester {
  /** Closes the kept-alive connections. */
  close(): void;
}

/** Errors worth one more try: the connection was refused, reset or closed before an answer. */
const RETRYABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

interface RawAnswer {
  status: number;
  text: string;
  syncToken: string | undefined;
}

export function createStoreRequester(options: StoreRequesterOptions): StoreRequester {
  const base = new URL(options.url);
  if (base.protocol !== 'https:' && base.protocol !== 'http:') {
    throw new TypeError(`the store URL must start with https:// or http://, got ${base.protocol}`);
  }
  const transport = base.protocol === 'https:' ? https : http;
  const agent = new transport.Agent({ keepAlive: true });
  const basePath = base.pathname.replace(/\/+$/, '');
  const authorization = `Bearer ${options.token}`;
  const retryDelayMs = options.retryDelayMs ?? 100;

  function send(path: string, body: string, headers: Record<string, string>): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      const request = transport.request(
        {
          protocol: base.protocol,
          hostname: base.hostname,
          port: base.port,
          path,
          method: 'POST',
          agent,
          headers: { ...headers, authorization, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => {
            clearTimeout(timer);
            const syncToken = response.headers['upstash-sync-token'];
            resolve({ status: response.statusCode ?? 0, text, syncToken: typeof syncToken === 'string' ? syncToken : undefined });
          });
          response.on('error', fail);
        },
      );
      const timer = setTimeout(
        () => request.destroy(Object.assign(new Error(`no answer within ${options.timeoutMs} ms`), { code: 'ETIMEDOUT' })),
        options.timeoutMs,
      );
      function fail(error: Error): void {
        clearTimeout(timer);
        reject(error);
      }
      request.on('error', fail);
      request.end(body);
    });
  }

  const requester: StoreRequester = {
    readYourWrites: true,
    upstashSyncToken: '',
    async request<TResult>(req: UpstashRequest): Promise<UpstashResponse<TResult>> {
      if (req.onMessage) throw new TypeError('streaming commands are not supported by the store transport');
      const path = `${basePath}/${(req.path ?? []).join('/')}`;
      const body = JSON.stringify(req.body);
      const headers: Record<string, string> = { ...req.headers };
      if (requester.readYourWrites) headers['upstash-sync-token'] = requester.upstashSyncToken ?? '';
      let answer: RawAnswer | undefined;
      for (let attempt = 0; !answer; attempt += 1) {
        try {
          answer = await send(path, body, headers);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? '';
          if (attempt > 0 || !RETRYABLE_CODES.has(code)) {
            throw new StoreTransportError(`the store did not answer (${code || (error as Error).message})`, { cause: error });
          }
          await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
        }
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(answer.text);
      } catch (error) {
        throw new errors.UpstashJSONParseError(answer.text, { cause: error });
      }
      if (answer.status < 200 || answer.status >= 300) {
        const message = (parsed as { error?: unknown } | null)?.error;
        throw new errors.UpstashError(`${String(message)}, command was: ${body}`);
      }
      if (requester.readYourWrites && answer.syncToken !== undefined) requester.upstashSyncToken = answer.syncToken;
      return parsed as UpstashResponse<TResult>;
    },
    close() {
      agent.destroy();
    },
  };
  return requester;
}
