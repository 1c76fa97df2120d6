// Mail: the event booking's answer time with the mail server taking 2 s per message against one that
// answers at once (the answer must not wait for SMTP), and one scheduled outbox run over 1,000 queued
// messages against the local mail catcher (budget: the scheduled runs' budget, all sent).
import { createClient } from 'redis';
import { startMailCatcher } from '../../mail-catcher/index';
import { freePort } from '../../free-port.mjs';
import type { BundledFunctions } from './functions';
import { percentile, table } from './report';
import { booking, request } from './requests';
import { countQueued } from './store';
import { RUN_BUDGET_MS } from '../../../src/shared/server/run-budget';

/** The booking's answer time with a slow and a fast mail server, and one outbox run over 1,000 messages. */
export async function mailBudgets(functions: BundledFunctions, redisUrl: string): Promise<void> {
  const book = await functions.load('event-request');
  const answerTimes = async (delayMs: number) => {
    const catcher = await startMailCatcher({ delayMs });
    process.env['SMTP_URL'] = catcher.smtpUrl;
    const times: number[] = [];
    try {
      for (let run = 0; run < 13; run += 1) {
        const started = performance.now();
        const response = await book(request('/api/event-booking', { body: booking(1_000 + run) }), { ip: '198.51.100.50' });
        const elapsed = performance.now() - started;
        if (response.status !== 201) throw new Error(`booking answered ${response.status}`);
        if (run >= 3) times.push(elapsed);
      }
      const settling = performance.now();
      await functions.settle();
      const delivered = (await catcher.messages()).length;
      return { times: times.sort((a, b) => a - b), delivered, settledMs: performance.now() - settling };
    } finally {
      await catcher.close();
    }
  };
  const fast = await answerTimes(0);
  const slow = await answerTimes(2_000);
  const difference = percentile(slow.times, 50) - percentile(fast.times, 50);
  console.log('\nEvent booking answer time and the mail server (10 bookings after 3 warm-up; messages sent after the answer)\n');
  table([
    { 'mail server': 'answers at once', 'answer median': `${percentile(fast.times, 50).toFixed(1)} ms`, 'answer p95': `${percentile(fast.times, 95).toFixed(1)} ms`, 'messages delivered after': `${fast.delivered} (${fast.settledMs.toFixed(0)} ms more)` },
    { 'mail server': 'takes 2 s per message', 'answer median': `${percentile(slow.times, 50).toFixed(1)} ms`, 'answer p95': `${percentile(slow.times, 95).toFixed(1)} ms`, 'messages delivered after': `${slow.delivered} (${slow.settledMs.toFixed(0)} ms more)` },
  ]);
  const unaffected = difference < 100;
  console.log(`\nanswer median with a 2 s mail server − with an instant one: ${difference.toFixed(1)} ms (budget: < 100 ms, i.e. the answer never waits for SMTP): ${unaffected ? 'yes' : 'NO'}`);
  if (!unaffected || slow.delivered !== 26 || fast.delivered !== 26) process.exitCode = 1;

  // 1,000 messages queued by 500 bookings. The functions try to send right after answering, so the
  // mail server refuses meanwhile; then every message is made due now, as if its retry time had come.
  const client = createClient({ url: redisUrl, RESP: 2 });
  await client.connect();
  await client.del(['mail:queue', 'mail:attempts']);
  process.env['SMTP_URL'] = `smtp://127.0.0.1:${await freePort()}`;
  for (let index = 0; index < 500; index += 1) {
    const response = await book(request('/api/event-booking', { body: booking(2_000 + index) }), { ip: '198.51.100.51' });
    if (response.status !== 201) throw new Error(`booking answered ${response.status}`);
  }
  await functions.settle();
  const keys = await client.zRange('mail:queue', 0, -1);
  if (keys.length > 0) await client.zAdd('mail:queue', keys.map((value) => ({ score: 0, value })));
  await client.del('mail:attempts');
  client.destroy();
  const queued = await countQueued(redisUrl);
  const catcher = await startMailCatcher();
  process.env['SMTP_URL'] = catcher.smtpUrl;
  try {
    const started = performance.now();
    const response = await functions.runScheduled('mail-outbox');
    const elapsed = performance.now() - started;
    const left = await countQueued(redisUrl);
    const sent = (await catcher.messages()).length;
    console.log(`\nOne scheduled outbox run over ${queued} queued messages against the local mail catcher\n`);
    const ok = response.status === 204 && left === 0 && sent === queued && elapsed <= RUN_BUDGET_MS;
    table([{ queued, sent, 'left in the queue': left, time: `${(elapsed / 1000).toFixed(2)} s`, budget: `≤ ${RUN_BUDGET_MS / 1000} s (the scheduled runs' budget), all sent`, ok: ok ? 'yes' : 'NO' }]);
    if (!ok) process.exitCode = 1;
  } finally {
    delete process.env['SMTP_URL'];
    await catcher.close();
  }
}
