// Local stand-in for Upstash Redis: an HTTP server speaking the Upstash REST protocol
// (POST /, /pipeline, /multi-exec; Bearer token; optional base64 response encoding) in front of a
// real Redis server, so `@upstash/redis` and `@upstash/ratelimit` work offline and in tests.
// Never deployed.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, ErrorReply, MultiErrorReply, RESP_TYPES } from 'redis';

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
const CONNECT_TIMEOUT_MS = 1500;
const MAX_IDLE_DEDICATED = 4;

/** Commands that would change or hijack the state of a shared connection. */
const FORBIDDEN = new Set([
  'MULTI', 'EXEC', 'DISCARD', 'WATCH', 'UNWATCH',
  'SUBSCRIBE', 'PSUBSCRIBE', 'SSUBSCRIBE', 'UNSUBSCRIBE', 'PUNSUBSCRIBE', 'SUNSUBSCRIBE',
  'MONITOR', 'QUIT', 'RESET', 'SELECT', 'HELLO', 'AUTH', 'SYNC', 'PSYNC', 'CLIENT',
]);

/** Blocking commands run on a dedicated connection so they never stall the shared one. */
const BLOCKING = new Set([
  'BLPOP', 'BRPOP', 'BRPOPLPUSH', 'BLMOVE', 'BLMPOP', 'BZPOPMIN', 'BZPOPMAX', 'BZMPOP', 'WAIT', 'WAITAOF',
]);

/** The subset of the node-redis client this bridge uses. */
interface RawClient {
  readonly isReady: boolean;
  connect(): Promise<unknown>;
  destroy(): void;
  sendCommand(args: ReadonlyArray<string>): Promise<unknown>;
  multi(): { addCommand(args: ReadonlyArray<string>): unknown; exec(): Promise<unknown[]> };
  on(event: 'error', listener: (error: unknown) => void): unknown;
}

type Json = string | number | null | Json[];

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Redis (or the connection to it) is not available. */
class UnavailableError extends HttpError {
  constructor(cause: unknown) {
    super(503, `Service Unavailable: Redis is unreachable (${describe(cause)})`);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return error.message || code || error.name;
  }
  return String(error);
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/** `#!lua flags=allow-key-locking` (Upstash) is rejected by plain Redis: comment the shebang out. */
function stripShebang(script: string): string | undefined {
  if (!script.startsWith('#!lua')) return undefined;
  const newline = script.indexOf('\n');
  const first = newline === -1 ? script : script.slice(0, newline);
  // Keep the line (as a Lua comment) so line numbers in Redis error messages stay the same.
  return `-- ${first.slice(2)}${newline === -1 ? '' : script.slice(newline)}`;
}

function toArg(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === null || value === undefined) return 'null';
  return JSON.stringify(value);
}

function parseCommand(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new HttpError(400, 'ERR a command must be a non-empty JSON array');
  }
  return value.map(toArg);
}

/**
 * Converts a node-redis RESP2 reply into the JSON Upstash answers. With base64 encoding every string
 * is base64-encoded except a top-level "OK": @upstash/redis leaves a top-level "OK" as is but
 * base64-decodes every string inside arrays (so a nested "OK" must be encoded like any other).
 */
function encodeReply(reply: unknown, base64: boolean, nested = false): Json {
  if (reply === null || reply === undefined) return null;
  if (Buffer.isBuffer(reply)) {
    if (!base64) return reply.toString('utf8');
    return !nested && reply.length === 2 && reply[0] === 0x4f && reply[1] === 0x4b ? 'OK' : reply.toString('base64');
  }
  if (typeof reply === 'string') {
    return base64 && (nested || reply !== 'OK') ? Buffer.from(reply, 'utf8').toString('base64') : reply;
  }
  if (typeof reply === 'number') return reply;
  if (typeof reply === 'bigint') return Number(reply);
  if (typeof reply === 'boolean') return reply ? 1 : 0;
  if (reply instanceof Error) return encodeReply(reply.message, base64, nested);
  if (Array.isArray(reply)) return reply.map((item) => encodeReply(item, base64, true));
  return null; // maps/sets only exist in RESP3; Upstash's client turns objects into null anyway.
}

export async function startUpstashBridge(opts: UpstashBridgeOptions): Promise<UpstashBridge> {
  const host = opts.host ?? '127.0.0.1';
  const expectedAuth = Buffer.from(`Bearer ${opts.token}`);
  const clients = new Set<RawClient>();
  const idle: RawClient[] = [];
  /** sha1(original script) -> sha1(script as sent to Redis). */
  const shaMap = new Map<string, string>();
  let shared: RawClient | undefined;
  let connecting: Promise<RawClient> | undefined;
  let closed = false;
  let requestCount = 0;

  async function connectNew(): Promise<RawClient> {
    if (closed) throw new UnavailableError(new Error('bridge closed'));
    const client = createClient({
      url: opts.redisUrl,
      RESP: 2,
      disableOfflineQueue: true,
      socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: false },
    }).withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer }) as unknown as RawClient;
    client.on('error', () => {
      // Connection errors surface on the commands (503); a dropped connection is replaced lazily.
    });
    clients.add(client);
    try {
      await client.connect();
    } catch (error) {
      dispose(client);
      throw new UnavailableError(error);
    }
    if (closed) {
      dispose(client);
      throw new UnavailableError(new Error('bridge closed'));
    }
    return client;
  }

  function dispose(client: RawClient): void {
    clients.delete(client);
    try {
      client.destroy();
    } catch {
      // already closed
    }
  }

  async function sharedClient(): Promise<RawClient> {
    if (shared?.isReady) return shared;
    if (!connecting) {
      if (shared) dispose(shared);
      shared = undefined;
      connecting = connectNew()
        .then((client) => (shared = client))
        .finally(() => {
          connecting = undefined;
        });
    }
    return connecting;
  }

  async function withDedicated<T>(run: (client: RawClient) => Promise<T>): Promise<T> {
    let client: RawClient | undefined;
    while (!client && idle.length > 0) {
      const candidate = idle.pop()!;
      if (candidate.isReady) client = candidate;
      else dispose(candidate);
    }
    client ??= await connectNew();
    try {
      return await run(client);
    } finally {
      if (!closed && client.isReady && idle.length < MAX_IDLE_DEDICATED) idle.push(client);
      else dispose(client);
    }
  }

  /** Rewrites script commands for plain Redis; returns a function fixing up the reply. */
  function rewrite(args: string[]): { args: string[]; fixReply?: (reply: unknown) => unknown } {
    const name = args[0]!.toUpperCase();
    if ((name === 'EVAL' || name === 'EVAL_RO') && args[1] !== undefined) {
      const stripped = stripShebang(args[1]);
      if (stripped === undefined) return { args };
      shaMap.set(sha1(args[1]), sha1(stripped));
      return { args: [args[0]!, stripped, ...args.slice(2)] };
    }
    if ((name === 'EVALSHA' || name === 'EVALSHA_RO') && args[1] !== undefined) {
      const mapped = shaMap.get(args[1].toLowerCase());
      return mapped ? { args: [args[0]!, mapped, ...args.slice(2)] } : { args };
    }
    if (name === 'SCRIPT' && args[1]?.toUpperCase() === 'LOAD' && args[2] !== undefined) {
      const stripped = stripShebang(args[2]);
      if (stripped === undefined) return { args };
      const original = sha1(args[2]);
      shaMap.set(original, sha1(stripped));
      // Answer the hash of the script the caller sent, as Upstash does.
      return { args: [args[0]!, args[1], stripped], fixReply: () => original };
    }
    if (name === 'SCRIPT' && args[1]?.toUpperCase() === 'EXISTS') {
      return { args: [...args.slice(0, 2), ...args.slice(2).map((sha) => shaMap.get(sha.toLowerCase()) ?? sha)] };
    }
    return { args };
  }

  function check(args: string[]): void {
    const name = args[0]!.toUpperCase();
    if (FORBIDDEN.has(name)) throw new ErrorReply(`ERR Command is not available: '${args[0]}'`);
  }

  /** Runs one command; resolves to the raw reply, rejects with ErrorReply or UnavailableError. */
  async function run(command: string[]): Promise<unknown> {
    check(command);
    const { args, fixReply } = rewrite(command);
    const blocking = BLOCKING.has(args[0]!.toUpperCase());
    const reply = blocking
      ? await withDedicated((client) => send(client, args))
      : await send(await sharedClient(), args);
    return fixReply ? fixReply(reply) : reply;
  }

  async function send(client: RawClient, args: string[]): Promise<unknown> {
    try {
      return await client.sendCommand(args);
    } catch (error) {
      if (error instanceof ErrorReply) throw error;
      throw new UnavailableError(error);
    }
  }

  async function single(body: unknown, base64: boolean): Promise<[number, unknown]> {
    const command = parseCommand(body);
    try {
      return [200, { result: encodeReply(await run(command), base64) }];
    } catch (error) {
      if (error instanceof ErrorReply) return [400, { error: error.message }];
      throw error;
    }
  }

  async function pipeline(body: unknown, base64: boolean): Promise<[number, unknown]> {
    if (!Array.isArray(body) || body.length === 0) throw new HttpError(400, 'ERR a pipeline must be a non-empty array of commands');
    const commands = body.map(parseCommand);
    // Sent together on the shared connection: node-redis writes them back to back (one round trip).
    const settled = await Promise.allSettled(commands.map((command) => run(command)));
    const unavailable = settled.find((s) => s.status === 'rejected' && !(s.reason instanceof ErrorReply));
    if (unavailable) throw (unavailable as PromiseRejectedResult).reason;
    return [
      200,
      settled.map((s) =>
        s.status === 'fulfilled' ? { result: encodeReply(s.value, base64) } : { error: (s.reason as Error).message },
      ),
    ];
  }

  async function multiExec(body: unknown, base64: boolean): Promise<[number, unknown]> {
    if (!Array.isArray(body) || body.length === 0) throw new HttpError(400, 'ERR a transaction must be a non-empty array of commands');
    const commands = body.map(parseCommand);
    const rewritten: Array<ReturnType<typeof rewrite>> = [];
    try {
      for (const command of commands) {
        check(command);
        rewritten.push(rewrite(command));
      }
    } catch (error) {
      if (error instanceof ErrorReply) return [400, { error: error.message }];
      throw error;
    }
    let replies: unknown[];
    try {
      // On the shared connection: node-redis writes MULTI … EXEC as one chain that no other command
      // can interleave with, and WATCH (the one thing that would need a connection of its own) is refused.
      const multi = (await sharedClient()).multi();
      for (const { args } of rewritten) multi.addCommand(args);
      replies = await multi.exec();
    } catch (error) {
      if (error instanceof MultiErrorReply) replies = error.replies;
      else if (error instanceof ErrorReply) {
        // A command rejected while queueing (unknown command, wrong arity): Redis discards the lot.
        const message = error.message.startsWith('EXECABORT')
          ? error.message
          : `EXECABORT Transaction discarded because of previous errors: ${error.message}`;
        return [400, { error: message }];
      }
      else if (error instanceof HttpError) throw error;
      else throw new UnavailableError(error);
    }
    return [
      200,
      replies.map((reply, i) => {
        if (reply instanceof ErrorReply) return { error: reply.message };
        const fix = rewritten[i]?.fixReply;
        return { result: encodeReply(fix ? fix(reply) : reply, base64) };
      }),
    ];
  }

  function authorised(req: IncomingMessage): boolean {
    const given = Buffer.from(req.headers.authorization ?? '');
    return given.length === expectedAuth.length && timingSafeEqual(given, expectedAuth);
  }

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

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!authorised(req)) {
      req.resume();
      reply(res, 401, { error: 'Unauthorized' });
      return;
    }
    const path = (req.url ?? '/').split('?')[0]!.replace(/\/+$/, '') || '/';
    if (req.method !== 'POST') {
      req.resume();
      reply(res, 405, { error: 'ERR only POST is supported' });
      return;
    }
    const handler = path === '/' ? single : path === '/pipeline' ? pipeline : path === '/multi-exec' ? multiExec : undefined;
    if (!handler) {
      req.resume();
      reply(res, 404, { error: `ERR unknown endpoint ${path}` });
      return;
    }
    requestCount += 1;
    let body: unknown;
    try {
      const text = await readBody(req);
      body = JSON.parse(text);
    } catch (error) {
      if (error instanceof HttpError) {
        reply(res, error.status, { error: error.message });
        return;
      }
      reply(res, 400, { error: 'ERR request body is not valid JSON' });
      return;
    }
    const base64 = String(req.headers['upstash-encoding'] ?? '').toLowerCase() === 'base64';
    try {
      const [status, payload] = await handler(body, base64);
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

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${port}`,
    token: opts.token,
    get requestCount() {
      return requestCount;
    },
    async close() {
      if (closed) return;
      closed = true;
      const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await serverClosed;
      await connecting?.catch(() => undefined);
      for (const client of [...clients]) dispose(client);
      idle.length = 0;
      shared = undefined;
    },
  };
}
