// The venue data file against the test store: export → import into an empty store → export gives the
// same bytes, a store holding data is refused unless told to replace it, and the staff download.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runDataCommand } from '../../dev/data';
import dataExportFunction from '../../netlify/functions/admin-data-export';
import eventRequest from '../../netlify/functions/event-request';
import register from '../../netlify/functions/league-registration-multi';
import leagueNotify from '../../netlify/functions/league-notify';
import { VENUE_DATA_FORMAT } from '../../src/shared/venue-data/format';
import { AUDIT_KEY } from '../../src/features/memberships/server/audit-trail';
import { holdForGuest } from '../../src/features/bay-booking/server/booking';
import { cancelBooking } from '../../src/features/bay-booking/server/manage';
import { addStaffEntry } from '../../src/features/bay-booking/server/staff';
import { lapsedHolds, readTaken, slotKey } from '../../src/features/bay-booking/server/store';
import { HttpError } from '../../src/shared/server/request';
import { nextBookableDay } from '../support/bay-dates';
import { sampleBooking, sampleLeagueEntry } from '../support/sample-requests';
import { ADMIN_TEST_PASSWORD, adminCookie, apiRequest, clearStore, ORIGIN, restoreStoreEnv, withRedis } from './api-helpers';
import { startPaymentsHarness, type PaymentsHarness } from './payments-harness';

let payments: PaymentsHarness;
let folder: string;

/** Keys and values of the venue's data in the test store (what a restore must bring back). */
async function storedData(): Promise<Record<string, unknown>> {
  return withRedis(async (redis) => {
    const keys = (await redis.keys('league:*')).concat(await redis.keys('events:*'), await redis.keys(AUDIT_KEY), await redis.keys('report:*'), await redis.keys('mail:*')).sort();
    const entries: Array<[string, unknown]> = [];
    for (const key of keys) {
      const type = await redis.type(key);
      if (type === 'string') entries.push([key, await redis.get(key)]);
      else if (type === 'zset') entries.push([key, await redis.zRangeWithScores(key, 0, -1)]);
      else if (type === 'hash') entries.push([key, await redis.hGetAll(key)]);
      else if (type === 'list') entries.push([key, await redis.lRange(key, 0, -1)]);
    }
    return Object.fromEntries(entries);
  });
}

/** A store with a paid and a pending registration, two booking requests, an audit entry and two addresses waiting for registration to open. */
async function fillStore(): Promise<void> {
  const paid = await register(apiRequest('/api/league-registration-multi', { body: { sessionRegistrations: [sampleLeagueEntry('fall', 'paid-team'), sampleLeagueEntry('winter', 'paid-team')] } }));
  const paidSession = String(((await paid.json()) as { checkoutUrl: string }).checkoutUrl).split('/').at(-1)!;
  await payments.emulator.completeCheckout(paidSession, { email: 'ann.paid-team@example.com' });
  expect((await register(apiRequest('/api/league-registration-multi', { body: { sessionRegistrations: [sampleLeagueEntry('spring', 'open-team')] } }))).status).toBe(200);
  for (const tag of ['first-party', 'second-party']) {
    expect((await eventRequest(apiRequest('/api/event-booking', { body: sampleBooking(tag), headers: { 'x-nf-client-connection-ip': `10.1.1.${tag.length}` } }))).status).toBe(201);
  }
  for (const email of ['Waiting.One@example.com', 'waiting.two@example.com']) {
    expect((await leagueNotify(apiRequest('/api/league-notify', { body: { email } }))).status).toBe(201);
  }
  await withRedis((redis) => redis.lPush(AUDIT_KEY, JSON.stringify({ event: 'evt_1', type: 'customer.subscription.updated', subscription: 'sub_1', customer: 'cus_1', status: 'active', at: '2026-01-01T00:00:00.000Z' })));
}

const exportTo = async (name: string) => {
  const file = join(folder, name);
  const result = await runDataCommand({ action: 'export', file, replace: false });
  expect(result.code, result.message).toBe(0);
  return readFile(file, 'utf8');
};

describe('venue data export and import', () => {
  beforeAll(async () => {
    payments = await startPaymentsHarness();
    folder = await mkdtemp(join(tmpdir(), 'venue-data-'));
  });
  afterAll(async () => {
    await payments.close();
    await rm(folder, { recursive: true, force: true });
  });
  beforeEach(async () => {
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    payments.useEnv();
    await clearStore();
  });
  afterEach(() => restoreStoreEnv());

  it('exports every record, and an import into an empty store restores it: the next export is the same file', async () => {
    await fillStore();
    const before = await storedData();
    const first = await exportTo('first.json');
    const parsed = JSON.parse(first) as { format: string; version: number; records: Record<string, unknown[]> };
    expect(parsed.format).toBe(VENUE_DATA_FORMAT);
    expect(parsed.version).toBe(1);
    expect(Object.fromEntries(Object.entries(parsed.records).map(([name, list]) => [name, list.length]))).toEqual({ leagueRegistrations: 3, eventRequests: 2, subscriptionAudit: 1, bayBookings: 0, failedMail: 0, leagueNoticeList: 2, leaguePlay: 0, giftCards: 0, eventQuotes: 0, queuedMail: 7 });
    expect((parsed.records['leagueNoticeList'] as Array<{ email: string }>).map((entry) => entry.email).sort()).toEqual(['waiting.one@example.com', 'waiting.two@example.com']);

    await clearStore();
    const imported = await runDataCommand({ action: 'import', file: join(folder, 'first.json'), replace: false });
    expect(imported).toEqual({ code: 0, message: `imported 3 league registrations, 2 event requests, 1 subscription audit entries, 0 bay bookings, 0 failed messages, 2 addresses waiting for league registration, 0 league play records, 0 gift cards, 0 event quotes, 7 queued messages from ${join(folder, 'first.json')}; reports rebuilt (1 day)` });
    // Records, and the reports' aggregates rebuilt from them, as they were.
    expect(Object.keys(before).filter((key) => key.startsWith('report:day:'))).toHaveLength(1);
    expect(await storedData()).toEqual(before);
    expect(await exportTo('second.json')).toBe(first);
  });

  it('keeps bay bookings as records only and rebuilds what they claim: a restored booking still blocks its bay, a member’s time stays used', async () => {
    const date = nextBookableDay('Saturday');
    const now = Date.now();
    const member = { email: 'member@example.com', customerId: 'cus_member1', planSlug: 'bogey' };
    const guest = { partySize: 2, bayType: 'standard', name: 'Casey Green', email: 'casey@example.com', phone: '608-555-0123' };
    await addStaffEntry({ kind: 'block', bayId: 'bay-6', date, start: '12:00', lengthMinutes: 120, reason: 'Projector repair' }, now);
    const included = (await holdForGuest({ ...guest, date, start: '13:00', lengthMinutes: 60 }, member, now, { origin: ORIGIN, client: null })).record;
    const held = (await holdForGuest({ ...guest, date, start: '15:00', lengthMinutes: 90 }, null, now, { origin: ORIGIN, client: null })).record;
    const cancelled = (await holdForGuest({ ...guest, date, start: '17:00', lengthMinutes: 60 }, null, now, { origin: ORIGIN, client: null })).record;
    await cancelBooking(cancelled, { refund: false });
    expect([included.status, included.includedMinutes, held.status]).toEqual(['confirmed', 60, 'held']);

    const bayKeys = async () =>
      withRedis(async (redis) => {
        const entries: Array<[string, unknown]> = [];
        for (const key of (await redis.keys('bay:*')).sort()) {
          const type = await redis.type(key);
          const ttl = await redis.pTTL(key);
          // Records are compared as data (Redis' cjson and JSON.stringify write the same record differently); expiries as instants.
          const value = type === 'zset' ? await redis.zRangeWithScores(key, 0, -1) : type === 'hash' ? await redis.hGetAll(key) : key.startsWith('bay:booking:') ? JSON.parse((await redis.get(key))!) : await redis.get(key);
          entries.push([key, { value, expiresAt: ttl < 0 ? ttl : Date.now() + ttl }]);
        }
        return Object.fromEntries(entries) as Record<string, { value: unknown; expiresAt: number }>;
      });
    /** The same keys and values, each expiring within a few seconds of the other's expiry (or neither expiring). */
    const expectSameKeys = (after: Awaited<ReturnType<typeof bayKeys>>, expected: Awaited<ReturnType<typeof bayKeys>>) => {
      expect(Object.fromEntries(Object.entries(after).map(([key, { value }]) => [key, value]))).toEqual(Object.fromEntries(Object.entries(expected).map(([key, { value }]) => [key, value])));
      for (const [key, { expiresAt }] of Object.entries(after)) expect(Math.abs(expiresAt - expected[key]!.expiresAt), key).toBeLessThan(5_000);
    };
    const before = await bayKeys();
    expect(Object.keys(before).filter((key) => key.startsWith('bay:slot:')).length).toBe(4 + 2 + 3);
    const first = await exportTo('bays.json');
    const file = JSON.parse(first) as { records: { bayBookings: Array<{ id: string }> } };
    expect(file.records.bayBookings.map((entry) => entry.id)).toEqual([expect.any(String), included.id, held.id, cancelled.id]);
    expect(Object.keys(file.records.bayBookings[0]!)).toEqual(['id', 'record']);

    await clearStore();
    expect((await runDataCommand({ action: 'import', file: join(folder, 'bays.json'), replace: false })).message).toMatch(/, 4 bay bookings, 0 failed messages, 0 addresses waiting for league registration, 0 league play records, 0 gift cards, 0 event quotes, 1 queued messages from /);
    expectSameKeys(await bayKeys(), before);
    expect(await exportTo('bays-again.json')).toBe(first);

    const refusal = await addStaffEntry({ kind: 'booking', bayId: 'bay-6', date, start: '13:00', lengthMinutes: 60, partySize: 10, name: 'Walk-in party' }, Date.now()).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).status).toBe(409);
    const taken = await readTaken([slotKey(included.bayId, Date.parse(included.startsAt)), slotKey(cancelled.bayId, Date.parse(cancelled.startsAt))], { id: member.customerId, date }, Date.now());
    expect(taken).toMatchObject({ taken: [true, false], memberUsedMinutes: 60 });
    expect(await lapsedHolds(Number.MAX_SAFE_INTEGER, 10)).toEqual([held.id]);
  });

  it('refuses a store that holds data, writing nothing, unless told to replace it', async () => {
    await fillStore();
    const file = await exportTo('full.json');
    await clearStore();
    expect((await register(apiRequest('/api/league-registration-multi', { body: { sessionRegistrations: [sampleLeagueEntry('fall', 'newcomer')] } }))).status).toBe(200);
    const holding = await storedData();

    const refused = await runDataCommand({ action: 'import', file: join(folder, 'full.json'), replace: false });
    expect(refused.code).toBe(1);
    expect(refused.message).toMatch(/already holds venue data.*Nothing was written.*--replace/);
    expect(await storedData()).toEqual(holding);

    const replaced = await runDataCommand({ action: 'import', file: join(folder, 'full.json'), replace: true });
    expect(replaced.code).toBe(0);
    expect(await exportTo('replaced.json')).toBe(file);
  });

  it('refuses a file that is not venue data, naming the problem', async () => {
    const bad = join(folder, 'bad.json');
    await writeFile(bad, JSON.stringify({ format: 'venue-data', version: 1, records: { leagueRegistrations: [{ id: 'x' }], eventRequests: [], subscriptionAudit: [] } }));
    const result = await runDataCommand({ action: 'import', file: bad, replace: false });
    expect(result.code).toBe(1);
    expect(result.message).toContain('records.leagueRegistrations[0].registeredAtMs');
    await writeFile(bad, JSON.stringify({ format: 'venue-data', version: 2 }));
    expect((await runDataCommand({ action: 'import', file: bad, replace: false })).message).toContain('version 2 of the venue data format; this site reads version 1');
    expect(await storedData()).toEqual({});
  });

  it('offers staff the same file as a download, and nobody else', async () => {
    await fillStore();
    const file = await exportTo('cli.json');
    const refused = await dataExportFunction(apiRequest('/api/admin/data-export'));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: expect.any(String) });

    const response = await dataExportFunction(apiRequest('/api/admin/data-export', { cookie: await adminCookie() }));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="venue-data-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.json"$/);
    expect(await response.text()).toBe(file);
  });
});
