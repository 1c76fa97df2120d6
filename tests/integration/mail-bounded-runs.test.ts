// Scheduled mail runs stay within their time budget against a slow or stalling mail server: 150 due
// messages at 2 s each are sent over two runs, each ending within its budget, each message arriving
// once; a server that never finishes a reply fails its send at the call timeout; a run that queued
// messages sends what fits its budget and leaves the rest due for the outbox run.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import mailOutbox from '../../netlify/functions/mail-outbox';
import { startMailCatcher, type MailCatcher } from '../../dev/mail-catcher/index';
import { deliverDue, deliverNow } from '../../src/shared/mail/deliver';
import { CLAIM_LEASE_MS, messageKey, QUEUE_KEY, STATUS_KEY } from '../../src/shared/mail/outbox';
import { RUN_SMTP_CONNECTIONS } from '../../src/shared/mail/pool';
import { closeTransport } from '../../src/shared/mail/transport';
import { CALL_TIMEOUT_MS, RUN_BUDGET_MS, RUN_END_MS, runBudget } from '../../src/shared/server/run-budget';
import { clearStore, withRedis } from './api-helpers';

const SLOW_MS = 2_000;
const catchers: MailCatcher[] = [];

async function slowCatcher(): Promise<MailCatcher> {
  const catcher = await startMailCatcher({ delayMs: SLOW_MS });
  catchers.push(catcher);
  process.env['SMTP_URL'] = catcher.smtpUrl;
  closeTransport();
  return catcher;
}

/** `count` messages due now, queued as the outbox stores them. */
async function queue(count: number, prefix = 'bounded'): Promise<string[]> {
  const keys = Array.from({ length: count }, (_, index) => `${prefix}:${String(index).padStart(3, '0')}`);
  await withRedis(async (redis) => {
    const batch = redis.multi();
    for (const key of keys) {
      const message = { key, to: ['guest@example.com'], subject: `Message ${key}`, html: `<p>${key}</p>`, text: key };
      batch.set(messageKey(key), JSON.stringify({ message, queuedAt: new Date().toISOString() })).hSet(STATUS_KEY, key, 'queued').zAdd(QUEUE_KEY, { score: Date.now() - 1, value: key });
    }
    await batch.exec();
  });
  return keys;
}

const scheduledRun = () => mailOutbox(new Request('http://localhost/.netlify/functions/mail-outbox', { method: 'POST', body: '{"next_run":"2026-01-01T00:05:00Z"}' }));
const statuses = (keys: readonly string[]) => withRedis(async (redis) => (await redis.hmGet(STATUS_KEY, [...keys])).map(String));

describe('bounded mail runs', () => {
  beforeEach(async () => {
    await clearStore();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    closeTransport();
  });
  afterAll(async () => {
    delete process.env['SMTP_URL'];
    await Promise.all(catchers.map((catcher) => catcher.close()));
  });

  it('150 due messages at 2 s each: the first run ends within its budget, the next sends the rest, each arrives once', { timeout: 90_000 }, async () => {
    const catcher = await slowCatcher();
    const keys = await queue(150);

    const started = performance.now();
    expect((await scheduledRun()).status).toBe(204);
    const first = performance.now() - started;
    // No message is taken after the budget; the last ones taken end one send later.
    expect(first).toBeLessThan(RUN_BUDGET_MS + SLOW_MS + 1_000);
    const afterFirst = await statuses(keys);
    const sentFirst = afterFirst.filter((status) => status === 'sent').length;
    expect(sentFirst).toBeGreaterThanOrEqual(RUN_SMTP_CONNECTIONS * Math.floor(RUN_BUDGET_MS / SLOW_MS));
    expect(sentFirst).toBeLessThan(150);
    // Nothing it did not send is held by a claim: the rest is due for the next run at once.
    expect(await withRedis((redis) => redis.zCount(QUEUE_KEY, '-inf', Date.now()))).toBe(150 - sentFirst);
    expect((await catcher.messages()).length).toBe(sentFirst);

    const again = performance.now();
    expect((await scheduledRun()).status).toBe(204);
    expect(performance.now() - again).toBeLessThan(RUN_BUDGET_MS + SLOW_MS + 1_000);
    expect(await statuses(keys)).toEqual(keys.map(() => 'sent'));
    expect(await withRedis((redis) => redis.zCard(QUEUE_KEY))).toBe(0);

    const arrived = (await catcher.messages()).map((message) => message.subject).sort();
    expect(arrived).toEqual(keys.map((key) => `Message ${key}`));
    expect(new Set((await catcher.messages()).map((message) => message.messageId)).size).toBe(150);
    // A third run, even after every lease, sends nothing again.
    expect(await deliverDue(runBudget(), () => Date.now() + 10 * CLAIM_LEASE_MS)).toEqual({ sent: 0, failed: 0 });
  });

  it('a server that trickles its replies and never finishes fails the send at the call timeout; the message is retried later', { timeout: 30_000 }, async () => {
    const sockets: Socket[] = [];
    // Greets at once, then answers every command one character a second: no socket ever idles long enough to time out.
    const stalling: Server = createServer((socket) => {
      sockets.push(socket);
      socket.write('220 stalling.example ESMTP\r\n');
      socket.on('data', () => {
        const timer = setInterval(() => (socket.writable ? socket.write('2') : clearInterval(timer)), 1_000);
        socket.on('close', () => clearInterval(timer));
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
    process.env['SMTP_URL'] = `smtp://127.0.0.1:${(stalling.address() as AddressInfo).port}`;
    closeTransport();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const [key] = await queue(1, 'stalled');
      const started = performance.now();
      expect(await deliverDue(runBudget())).toEqual({ sent: 0, failed: 1 });
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(CALL_TIMEOUT_MS - 100);
      expect(elapsed).toBeLessThan(Math.min(CALL_TIMEOUT_MS + 2_000, RUN_END_MS));
      expect(await statuses([key!])).toEqual(['queued']);
      expect(await withRedis((redis) => redis.hGet('mail:attempts', key!))).toBe('1');
    } finally {
      closeTransport();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => stalling.close(() => resolve()));
    }
  });

  it('a run that queued messages sends what its budget allows and leaves the rest due for the outbox run, none twice', { timeout: 30_000 }, async () => {
    const catcher = await slowCatcher();
    const keys = await queue(30, 'queued-by-run');
    // The budget is spent once the first messages are taken.
    let looks = 0;
    const run = runBudget(RUN_BUDGET_MS, () => (looks++ < 2 ? 0 : RUN_BUDGET_MS));
    const report = await deliverNow(keys, run);
    expect(report.failed).toBe(0);
    expect(report.sent).toBeGreaterThan(0);
    expect(report.sent).toBeLessThan(30);
    expect(await withRedis((redis) => redis.zCount(QUEUE_KEY, '-inf', Date.now()))).toBe(30 - report.sent);
    expect(await deliverDue(runBudget())).toEqual({ sent: 30 - report.sent, failed: 0 });
    expect((await catcher.messages()).map((message) => message.subject).sort()).toEqual(keys.map((key) => `Message ${key}`));
  });
});
