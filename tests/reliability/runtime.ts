// The local runtime (`npm start --no-build`: dev/start.ts) as a child process on a free port, with the
// environment the suite chooses. Resolves once it printed its Ready line.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../dev/redis-server';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Settings the runtime would otherwise take from the developer's shell; never inherited. */
const CLEARED = ['PORT', 'URL', 'CONTEXT', 'ADMIN_PASSWORD_HASH', 'STRIPE_EMULATOR_PORT', 'UPSTASH_REDIS_REST_URL', 'UPSTASH_REDIS_REST_TOKEN', 'SMTP_HOST', 'MAIL_FROM', 'MAIL_CATCHER_PORT', 'MAIL_CATCHER_DELAY_MS'];

export class Runtime {
  private log = '';

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
    private readonly exited: Promise<void>,
  ) {}

  /** http://localhost:PORT: the origin the runtime serves (and the Origin its admin calls require). */
  get origin(): string {
    return `http://localhost:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** The last part of what the runtime wrote to stderr (function errors are logged there). */
  get stderr(): string {
    return this.log;
  }

  static async start(env: Record<string, string>, timeoutMs = 180_000): Promise<Runtime> {
    const port = await freePort();
    const childEnv: NodeJS.ProcessEnv = { ...process.env };
    for (const name of CLEARED) delete childEnv[name];
    Object.assign(childEnv, { ASTRO_TELEMETRY_DISABLED: '1', NETLIFY_TELEMETRY_DISABLED: '1' }, env);
    const child = spawn(process.execPath, ['--import', 'tsx', 'dev/start.ts', '--no-build', '--port', String(port)], {
      cwd: projectRoot,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const runtime = new Runtime(child, port, exited);
    child.stderr!.on('data', (chunk: Buffer) => {
      runtime.log = (runtime.log + chunk.toString('utf8')).slice(-64_000);
    });
    try {
      await new Promise<void>((resolve, reject) => {
        let output = '';
        const timer = setTimeout(() => reject(new Error(`the local runtime printed no Ready line within ${timeoutMs} ms`)), timeoutMs);
        child.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString('utf8');
          if (/^Ready: /m.test(output)) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.once('exit', (code, signal) => {
          clearTimeout(timer);
          reject(new Error(`the local runtime exited (${signal ?? `code ${code}`}) before it was ready:\n${runtime.log.slice(-3000)}`));
        });
      });
    } catch (error) {
      await runtime.stop();
      throw error;
    }
    child.stdout!.resume();
    return runtime;
  }

  /** SIGTERM, as Ctrl-C would; waits until it and what it started have exited. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await this.exited;
    clearTimeout(timer);
  }
}
