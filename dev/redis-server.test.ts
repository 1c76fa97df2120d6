import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort, pingRedis, RedisNotInstalledError, resolveRedis } from './redis-server';

const hasRedis = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

/** A TCP server that answers every PING like Redis does. */
async function fakeRedis(): Promise<{ port: number; server: Server }> {
  const server = createServer((socket) => {
    socket.on('data', () => socket.write('+PONG\r\n'));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, server };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('resolveRedis', () => {
  let root: string;
  const servers: Server[] = [];

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'redis-resolve-'));
  });

  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
    await rm(root, { recursive: true, force: true });
  });

  it('REDIS_URL wins over an answering default port and starts nothing', async () => {
    const fake = await fakeRedis();
    servers.push(fake.server);
    const redis = await resolveRedis({
      env: { REDIS_URL: 'redis://redis.example:6390' },
      defaultPort: fake.port,
      projectRoot: root,
      binary: '/nonexistent/redis-server',
    });
    expect(redis).toMatchObject({ url: 'redis://redis.example:6390', source: 'env', owned: false });
    await redis.stop();
    expect(existsSync(join(root, '.data'))).toBe(false);
  });

  it('uses the default port when it answers PING', async () => {
    const fake = await fakeRedis();
    servers.push(fake.server);
    const redis = await resolveRedis({ env: {}, defaultPort: fake.port, projectRoot: root, binary: '/nonexistent/redis-server' });
    expect(redis).toMatchObject({ url: `redis://127.0.0.1:${fake.port}`, source: 'default-port', owned: false });
  });

  it('says clearly when redis-server is not installed', async () => {
    const closed = await freePort();
    const attempt = resolveRedis({ env: {}, defaultPort: closed, projectRoot: root, binary: '/nonexistent/redis-server' });
    await expect(attempt).rejects.toBeInstanceOf(RedisNotInstalledError);
    await expect(attempt).rejects.toThrow(/apt-get install .*redis-server.*REDIS_URL/);
  });

  it.skipIf(!hasRedis)('otherwise starts redis-server persisting under .data/redis and stops it', async () => {
    const closed = await freePort();
    const redis = await resolveRedis({ env: {}, defaultPort: closed, projectRoot: root });
    try {
      expect(redis).toMatchObject({ source: 'started', owned: true });
      expect(redis.url).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
      const port = Number(new URL(redis.url).port);
      expect(port).not.toBe(6379);
      expect(await pingRedis('127.0.0.1', port)).toBe(true);
      expect(existsSync(join(root, '.data', 'redis'))).toBe(true);
      const owner = JSON.parse(await readFile(join(root, '.data', 'redis', 'runtime-owner.json'), 'utf8'));
      expect(owner).toEqual({ runtimePid: process.pid, redisPid: redis.pid, port });

      // A second runtime next to this one shares the server instead of starting another on the same files.
      const second = await resolveRedis({ env: {}, defaultPort: closed, projectRoot: root });
      expect(second).toMatchObject({ url: redis.url, source: 'shared', owned: false });
      await second.stop();
      expect(await pingRedis('127.0.0.1', port)).toBe(true);
    } finally {
      await redis.stop();
    }
    expect(isAlive(redis.pid!)).toBe(false);
    expect(existsSync(join(root, '.data', 'redis', 'runtime-owner.json'))).toBe(false);
  });

  it.skipIf(!hasRedis)('keeps the data across restarts', async () => {
    const closed = await freePort();
    const first = await resolveRedis({ env: {}, defaultPort: closed, projectRoot: root });
    try {
      const client = createClient({ url: first.url, RESP: 2 });
      await client.connect();
      await client.set('runtime:test', 'kept');
      client.destroy();
    } finally {
      await first.stop();
    }
    const second = await resolveRedis({ env: {}, defaultPort: closed, projectRoot: root });
    try {
      expect(second.url).not.toBe(first.url);
      const client = createClient({ url: second.url, RESP: 2 });
      await client.connect();
      expect(await client.get('runtime:test')).toBe('kept');
      client.destroy();
    } finally {
      await second.stop();
    }
  });

  it.skipIf(!hasRedis)('adopts a server left behind by a runtime that did not exit cleanly', async () => {
    const closed = await freePort();
    const orphan = await resolveRedis({ env: {}, defaultPort: closed, projectRoot: root });
    const ownerFile = join(root, '.data', 'redis', 'runtime-owner.json');
    try {
      const deadPid = spawnSync('true').pid!; // exited and reaped
      const record = JSON.parse(await readFile(ownerFile, 'utf8'));
      await writeFile(ownerFile, JSON.stringify({ ...record, runtimePid: deadPid }));
      const adopted = await resolveRedis({ env: {}, defaultPort: closed, projectRoot: root });
      expect(adopted).toMatchObject({ url: orphan.url, source: 'started', owned: true, pid: orphan.pid });
      await adopted.stop();
      expect(isAlive(orphan.pid!)).toBe(false);
      expect(existsSync(ownerFile)).toBe(false);
    } finally {
      await orphan.stop();
    }
  });

  it.skipIf(!hasRedis)('private: a throw-away server on a free port, never the default port nor .data', async () => {
    // The folder of a private server whose runtime was killed is removed by the next private run.
    const deadPid = spawnSync('true').pid!;
    const stale = join(tmpdir(), `redis-private-${deadPid}-stale`);
    await mkdir(stale, { recursive: true });
    const fake = await fakeRedis();
    servers.push(fake.server);
    const redis = await resolveRedis({
      private: true,
      env: { REDIS_URL: 'redis://ignored:1' },
      defaultPort: fake.port,
      projectRoot: root,
    });
    try {
      expect(redis.source).toBe('private');
      expect(existsSync(stale)).toBe(false);
      expect(redis.url).not.toContain(String(fake.port));
      expect(await pingRedis('127.0.0.1', Number(new URL(redis.url).port))).toBe(true);
    } finally {
      await redis.stop();
    }
    expect(isAlive(redis.pid!)).toBe(false);
    expect(existsSync(join(root, '.data'))).toBe(false);
  });
});
