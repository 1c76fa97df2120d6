// The local runtime itself (dev/start.ts): one ready line, the site, a function and the 404 page served
// through Netlify's runtime, and a clean stop on SIGTERM/SIGINT that frees the port and leaves no child
// process behind. Each test starts its own runtime on a free port with a private redis-server
// (`--private`), serving the dist/ built before the e2e run (`--no-build`). Runs in the 'desktop' project
// only and uses no browser.
import { execFileSync, spawn, type ChildProcessByStdio } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { freePort } from '../../dev/free-port.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const READY = /^Ready: (http:\/\/localhost:(\d+)) — admin password(?:: (\S+)| from ADMIN_PASSWORD) — Stripe emulator: http:\/\/127\.0\.0\.1:(\d+) — mail: http:\/\/127\.0\.0\.1:(\d+)$/;
const READY_TIMEOUT_MS = 90_000;
const EXIT_TIMEOUT_MS = 15_000;

test.setTimeout(READY_TIMEOUT_MS + 60_000);

/** True when something accepts TCP connections on 127.0.0.1:port. */
function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Direct children of `pid` (pgrep -P). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there is none
  }
}

/** Running (not a zombie waiting to be reaped by init). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

interface Runtime {
  child: ChildProcessByStdio<null, Readable, Readable>;
  stdoutLines: () => string[];
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  ready: RegExpMatchArray;
  redisPort: number | undefined;
}

const started: Runtime[] = [];

async function startRuntime(env: NodeJS.ProcessEnv): Promise<Runtime> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'dev/start.ts', '--no-build', '--private', '--port', String(port)], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const runtime = { child, exit, stdoutLines: () => stdout.split('\n').filter(Boolean), stderr: () => stderr } as Runtime;
  started.push(runtime);

  const startedAt = Date.now();
  const deadline = startedAt + READY_TIMEOUT_MS;
  let exited = false;
  void exit.then(() => (exited = true));
  while (!runtime.stdoutLines().some((line) => READY.test(line))) {
    if (exited) throw new Error(`the runtime exited before it was ready:\n${stdout}\n${stderr}`);
    if (Date.now() > deadline) throw new Error(`no ready line within ${READY_TIMEOUT_MS} ms:\n${stdout}\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  test.info().annotations.push({ type: 'ready', description: `ready line after ${Date.now() - startedAt} ms` });
  runtime.ready = runtime.stdoutLines().find((line) => READY.test(line))!.match(READY)!;
  expect(Number(runtime.ready[2])).toBe(port);
  const store = runtime.stdoutLines().find((line) => line.startsWith('Store:'));
  const redisPort = store?.match(/redis:\/\/127\.0\.0\.1:(\d+)/)?.[1];
  runtime.redisPort = redisPort ? Number(redisPort) : undefined;
  return runtime;
}

function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NETLIFY_TELEMETRY_DISABLED: '1', ...extra };
  for (const name of ['ADMIN_PASSWORD', 'UPSTASH_REDIS_REST_URL', 'UPSTASH_REDIS_REST_TOKEN', 'REDIS_URL', 'PORT']) {
    if (!(name in extra)) delete env[name];
  }
  return env;
}

test.afterEach(async () => {
  // A failed test must not leave its runtime (or what it started) behind.
  for (const runtime of started.splice(0)) {
    const pid = runtime.child.pid;
    if (pid === undefined || runtime.child.exitCode !== null || runtime.child.signalCode !== null) continue;
    const children = childrenOf(pid);
    runtime.child.kill('SIGKILL');
    for (const child of children) {
      try {
        process.kill(child, 'SIGKILL');
      } catch {
        // gone
      }
    }
    await runtime.exit;
  }
});

/** Stops the runtime with `signal` and checks the exit code, the freed ports and that no child survives. */
async function stopAndCheck(runtime: Runtime, signal: NodeJS.Signals): Promise<void> {
  const pid = runtime.child.pid!;
  const children = childrenOf(pid);
  expect(children.length, 'the runtime runs at least its redis-server').toBeGreaterThan(0);

  const before = Date.now();
  runtime.child.kill(signal);
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), EXIT_TIMEOUT_MS));
  const result = await Promise.race([runtime.exit, timeout]);
  expect(result, `exit within ${EXIT_TIMEOUT_MS} ms after ${signal}`).not.toBe('timeout');
  expect(result).toEqual({ code: 0, signal: null });
  test.info().annotations.push({ type: 'shutdown', description: `${signal}: exited in ${Date.now() - before} ms` });

  expect(await portOpen(Number(runtime.ready[2])), 'the site port is free').toBe(false);
  if (runtime.redisPort) expect(await portOpen(runtime.redisPort), 'the redis port is free').toBe(false);
  expect(await portOpen(Number(runtime.ready[4])), 'the Stripe emulator port is free').toBe(false);
  expect(await portOpen(Number(runtime.ready[5])), 'the mail catcher port is free').toBe(false);
  expect(children.filter(isRunning), 'child processes left running').toEqual([]);
  // Nothing noisy after the ready line.
  const lines = runtime.stdoutLines();
  expect(lines.at(-1)).toMatch(READY);
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`serves the build through the local runtime and stops cleanly on ${signal}`, async () => {
    const runtime = await startRuntime(environment());
    const [, origin, , password] = runtime.ready;

    // Exactly one ready line, with the address and the generated password.
    expect(runtime.stdoutLines().filter((line) => READY.test(line))).toHaveLength(1);
    expect(runtime.stdoutLines().filter((line) => line.startsWith('Ready'))).toHaveLength(1);
    expect(password).toMatch(/^\S{12,}$/);

    const home = await fetch(`${origin}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toContain('text/html');
    // netlify.toml header rules apply to static files.
    expect(home.headers.get('x-content-type-options')).toBe('nosniff');
    await home.arrayBuffer();

    const health = await fetch(`${origin}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true, store: 'ok' });

    const missing = await fetch(`${origin}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('text/html');
    expect(await missing.text()).toContain('404 Page Not Found');

    await stopAndCheck(runtime, signal);
  });
}

test('an ADMIN_PASSWORD from the environment is never printed', async () => {
  const secret = 'runtime-spec-secret-7b1d';
  const runtime = await startRuntime(environment({ ADMIN_PASSWORD: secret }));
  expect(runtime.ready[0]).toMatch(/— admin password from ADMIN_PASSWORD — Stripe emulator: /);
  expect(runtime.stdoutLines().join('\n')).not.toContain(secret);
  expect(runtime.stderr()).not.toContain(secret);
  await stopAndCheck(runtime, 'SIGTERM');
  expect(runtime.stdoutLines().join('\n')).not.toContain(secret);
});
