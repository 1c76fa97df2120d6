// Record families against the test store: a family no feature has is exported and restored by
// registering it alone; a file written before failed mail was kept still imports, and its confirmed
// booking still blocks its bay; the failed-mail list and the queued messages survive a restore (no
// secret in the file); reading every family costs two round trips.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as z from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runDataCommand } from '../../dev/data';
import { recordFamilies } from '../../src/features/record-families';
import { cardFor, issueCard } from '../../src/features/gift-cards/server/issue';
import { readTaken, slotKey } from '../../src/features/bay-booking/server/store';
import type { MailMessage } from '../../src/shared/mail/message';
import { MAX_ATTEMPTS } from '../../src/shared/mail/message';
import { claim, listFailed, queueInTransaction, retryFailed, settle } from '../../src/shared/mail/outbox';
import { withStore } from '../../src/shared/server/store';
import { readIndexedRecords } from '../../src/shared/venue-data/reads';
import { fileTime, recordEntry, type RecordFamilies, type RecordFamily } from '../../src/shared/venue-data/registry';
import { readVenueData } from '../../src/shared/venue-data/store';
import { clearStore, restoreStoreEnv, useCountingBridge, withRedis } from './api-helpers';

const FIXTURE = new URL('../support/venue-data-v1.json', import.meta.url);

/** A family no feature has: cards under test:card:{id}, indexed by issue time, each with a code key that expires with the card. */
const cardEntry = recordEntry({ issuedAtMs: fileTime });
const testCards: RecordFamily<z.infer<typeof cardEntry>> = {
  name: 'testCards',
  label: 'test cards',
  entry: cardEntry,
  idOf: (entry) => entry.id,
  timeOf: (entry) => entry.issuedAtMs,
  ownedKeys: ['test:cards'],
  async read(reader) {
    const { found, skipped } = await readIndexedRecords(reader, 'test:cards', (id) => `test:card:${id}`);
    return { entries: found.map(({ id, score, record }) => ({ id, issuedAtMs: score, record })), skipped };
  },
  restore: (entry, now) => [
    ['SET', `test:card:${entry.id}`, JSON.stringify(entry.record)],
    ['ZADD', 'test:cards', String(entry.issuedAtMs), entry.id],
    ['SET', `test:card-code:${String(entry.record['code'])}`, entry.id, 'PX', String(Number(entry.record['expiresAtMs']) - now)],
  ],
};
const withCards: RecordFamilies = [...recordFamilies, testCards];

let folder: string;

async function testKeys(): Promise<Record<string, unknown>> {
  return withRedis(async (redis) => {
    const entries: Array<[string, unknown]> = [];
    for (const key of (await redis.keys('test:*')).sort()) {
      const type = await redis.type(key);
      entries.push([key, type === 'zset' ? await redis.zRangeWithScores(key, 0, -1) : { value: await redis.get(key), expires: (await redis.pTTL(key)) > 0 }]);
    }
    return Object.fromEntries(entries);
  });
}

const clearTestKeys = () => withRedis(async (redis) => void ((await redis.keys('test:*')).length > 0 && (await redis.del(await redis.keys('test:*')))));

describe('record families', () => {
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'venue-data-families-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await clearStore();
    await clearTestKeys();
  });
  afterEach(async () => {
    restoreStoreEnv();
    await clearTestKeys();
  });

  it('exports and restores a family registered alone, nothing else changed: its records, index and derived keys', async () => {
    const inAYear = Date.now() + 365 * 24 * 3_600_000;
    await withRedis(async (redis) => {
      for (const [id, code, at] of [['card-b', 'B2', 20], ['card-a', 'A1', 10]] as const) {
        await redis.set(`test:card:${id}`, JSON.stringify({ id, code, balanceCents: 2500, expiresAtMs: inAYear }));
        await redis.zAdd('test:cards', { score: at, value: id });
        await redis.set(`test:card-code:${code}`, id, { PX: inAYear - Date.now() });
      }
    });
    const before = await testKeys();
    const file = join(folder, 'cards.json');
    expect((await runDataCommand({ action: 'export', file, replace: false }, new Date(), withCards)).message).toMatch(/, 2 test cards to /);
    const first = await readFile(file, 'utf8');
    expect((JSON.parse(first) as { records: { testCards: Array<{ id: string }> } }).records.testCards.map((entry) => entry.id)).toEqual(['card-a', 'card-b']);
    // The site's own families do not know it: their export leaves it out, their import refuses a file naming it.
    expect(JSON.parse((await runDataCommand({ action: 'export', file: '-', replace: false })).output!).records).not.toHaveProperty('testCards');
    await clearTestKeys();
    expect((await runDataCommand({ action: 'import', file, replace: false })).message).toMatch(/Unrecognized key.*testCards/s);
    expect(await testKeys()).toEqual({});

    expect((await runDataCommand({ action: 'import', file, replace: false }, new Date(), withCards)).code).toBe(0);
    expect(await testKeys()).toEqual(before);
    const again = join(folder, 'cards-again.json');
    await runDataCommand({ action: 'export', file: again, replace: false }, new Date(), withCards);
    expect(await readFile(again, 'utf8')).toBe(first);
    // The store holds its data now: a second import is refused for its own index too.
    expect((await runDataCommand({ action: 'import', file, replace: false }, new Date(), withCards)).code).toBe(1);
  });

  it('imports a file this version wrote before failed mail and the notify-me list were kept; its confirmed booking still refuses an overlap', async () => {
    const now = Date.parse('2026-12-01T12:00:00.000Z');
    const result = await runDataCommand({ action: 'import', file: FIXTURE.pathname, replace: false }, new Date(now));
    // The rebuilt reports hold two days: its confirmed booking's bay time and its event request coming in.
    expect(result.message).toBe(`imported 2 league registrations, 1 event requests, 1 subscription audit entries, 4 bay bookings, 0 failed messages, 0 addresses waiting for league registration, 0 league play records, 0 gift cards, 0 event quotes, 0 queued messages from ${FIXTURE.pathname}; reports rebuilt (2 days)`);
    const fixture = await readFile(FIXTURE, 'utf8');
    const exported = (await runDataCommand({ action: 'export', file: '-', replace: false })).output!;
    expect(exported).toBe(fixture.replace(/\n    \]\n  \}\n\}\n$/, '\n    ],\n    "failedMail": [],\n    "leagueNoticeList": [],\n    "leaguePlay": [],\n    "giftCards": [],\n    "eventQuotes": [],\n    "queuedMail": []\n  }\n}\n'));

    // The member's confirmed hour on bay 1 at 13:00 and the staff block on bay 6 claim their half hours; the cancelled 17:00 claims none.
    const confirmedStart = Date.parse('2026-12-05T19:00:00.000Z');
    const taken = await readTaken([slotKey('bay-1', confirmedStart), slotKey('bay-6', Date.parse('2026-12-05T18:00:00.000Z')), slotKey('bay-1', Date.parse('2026-12-05T23:00:00.000Z'))], { id: 'cus_member1', date: '2026-12-05' }, now);
    expect(taken).toMatchObject({ taken: [true, true, false], memberUsedMinutes: 60 });
  });

  it('keeps the failed-mail list through a restore: staff still see each message and can retry it', async () => {
    const now = Date.parse('2026-11-20T09:00:00.000Z');
    const message: MailMessage = { key: 'bay-confirmation:restore-test', to: ['casey@example.com'], subject: 'Your bay is booked', content: { title: 'Booked', preview: 'See you', blocks: [{ kind: 'paragraph', text: 'See you soon.' }] } };
    await withStore((store) => queueInTransaction(store.multi(), [message], new Date(now)).exec());
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) await settle([{ key: message.key, error: '550 mailbox unavailable' }], now + attempt);
    const listed = await listFailed();
    expect(listed).toMatchObject([{ key: message.key, attempts: MAX_ATTEMPTS, lastError: '550 mailbox unavailable' }]);

    const file = join(folder, 'mail.json');
    expect((await runDataCommand({ action: 'export', file, replace: false })).message).toMatch(/, 1 failed messages, 0 addresses waiting for league registration, 0 league play records, 0 gift cards, 0 event quotes, 0 queued messages to /);
    await clearStore();
    expect(await listFailed()).toEqual([]);
    expect((await runDataCommand({ action: 'import', file, replace: false })).code).toBe(0);
    expect(await listFailed()).toEqual(listed);
    const again = join(folder, 'mail-again.json');
    await runDataCommand({ action: 'export', file: again, replace: false });
    expect(await readFile(again, 'utf8')).toBe(await readFile(file, 'utf8'));
    expect(await retryFailed(message.key, now + 60_000)).toBe(true);
  });

  it('keeps the outbox’s queued messages through a restore, each due as before with its attempts; one holding a secret is never in the file', async () => {
    const now = Date.parse('2026-11-20T09:00:00.000Z');
    const content = { title: 'Booked', preview: 'See you', blocks: [{ kind: 'paragraph' as const, text: 'See you soon.' }] };
    const waiting: MailMessage = { key: 'bay-reminder:restore-waiting', to: ['casey@example.com'], subject: 'See you tomorrow', content };
    const retrying: MailMessage = { key: 'bay-confirmation:restore-retrying', to: ['robin@example.com'], subject: 'Your bay is booked', content };
    const card: MailMessage = { key: 'gift-card:restore-secret', to: ['pat@example.com'], subject: 'A gift card', secret: true, content: { ...content, blocks: [{ kind: 'paragraph', text: 'Code GIFT-SECRET-CODE' }] } };
    const link: MailMessage = { key: 'member-sign-in:restore-link', to: ['member@example.com'], subject: 'Sign in', expiresInSeconds: 900, content: { ...content, blocks: [{ kind: 'paragraph', text: 'https://example.com/book#sign-in=SECRET-TOKEN' }] } };
    await withStore((store) => queueInTransaction(store.multi(), [waiting, retrying, card, link], new Date(now)).exec());
    await settle([{ key: retrying.key, error: '421 try again later' }], now);
    const queue = () => withRedis((redis) => redis.zRangeWithScores('mail:queue', 0, -1));
    const before = (await queue()).filter((entry) => entry.value === waiting.key || entry.value === retrying.key);

    const file = join(folder, 'queued.json');
    expect((await runDataCommand({ action: 'export', file, replace: false })).message).toMatch(/, 0 event quotes, 2 queued messages to /);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('GIFT-SECRET-CODE');
    expect(text).not.toContain('SECRET-TOKEN');
    await clearStore();
    expect((await runDataCommand({ action: 'import', file, replace: false })).code).toBe(0);
    expect(await queue()).toEqual(before);
    await withRedis(async (redis) => {
      expect(await redis.hmGet('mail:status', [waiting.key, retrying.key, card.key])).toEqual(['queued', 'queued', null]);
      expect(await redis.hGet('mail:attempts', retrying.key)).toBe('1');
      expect(await redis.hGet('mail:error', retrying.key)).toBe('421 try again later');
    });
    // Sent by the next runs as if nothing had happened: each claimed once when due.
    expect((await claim([waiting.key, retrying.key], now)).map((queued) => queued.message.key)).toEqual([waiting.key]);
    await settle([{ key: waiting.key, error: null }], now);
    expect((await claim([waiting.key, retrying.key], now + 24 * 3_600_000)).map((queued) => queued.message.key)).toEqual([retrying.key]);
  });

  it('reads every family in two round trips', async () => {
    await runDataCommand({ action: 'import', file: FIXTURE.pathname, replace: false }, new Date('2026-12-01T12:00:00.000Z'));
    for (const email of ['one@example.com', 'two@example.com']) {
      const made = cardFor({ id: `cs_${email}`, mode: 'payment', status: 'complete', payment_status: 'paid', amount_total: 2500, payment_intent: null, metadata: { kind: 'gift-card', amountCents: '2500', purchaserName: 'Pat', purchaserEmail: email, toSelf: '1', recipientName: 'Pat', recipientEmail: email, message: '', deliverOn: '2026-12-01' } }, Date.parse('2026-12-01T12:00:00Z'))!;
      await issueCard(made.card, made.code, null, Date.parse('2026-12-01T12:00:00Z'));
    }
    const bridge = await useCountingBridge();
    try {
      await readVenueData(recordFamilies); // the first call on a Redis server loads the scripts
      const before = bridge.requestCount;
      const { data, skipped } = await readVenueData(recordFamilies);
      expect(bridge.requestCount - before).toBe(2);
      expect(skipped).toEqual([]);
      expect(Object.values(data.records).map((list) => list.length)).toEqual([2, 1, 1, 4, 0, 0, 0, 2, 0, 2]);
    } finally {
      await bridge.close();
    }
  });

  it('reports a record its index names but the store lost, and leaves it out', async () => {
    await runDataCommand({ action: 'import', file: FIXTURE.pathname, replace: false }, new Date('2026-12-01T12:00:00.000Z'));
    const fixture = JSON.parse(await readFile(FIXTURE, 'utf8')) as { records: { eventRequests: Array<{ id: string }> } };
    const lost = `events:req:${fixture.records.eventRequests[0]!.id}`;
    await withRedis((redis) => redis.del(lost));
    const result = await runDataCommand({ action: 'export', file: join(folder, 'lost.json'), replace: false });
    expect(result.message).toContain(`left out (not a readable record): ${lost}`);
    expect(result.message).toMatch(/, 0 event requests, /);
  });
});
