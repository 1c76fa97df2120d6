// A redis-server of the suite's own on a free port whose data survives a stop: append-only file,
// fsync on every write, no RDB snapshots. It can be stopped (as a crash or a restart of the store
// would) and started again on the same port with its data intact.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { freePort, pingRedis } from '../../dev/redis-server';

const connect = (url: string) => createClient({ url, RESP: 2, socket: { reconnectStrategy: false } });
export type InspectClient = ReturnType<typeof connect>;

export class DurableRedis {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private output = '';

  private constructor(
    readonly port: number,
    readonly dir: string,
  ) {}

  static async start(): Promise<DurableRedis> {
    const dir = await mkdtemp(join(tmpdir(), 'reliability-redis-'));
    const redis = new DurableRedis(await freePort(), dir);
    try {
      await redis.launch();
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the server (again) on its port and waits until it answers PING. */
  async launch(timeoutMs = 15_000): Promise<void> {
    if (this.running) return;
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', '', '--daemonize', 'no', '--loglevel', 'warning'];
    const child = spawn(process.env['REDISMS_SYSTEM_BINARY'] ?? 'redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.output = '';
    const collect = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-4000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    this.exited = new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.once('error', () => resolve());
    });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`redis-server on port ${this.port} exited at start: ${this.output.trim()}`);
      if (await pingRedis('127.0.0.1', this.port, 250)) return;
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    child.kill('SIGKILL');
    await this.exited;
    throw new Error(`redis-server did not answer on port ${this.port} within ${timeoutMs} ms: ${this.output.trim()}`);
  }

  /** Stops the server as an operator or a host shutdown does (SIGTERM: it finishes the append-only file and exits). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
  }

  /** Stops the server for good and removes its data. */
  async destroy(): Promise<void> {
    await this.stop();
    await rm(this.dir, { recursive: true, force: true });
  }

  /** A short-lived direct client (node-redis, RESP 2) for inspecting the store. */
  async withClient<T>(work: (client: InspectClient) => Promise<T>): Promise<T> {
    const client = connect(this.url);
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await work(client);
    } finally {
      client.destroy();
    }
  }
}
