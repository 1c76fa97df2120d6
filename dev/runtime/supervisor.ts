// Supervision of what the local runtime starts: child processes (the Astro CLI), the check that a
// port is free before anything starts, and one clean shutdown on a signal, on a failure or when the
// parent process goes away. What was started registers how to stop it; shutdown stops everything in
// reverse order, ends the processes libraries left behind, then exits.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, warn } from './log';
import { projectRoot } from './project-root';

/** How long cleanup may take before the process exits anyway. */
const CLEANUP_LIMIT_MS = 10_000;

export interface StartedChild {
  /** Its exit code (128 when a signal ended it); rejects when it could not be started. */
  exit: Promise<number>;
  /** Sends SIGTERM unless it has ended and waits for its exit; SIGKILL after `forceAfterMs` when given. */
  stop(forceAfterMs?: number): Promise<void>;
}

/** Spawns a command in the project root with inherited output and no stdin. */
export function startChild(command: string, args: string[]): StartedChild {
  const child = spawn(command, args, { cwd: projectRoot, stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
  let ended = false;
  const exit = new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
  const markEnded = () => {
    ended = true;
  };
  const settled = exit.then(markEnded, markEnded);
  return {
    exit,
    async stop(forceAfterMs) {
      if (ended) return;
      child.kill('SIGTERM');
      const force = forceAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), forceAfterMs);
      await settled;
      clearTimeout(force);
    },
  };
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

function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Ends the child processes libraries left behind (e.g. esbuild's service processes, which would
 * otherwise linger for a second or two after we exit) and waits until they are gone.
 */
export async function endLeftoverChildren(timeoutMs = 2000): Promise<void> {
  let children = childPids();
  signalAll(children, 'SIGTERM');
  const deadline = Date.now() + timeoutMs;
  while (children.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const alive = new Set(childPids());
    children = children.filter((pid) => alive.has(pid));
  }
  signalAll(children, 'SIGKILL');
}

export interface Shutdown {
  /** Registers how to stop something just started; shutdown runs these in reverse order. */
  onShutdown(stop: () => Promise<void>): void;
  shuttingDown(): boolean;
  /** Reports the error, stops everything and exits with 1 (startup failures end here). */
  fail(error: unknown): Promise<never>;
}

/**
 * Shutdown on SIGINT/SIGTERM/SIGHUP, or when the parent process goes away: stops what was registered
 * once, then exits 0 (1 when a stop failed; a third signal while cleaning up forces an exit with 1).
 */
export function installShutdown(): Shutdown {
  const stops: Array<() => Promise<void>> = [];
  let shutting = false;
  const finish = async (code: number) => {
    const force = setTimeout(() => {
      warn('cleanup did not finish within 10 s: exiting anyway');
      process.exit(code === 0 ? 1 : code);
    }, CLEANUP_LIMIT_MS);
    force.unref();
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (error) {
        warn(`cleanup failed: ${describe(error)}`);
        code = code === 0 ? 1 : code;
      }
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
    onShutdown: (stop) => {
      stops.push(stop);
    },
    shuttingDown: () => shutting,
    fail: async (error: unknown) => {
      if (!shutting) {
        shutting = true;
        process.stderr.write(`Error: ${describe(error)}\n`);
        await finish(1);
      }
      return new Promise<never>(() => {});
    },
  };
}
