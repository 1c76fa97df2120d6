// `npm start`: builds the site and serves dist/ exactly as production would — static files,
// netlify.toml/_redirects redirects and headers through Netlify's own local runtime library (@netlify/dev's
// NetlifyDev), and the functions at their `config.path`, loaded once and kept warm as deployed instances
// are (dev/function-host.ts) — offline, with local stand-ins for the hosted services.
//
//   node --import tsx dev/start.ts [--no-build] [--port N] [--private]
//
//   --no-build   serve the existing dist/
//   --port N     listen on N (else $PORT, else 8888; 0 = a free port)
//   --private    tests: an own throw-away redis-server on a free port without persistence (never
//                127.0.0.1:6379 nor .data/), a throw-away admin password, a free port unless --port
//
// Prints one line when ready (`Ready: http://localhost:8888 — admin password: …`) and stops cleanly on
// SIGINT/SIGTERM. The stand-ins (Redis, Upstash REST bridge, admin password, environment) are exported
// for `npm run dev` (dev/dev.ts). Never deployed.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generatePassword, getAdminPassword } from './admin-password';
import { FUNCTION_SECURITY_HEADERS } from '../src/security/headers';
import { loadFunctionHost, normalizeClientIp, type FunctionHost } from './function-host';
import { freePort, resolveRedis, type ResolvedRedis } from './redis-server';
import { startStripeEmulator, type StripeEmulator } from './stripe-emulator/index';
import { startUpstashBridgeThread, type UpstashBridgeThread } from './upstash-bridge-thread';

export const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const DEFAULT_PORT = 8888;

// ---------------------------------------------------------------------------------------------------
// Command line

export interface RuntimeArgs {
  build: boolean;
  /** 0 means: choose a free port. */
  port: number;
  private: boolean;
}

export function parsePort(value: string, what: string): number {
  if (!/^\d+$/.test(value.trim())) throw new UsageError(`${what} must be a port number, got "${value}"`);
  const port = Number(value);
  if (port > 65535) throw new UsageError(`${what} must be a port number (0-65535), got ${port}`);
  return port;
}

export class UsageError extends Error {}

export function parseRuntimeArgs(argv: string[], env: NodeJS.ProcessEnv = process.env, allowBuildFlag = true): RuntimeArgs {
  let values: { 'no-build'?: boolean | undefined; port?: string | undefined; private?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { 'no-build': { type: 'boolean' }, port: { type: 'string' }, private: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (!allowBuildFlag && values['no-build'] !== undefined) throw new UsageError("Unknown option '--no-build'");
  const isPrivate = values.private ?? false;
  let port: number;
  if (values.port !== undefined) port = parsePort(values.port, '--port');
  else if (isPrivate) port = 0;
  else if (env['PORT']?.trim()) port = parsePort(env['PORT'], 'PORT');
  else port = DEFAULT_PORT;
  return { build: !values['no-build'], port, private: isPrivate };
}

// ---------------------------------------------------------------------------------------------------
// Local stand-ins for the hosted services (shared with dev/dev.ts)

export interface StandIns {
  /** Variables the functions read; already set on process.env. */
  env: Record<string, string>;
  /** One human-readable phrase describing the store, for an info line. */
  storeDescription: string;
  /** The ready line's admin part: `admin password: …` or `admin password from ADMIN_PASSWORD`. */
  adminDescription: string;
  /** The ready line's payments part: `Stripe emulator: http://…` or `Stripe: STRIPE_SECRET_KEY`. */
  stripeDescription: string;
  /** pid of the redis-server this runtime owns, if any. */
  redisPid?: number;
  /** Closes the bridge and stops the redis-server this runtime started; safe to call more than once. */
  close(): Promise<void>;
}

export interface StandInOptions {
  private: boolean;
  /** The site's address for the functions (SITE_URL). */
  siteUrl: string;
}

/**
 * Resolves Redis, starts the Upstash REST bridge in front of it (unless UPSTASH_REDIS_REST_URL and
 * UPSTASH_REDIS_REST_TOKEN are both set), resolves the admin password and exports everything to
 * process.env for the functions.
 */
export async function startStandIns(options: StandInOptions): Promise<StandIns> {
  let redis: ResolvedRedis | undefined;
  let bridge: UpstashBridgeThread | undefined;
  let emulator: StripeEmulator | undefined;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await emulator?.close().catch((error: unknown) => warn(`closing the Stripe emulator: ${describe(error)}`));
      await bridge?.close().catch((error: unknown) => warn(`closing the Upstash bridge: ${describe(error)}`));
      await redis?.stop().catch((error: unknown) => warn(`stopping redis-server: ${describe(error)}`));
    })());

  try {
    const env: Record<string, string> = {};
    const upstashUrl = process.env['UPSTASH_REDIS_REST_URL']?.trim();
    const upstashToken = process.env['UPSTASH_REDIS_REST_TOKEN']?.trim();
    let storeDescription: string;
    if (!options.private && upstashUrl && upstashToken) {
      storeDescription = `Upstash at ${upstashUrl} (UPSTASH_REDIS_REST_URL)`;
      env['UPSTASH_REDIS_REST_URL'] = upstashUrl;
      env['UPSTASH_REDIS_REST_TOKEN'] = upstashToken;
    } else {
      if (!options.private && (upstashUrl || upstashToken)) {
        warn('only one of UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN is set: ignoring it and using a local Redis');
      }
      redis = await resolveRedis({ private: options.private });
      const token = randomBytes(24).toString('base64url');
      bridge = await startUpstashBridgeThread({ redisUrl: redis.url, token, host: '127.0.0.1', port: 0 });
      env['UPSTASH_REDIS_REST_URL'] = bridge.url;
      env['UPSTASH_REDIS_REST_TOKEN'] = bridge.token;
      storeDescription = `local Upstash REST bridge → ${describeRedis(redis)}`;
    }

    let adminDescription: string;
    if (options.private && !process.env['ADMIN_PASSWORD']) {
      // Never read or write .data/ in private runs.
      const password = generatePassword();
      env['ADMIN_PASSWORD'] = password;
      adminDescription = `admin password: ${password}`;
    } else {
      const admin = await getAdminPassword();
      env['ADMIN_PASSWORD'] = admin.password;
      adminDescription = admin.generated ? `admin password: ${admin.password}` : 'admin password from ADMIN_PASSWORD';
    }

    // Stripe: the real API when STRIPE_SECRET_KEY is set (never in private test runs), else the local
    // emulator, which sends its signed webhooks to this site.
    let stripeDescription: string;
    const stripeKey = process.env['STRIPE_SECRET_KEY']?.trim();
    if (!options.private && stripeKey) {
      stripeDescription = `Stripe ${stripeKey.startsWith('sk_live_') ? 'live' : 'test'} mode (STRIPE_SECRET_KEY)`;
    } else {
      const emulatorPort = process.env['STRIPE_EMULATOR_PORT']?.trim() ? parsePort(process.env['STRIPE_EMULATOR_PORT'], 'STRIPE_EMULATOR_PORT') : 0;
      emulator = await startStripeEmulator({
        port: emulatorPort,
        webhookUrl: `${options.siteUrl}/api/stripe-webhook`,
        siteUrl: options.siteUrl,
        log: (line) => warn(line),
      });
      env['STRIPE_SECRET_KEY'] = emulator.secretKey;
      env['STRIPE_API_BASE'] = emulator.url;
      env['STRIPE_WEBHOOK_SECRET'] = emulator.webhookSecret;
      env['STRIPE_PORTAL_LOGIN_URL'] = emulator.portalLoginUrl;
      stripeDescription = `Stripe emulator: ${emulator.url}`;
    }

    env['SITE_URL'] = options.siteUrl;
    Object.assign(process.env, env);
    return { env, storeDescription, adminDescription, stripeDescription, redisPid: redis?.owned ? redis.pid : undefined, close };
  } catch (error) {
    await close();
    throw error;
  }
}

function describeRedis(redis: ResolvedRedis): string {
  const where = redis.url.replace(/\/\/[^@/]*@/, '//***@');
  switch (redis.source) {
    case 'env':
      return `${where} (REDIS_URL)`;
    case 'default-port':
      return `the Redis already running at ${where}`;
    case 'started':
      return `redis-server at ${where}, data in ${relative(process.cwd(), join(projectRoot, '.data', 'redis')) || '.'}/`;
    case 'shared':
      return `redis-server at ${where} (run by another local runtime), data in .data/redis/`;
    case 'private':
      return `private throw-away redis-server at ${where}`;
  }
}

// ---------------------------------------------------------------------------------------------------
// Small helpers (shared with dev/dev.ts)

export function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

export function warn(message: string): void {
  process.stderr.write(`[local runtime] ${message}\n`);
}

/** Spawns a command with inherited output and no stdin; resolves with its exit code. */
export function runChild(command: string, args: string[], track: (child: ChildProcess | undefined) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: projectRoot, stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
    track(child);
    child.once('error', (error) => {
      track(undefined);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      track(undefined);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

/**
 * How to run the project's Astro CLI: `node node_modules/astro/astro.js …` directly (what `npx astro`
 * resolves to), so signals reach Astro itself and not an `npm exec` + shell wrapper that would leave
 * it running; `npx astro` only when the package is not where expected.
 */
export function astroCommand(args: string[]): [string, string[]] {
  const cli = join(projectRoot, 'node_modules', 'astro', 'astro.js');
  if (existsSync(cli)) return [process.execPath, [cli, ...args]];
  return [process.platform === 'win32' ? 'npx.cmd' : 'npx', ['astro', ...args]];
}

/**
 * Rejects when the port is taken on 127.0.0.1 or [::1] (so a taken port fails before a long build and
 * before anything is started).
 */
export async function assertPortFree(port: number): Promise<void> {
  if (port === 0) return;
  for (const host of ['127.0.0.1', '::1']) {
    await new Promise<void>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE') {
          reject(new Error(`port ${port} is already in use: stop what is using it, or pass --port N (or set PORT)`));
        } else if (host === '::1') {
          resolve(); // no IPv6 loopback on this machine
        } else {
          reject(error);
        }
      });
      probe.listen(port, host, () => probe.close(() => resolve()));
    });
  }
}

/** Live (non-zombie) direct children of `pid`, from /proc (Linux); empty where /proc is not available. */
export function childPids(pid: number = process.pid): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const children: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may contain spaces and parentheses, so parse after the last ')'.
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) === pid && state !== 'Z') children.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return children;
}

/**
 * Ends the child processes libraries left behind (e.g. esbuild's service processes, which would
 * otherwise linger for a second or two after we exit) and waits until they are gone.
 */
export async function endLeftoverChildren(timeoutMs = 2000): Promise<void> {
  let children = childPids();
  for (const pid of children) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  const deadline = Date.now() + timeoutMs;
  while (children.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const alive = new Set(childPids());
    children = children.filter((pid) => alive.has(pid));
  }
  for (const pid of children) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/**
 * Shutdown on SIGINT/SIGTERM/SIGHUP, or when the parent process goes away: runs `cleanup` once, then
 * exits 0 (a third signal while cleaning up forces an exit with 1). Startup code calls `fail` for a clean error exit (1).
 */
export function installShutdown(cleanup: () => Promise<void>): { fail(error: unknown): Promise<never>; shuttingDown(): boolean } {
  let shutting = false;
  const finish = async (code: number) => {
    const force = setTimeout(() => {
      warn('cleanup did not finish within 10 s: exiting anyway');
      process.exit(code === 0 ? 1 : code);
    }, 10_000);
    force.unref();
    try {
      await cleanup();
    } catch (error) {
      warn(`cleanup failed: ${describe(error)}`);
      code = code === 0 ? 1 : code;
    }
    await endLeftoverChildren();
    process.exit(code);
  };
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (shutting) {
      // A library in the Netlify runtime (when-exit) re-raises the first signal once after its own exit
      // hooks: ignore that; a third signal (someone pressing Ctrl-C again) forces the exit.
      if (signals >= 3) {
        warn(`${signal} again: exiting without waiting for cleanup`);
        process.exit(1);
      }
      return;
    }
    shutting = true;
    void finish(0);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  // `npm start` runs us under npm and a shell; a SIGTERM sent to npm alone ends that shell but not us.
  // When our parent goes away, stop as if we had been signalled, so nothing is left running.
  const parent = process.ppid;
  const watchParent = setInterval(() => {
    if (process.ppid !== parent && !shutting) {
      shutting = true;
      clearInterval(watchParent);
      void finish(0);
    }
  }, 500);
  watchParent.unref();
  process.on('uncaughtException', (error) => {
    process.stderr.write(`Error: ${error.stack ?? describe(error)}\n`);
    if (shutting) return;
    shutting = true;
    void finish(1);
  });
  return {
    shuttingDown: () => shutting,
    fail: async (error: unknown) => {
      if (!shutting) {
        shutting = true;
        process.stderr.write(`Error: ${error instanceof UsageError ? error.message : describe(error)}\n`);
        await finish(1);
      }
      return new Promise<never>(() => {});
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Serving through NetlifyDev

type NetlifyDevInstance = InstanceType<(typeof import('@netlify/dev'))['NetlifyDev']>;

const quietLogger = {
  log: (...args: unknown[]) => {
    if (process.env['DEBUG_LOCAL_RUNTIME']) console.error('[netlify]', ...args);
  },
  warn: (...args: unknown[]) => console.error('[netlify]', ...args),
  error: (...args: unknown[]) => console.error('[netlify]', ...args),
};

async function startNetlifyDev(serverAddress: string): Promise<NetlifyDevInstance> {
  const { NetlifyDev } = await import('@netlify/dev');
  const netlifyDev = new NetlifyDev({
    projectRoot,
    serverAddress,
    // Offline: no API token (no account, no linked-site lookups), none of the hosted-only features.
    apiToken: '',
    aiGateway: { enabled: false },
    blobs: { enabled: false },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
    // Functions are served warm by dev/function-host.ts: NetlifyDev would build each one into a fresh
    // directory and start a new worker for every call.
    functions: { enabled: false },
    skipGitignore: true,
    logger: quietLogger,
  });
  await netlifyDev.start();
  return netlifyDev;
}

/** Request bodies above this are refused here as Netlify refuses them (its synchronous limit is 6 MB). */
const MAX_REQUEST_BODY_BYTES = 6 * 1024 * 1024;

/** The whole request body, as Netlify hands it to a function (bodies are not streamed in). */
async function readRequestBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BODY_BYTES) throw new RequestTooLargeError();
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

class RequestTooLargeError extends Error {
  constructor() {
    super('request body larger than 6 MB');
  }
}

async function toWebRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headersDistinct)) {
    // Netlify's own request headers (client IP, request id) are set by the platform, never by the client.
    if (name.startsWith('x-nf-')) continue;
    for (const item of value ?? []) headers.append(name, item);
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const body = hasBody ? await readRequestBody(req) : undefined;
  return new Request(new URL(req.url ?? '/', origin), { method, headers, body: body && body.length > 0 ? new Uint8Array(body.buffer, body.byteOffset, body.length) as Uint8Array<ArrayBuffer> : null });
}

async function sendWebResponse(response: Response, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (!response.body || req.method === 'HEAD') {
    await response.body?.cancel().catch(() => {});
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const closed = new Promise<void>((resolve) => res.once('close', resolve));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // Respect back-pressure: wait for the socket to drain (or close) before reading on.
      if (!res.write(value)) await Promise.race([new Promise((resolve) => res.once('drain', resolve)), closed]);
      if (res.destroyed) break;
    }
    res.end();
  } catch {
    res.destroy();
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** An answer of the runtime itself (not of a function or file), with the same security headers. */
function answerFromRuntime(res: ServerResponse, status: number, error: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...FUNCTION_SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify({ error }));
}

/**
 * Netlify's order: a function whose path matches wins (unless it prefers a static file that exists),
 * then redirects and static files with their headers, then the 404 page.
 */
async function serve(runtime: NetlifyDevInstance, functions: FunctionHost, request: Request, clientIp: string, origin: string): Promise<Response> {
  const found = functions.match(request.method, new URL(request.url).pathname);
  if (found && found.fn.preferStatic) {
    const result = await runtime.handleAndIntrospect(request.clone());
    if (result?.type === 'static') return result.response;
    await result?.response.body?.cancel().catch(() => {});
  }
  if (found) return functions.invoke(found, request, clientIp);
  return (await runtime.handle(request)) ?? (await notFound(runtime, origin, request.method));
}

/** The site's 404 page with status 404 (with the header rules production applies to it). */
async function notFound(netlifyDev: NetlifyDevInstance, origin: string, method: string): Promise<Response> {
  const page = await netlifyDev.handle(new Request(new URL('/404.html', origin), { method: 'GET' }));
  if (page && page.status === 200) {
    const headers = new Headers(page.headers);
    headers.set('content-type', 'text/html; charset=utf-8');
    headers.delete('etag');
    headers.delete('last-modified');
    return new Response(method === 'HEAD' ? null : page.body, { status: 404, headers });
  }
  await page?.body?.cancel().catch(() => {});
  try {
    const html = await readFile(join(projectRoot, 'dist', '404.html'));
    return new Response(method === 'HEAD' ? null : html, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } });
  } catch {
    return new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

// ---------------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  const servers: Server[] = [];
  let netlifyDev: NetlifyDevInstance | undefined;
  let standIns: StandIns | undefined;
  let child: ChildProcess | undefined;

  const shutdown = installShutdown(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const running = child;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    }
    await Promise.all(servers.map(closeServer));
    await netlifyDev?.stop().catch((error: unknown) => warn(`stopping the Netlify runtime: ${describe(error)}`));
    await standIns?.close();
  });

  try {
    const args = parseRuntimeArgs(process.argv.slice(2));
    await assertPortFree(args.port);

    if (args.build) {
      const code = await runChild(...astroCommand(['build']), (running) => (child = running));
      if (shutdown.shuttingDown()) return;
      if (code !== 0) throw new Error(`astro build failed (exit ${code})`);
    }
    const distIndex = join(projectRoot, 'dist');
    try {
      await readFile(join(distIndex, 'index.html'));
    } catch {
      throw new Error('dist/index.html not found: build the site first (npm run build), or run without --no-build');
    }

    const port = args.port === 0 ? await freePort() : args.port;
    const origin = `http://localhost:${port}`;
    await assertPortFree(port);

    standIns = await startStandIns({ private: args.private, siteUrl: origin });
    if (shutdown.shuttingDown()) return;
    netlifyDev = await startNetlifyDev(origin);
    if (shutdown.shuttingDown()) return;
    const runtime = netlifyDev;
    const functions = await loadFunctionHost(join(projectRoot, 'netlify', 'functions'));
    if (shutdown.shuttingDown()) return;

    const handler = async (req: IncomingMessage, res: ServerResponse) => {
      try {
        const request = await toWebRequest(req, origin);
        const response = await serve(runtime, functions, request, normalizeClientIp(req.socket.remoteAddress), origin);
        await sendWebResponse(response, req, res);
      } catch (error) {
        if (error instanceof RequestTooLargeError) {
          answerFromRuntime(res, 413, 'The request body is too large.', { connection: 'close' });
        } else if (error instanceof URIError) {
          // A path with malformed percent-encoding (`/%ZZ`, `/%C0%AF`) that the static file lookup
          // cannot decode: the client's mistake, answered 400 as a CDN does, not a runtime failure.
          answerFromRuntime(res, 400, 'The address is malformed.');
        } else {
          warn(`${req.method} ${req.url}: ${describe(error)}`);
          if (!res.headersSent) answerFromRuntime(res, 500, 'Internal error in the local runtime.');
          else res.destroy();
        }
      }
    };

    // Loopback only, IPv4 and (when the machine has it) IPv6, so `localhost` works either way.
    const v4 = createServer((req, res) => void handler(req, res));
    servers.push(v4);
    await listen(v4, port, '127.0.0.1');
    const v6 = createServer((req, res) => void handler(req, res));
    try {
      await listen(v6, port, '::1');
      servers.push(v6);
    } catch (error) {
      // No IPv6 loopback here: 127.0.0.1 is enough. But if something else has [::1]:port, `localhost`
      // could reach it instead of us: refuse.
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        throw new Error(`port ${port} is already in use on [::1]: stop what is using it, or pass --port N (or set PORT)`);
      }
    }

    // Warm up: the first request loads the static, redirect and header rules.
    const warm = await runtime.handle(new Request(new URL('/', origin)));
    await warm?.body?.cancel().catch(() => {});
    if (shutdown.shuttingDown()) return;

    process.stdout.write(`Store: ${standIns.storeDescription}\n`);
    process.stdout.write(`Ready: ${origin} — ${standIns.adminDescription} — ${standIns.stripeDescription}\n`);
  } catch (error) {
    await shutdown.fail(error);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main();
}
