// Resolves the Redis server behind the local Upstash REST bridge:
//   1. REDIS_URL when set;
//   2. else redis://127.0.0.1:6379 when something there answers PING;
//   3. else a `redis-server` started here, its data persisted under .data/redis/ (append-only file).
// With `private: true` (tests) always a throw-away redis-server on a free port without persistence.
// Never deployed.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

/** Also offered here, beside the Redis helpers that tests and tools import with it. */
export { freePort };

export type RedisSource = 'env' | 'default-port' | 'started' | 'shared' | 'private';

export interface ResolvedRedis {
  /** `redis://…` URL for the bridge. */
  url: string;
  /** Where the server came from. */
  source: RedisSource;
  /** True when this process started (or adopted) the server and `stop()` ends it. */
  owned: boolean;
  /** pid of the redis-server this process owns, if any. */
  pid?: number;
  /** Stops the redis-server this process owns and waits until it has exited; a no-op otherwise. */
  stop(): Promise<void>;
}

export interface ResolveRedisOptions {
  /** Tests: an own throw-away redis-server on a free port, no persistence; never 6379, never .data/. */
  private?: boolean;
  /** Environment to read REDIS_URL from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Project root (default: the folder above dev/). Data goes to `<root>/.data/redis`. */
  projectRoot?: string;
  /** The well-known local Redis to try before starting one (default 127.0.0.1:6379). */
  defaultHost?: string;
  defaultPort?: number;
  /** The binary to start (default `redis-server` on PATH). */
  binary?: string;
  /** How long the default port may take to answer PING (default 500 ms). */
  pingTimeoutMs?: number;
  /** How long a started server may take to answer (default 10 s). */
  startTimeoutMs?: number;
}

const DEFAULT_ROOT = fileURLToPath(new URL('..', import.meta.url));
const OWNER_FILE = 'runtime-owner.json';

/** True when a Redis server on host:port answers PING with PONG within `timeoutMs`. */
export function pingRedis(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    let received = '';
    const socket = createConnection({ host, port });
    const finish = (ok: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.setNoDelay(true);
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n')) finish(received.startsWith('+PONG'));
    });
    socket.on('error', () => finish(false));
    socket.on('close', () => finish(false));
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitForPid(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await delay(25);
  }
  return true;
}

export class RedisNotInstalledError extends Error {
  constructor(binary: string) {
    super(
      `${binary} is not installed. Install it (Debian/Ubuntu: apt-get install -y --no-install-recommends redis-server), ` +
        'start a Redis on 127.0.0.1:6379, or set REDIS_URL.',
    );
    this.name = 'RedisNotInstalledError';
  }
}

interface Started {
  child: ChildProcess;
  port: number;
  exited: Promise<void>;
}

/** Starts redis-server on a free port and waits until it answers PING. */
async function startServer(binary: string, args: string[], startTimeoutMs: number): Promise<Started> {
  let lastError: Error | undefined;
  // A free port can be taken between choosing and binding it: try a few.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const port = await freePort();
    // Same process group as the runtime on purpose: whoever kills the whole group (a terminal's Ctrl-C,
    // a test runner's SIGKILL) ends this server too, so it is never left behind.
    const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-4000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    let exitedEarly: Error | undefined;
    const exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        exitedEarly ??= new Error(`redis-server exited (${signal ?? `code ${code}`}): ${output.trim().split('\n').slice(-3).join(' | ')}`);
        resolve();
      });
      child.once('error', (error) => {
        exitedEarly =
          (error as NodeJS.ErrnoException).code === 'ENOENT' ? new RedisNotInstalledError(binary) : error;
        resolve();
      });
    });
    const deadline = Date.now() + startTimeoutMs;
    while (!exitedEarly && Date.now() < deadline) {
      if (await pingRedis('127.0.0.1', port, 250)) {
        // Keep draining its output so a full pipe never blocks it; nothing is printed.
        child.stdout?.resume();
        child.stderr?.resume();
        return { child, port, exited };
      }
      await delay(30);
    }
    if (exitedEarly instanceof RedisNotInstalledError) throw exitedEarly;
    if (!exitedEarly) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`redis-server did not answer on 127.0.0.1:${port} within ${startTimeoutMs} ms`);
    }
    await exited;
    lastError = exitedEarly;
    if (!/address already in use/i.test(output)) break;
  }
  throw lastError ?? new Error('redis-server could not be started');
}

function stopper(child: ChildProcess, exited: Promise<void>, after?: () => Promise<void>): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      await after?.();
    })();
    return stopping;
  };
}

const PRIVATE_PREFIX = 'redis-private-';

/**
 * Removes the folders of private servers whose runtime is gone (a runtime killed with SIGKILL, e.g. by
 * a test runner, cannot remove its own). The folder name carries the runtime's pid.
 */
async function removeStalePrivateDirs(): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(tmpdir());
  } catch {
    return;
  }
  await Promise.all(
    entries.map(async (entry) => {
      const pid = Number(new RegExp(`^${PRIVATE_PREFIX}(\\d+)-`).exec(entry)?.[1]);
      if (pid && pid !== process.pid && !isAlive(pid)) {
        await rm(join(tmpdir(), entry), { recursive: true, force: true }).catch(() => {});
      }
    }),
  );
}

interface OwnerRecord {
  runtimePid: number;
  redisPid: number;
  port: number;
}

async function readOwner(file: string): Promise<OwnerRecord | undefined> {
  try {
    const record = JSON.parse(await readFile(file, 'utf8')) as Partial<OwnerRecord>;
    if (typeof record.runtimePid === 'number' && typeof record.redisPid === 'number' && typeof record.port === 'number') {
      return record as OwnerRecord;
    }
  } catch {
    // missing or unreadable: no owner
  }
  return undefined;
}

/** Resolves the Redis server the local runtime uses (see the module comment). */
export async function resolveRedis(options: ResolveRedisOptions = {}): Promise<ResolvedRedis> {
  const env = options.env ?? process.env;
  const binary = options.binary ?? 'redis-server';
  const startTimeoutMs = options.startTimeoutMs ?? 10_000;
  const noop = async () => {};

  if (options.private) {
    await removeStalePrivateDirs();
    const dir = await mkdtemp(join(tmpdir(), `${PRIVATE_PREFIX}${process.pid}-`));
    const { child, port, exited } = await startServer(
      binary,
      ['--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--loglevel', 'warning'],
      startTimeoutMs,
    ).catch(async (error: unknown) => {
      await rm(dir, { recursive: true, force: true });
      throw error;
    });
    return {
      url: `redis://127.0.0.1:${port}`,
      source: 'private',
      owned: true,
      pid: child.pid,
      stop: stopper(child, exited, () => rm(dir, { recursive: true, force: true })),
    };
  }

  const fromEnv = env['REDIS_URL']?.trim();
  if (fromEnv) return { url: fromEnv, source: 'env', owned: false, stop: noop };

  const defaultHost = options.defaultHost ?? '127.0.0.1';
  const defaultPort = options.defaultPort ?? 6379;
  if (await pingRedis(defaultHost, defaultPort, options.pingTimeoutMs ?? 500)) {
    return { url: `redis://${defaultHost}:${defaultPort}`, source: 'default-port', owned: false, stop: noop };
  }

  // A redis-server of our own, persisting to .data/redis/. Only one server may use that folder: a record
  // of who runs it lets a second local runtime share it and a new one adopt a server left behind.
  const dataDir = join(options.projectRoot ?? DEFAULT_ROOT, '.data', 'redis');
  await mkdir(dataDir, { recursive: true });
  const ownerFile = join(dataDir, OWNER_FILE);
  const owner = await readOwner(ownerFile);
  const releaseOwner = async () => {
    const current = await readOwner(ownerFile);
    if (current?.runtimePid === process.pid) await rm(ownerFile, { force: true });
  };
  if (owner && isAlive(owner.redisPid) && (await pingRedis('127.0.0.1', owner.port, 500))) {
    const url = `redis://127.0.0.1:${owner.port}`;
    if (isAlive(owner.runtimePid)) {
      // Another local runtime (e.g. `npm run dev` next to `npm start`) runs it: share, never stop it.
      return { url, source: 'shared', owned: false, stop: noop };
    }
    // Left behind by a runtime that did not exit cleanly: adopt it, and stop it when we stop.
    await writeFile(ownerFile, JSON.stringify({ ...owner, runtimePid: process.pid }));
    const redisPid = owner.redisPid;
    let stopping: Promise<void> | undefined;
    return {
      url,
      source: 'started',
      owned: true,
      pid: redisPid,
      stop: () =>
        (stopping ??= (async () => {
          if (isAlive(redisPid)) {
            process.kill(redisPid, 'SIGTERM');
            if (!(await waitForPid(redisPid, 5000))) process.kill(redisPid, 'SIGKILL');
            await waitForPid(redisPid, 2000);
          }
          await releaseOwner();
        })()),
    };
  }

  const { child, port, exited } = await startServer(
    binary,
    ['--dir', dataDir, '--appendonly', 'yes', '--daemonize', 'no', '--loglevel', 'warning'],
    startTimeoutMs,
  );
  await writeFile(ownerFile, JSON.stringify({ runtimePid: process.pid, redisPid: child.pid ?? -1, port } satisfies OwnerRecord));
  return {
    url: `redis://127.0.0.1:${port}`,
    source: 'started',
    owned: true,
    pid: child.pid,
    stop: stopper(child, exited, releaseOwner),
  };
}
