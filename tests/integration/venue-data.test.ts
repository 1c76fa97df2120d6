// The venue data file against the test store: export → import into an empty store → export gives the
// same bytes, a store holding data is refused unless told to replace it, and the staff download.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runDataCommand } from '../../dev/data';
import dataExportFunction from '../../netlify/functions/admin-data-export';
import eventBooking from '../../netlify/functions/event-booking';
import register from '../../netlify/functions/league-registration-multi';
import { VENUE_DATA_FORMAT } from '../../src/domain/venue-data';
import { AUDIT_KEY } from '../../src/server/payments/audit-trail';
import { sampleBooking, sampleLeagueEntry } from '../support/sample-requests';
import { ADMIN_TEST_PASSWORD, adminCookie, apiRequest, clearStore, restoreStoreEnv, withRedis } from './api-helpers';
import { startPaymentsHarness, type PaymentsHarness } from './payments-harness';

let payments: PaymentsHarness;
let folder: string;

/** Keys and values of the venue's data in the test store (what a restore must bring back). */
async function storedData(): Promise<Record<string, unknown>> {
  return withRedis(async (redis) => {
    const keys = (await redis.keys('league:*')).concat(await redis.keys('events:*'), await redis.keys(AUDIT_KEY)).sort();
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

/** A store with a paid and a pending registration, two booking requests and an audit entry. */
async function fillStore(): Promise<void> {
  const paid = await register(apiRequest('/api/league-registration-multi', { body: { sessionRegistrations: [sampleLeagueEntry('fall', 'paid-team'), sampleLeagueEntry('winter', 'paid-team')] } }));
  const paidSession = String(((await paid.json()) as { checkoutUrl: string }).checkoutUrl).split('/').at(-1)!;
  await payments.emulator.completeCheckout(paidSession, { email: 'ann.paid-team@example.com' });
  expect((await register(apiRequest('/api/league-registration-multi', { body: { sessionRegistrations: [sampleLeagueEntry('spring', 'open-team')] } }))).status).toBe(200);
  for (const tag of ['first-party', 'second-party']) {
    expect((await eventBooking(apiRequest('/api/event-booking', { body: sampleBooking(tag), headers: { 'x-nf-client-connection-ip': `10.1.1.${tag.length}` } }))).status).toBe(201);
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
    expect(Object.fromEntries(Object.entries(parsed.records).map(([name, list]) => [name, list.length]))).toEqual({ leagueRegistrations: 3, eventRequests: 2, subscriptionAudit: 1 });

    await clearStore();
    const imported = await runDataCommand({ action: 'import', file: join(folder, 'first.json'), replace: false });
    expect(imported).toEqual({ code: 0, message: `imported 3 league registrations, 2 event requests, 1 subscription audit entries from ${join(folder, 'first.json')}` });
    expect(await storedData()).toEqual(before);
    expect(await exportTo('second.json')).toBe(first);
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
