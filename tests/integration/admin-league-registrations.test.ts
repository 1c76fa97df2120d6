import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routed } from '../support/function-context';
import registrationsFunction, { config as registrationsConfig } from '../../netlify/functions/admin-league-registrations';
import { registrationsAnswer, type AdminRegistration } from '../../src/features/league/contract/admin-league-registrations';
import { reserveRegistrations, updatePaymentStatus } from '../../src/features/league/server/registrations-store';
import { MALFORMED_ADDRESS } from '../../src/shared/server/request';
import type { StoredRegistration } from '../../src/features/league/server/stored-registration';
import { storedRegistration } from '../support/registrations';
import { ADMIN_TEST_PASSWORD, adminCookie, apiRequest, clearStore, restoreStoreEnv, useCountingBridge, useDeadStore, withRedis } from './api-helpers';

const registrations = routed(registrationsFunction, registrationsConfig);

function record(index: number, time: number): StoredRegistration {
  return storedRegistration({
    id: randomUUID(),
    teamName: `Team ${index}`,
    players: [
      { name: `Ann ${index}`, email: `ann${index}@example.com`, phone: '6085550001' },
      { name: `Bo ${index}`, email: `bo${index}@example.com`, phone: '6085550002' },
    ],
    registeredAt: new Date(time).toISOString(),
  });
}

/** Stores registrations as the registration endpoint does (pending), oldest first. */
async function seed(count: number, start = Date.now() - count * 1000): Promise<StoredRegistration[]> {
  const all: StoredRegistration[] = [];
  for (let offset = 0; offset < count; offset += 500) {
    const chunk: StoredRegistration[] = [];
    for (let i = offset; i < Math.min(count, offset + 500); i += 1) chunk.push(record(i, start + i * 1000));
    for (const item of chunk) await reserveRegistrations([item], { now: Date.parse(item.registeredAt), holdMs: 1, capacity: undefined });
    all.push(...chunk);
  }
  return all;
}

async function seedFast(count: number): Promise<void> {
  const start = Date.now() - count * 1000;
  const records = Array.from({ length: count }, (_, i) => record(i, start + i * 1000));
  await withRedis(async (client) => {
    const multi = client.multi();
    for (const item of records) {
      multi.set(`league:reg:${item.id}`, JSON.stringify(item));
      multi.zAdd('league:regs', { score: Date.parse(item.registeredAt), value: item.id });
      multi.hSet('league:status', item.id, 'completed');
    }
    await multi.exec();
  });
}

describe('/api/admin/league-registrations', () => {
  let cookie = '';
  beforeEach(async () => {
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    await clearStore();
    cookie = await adminCookie();
  });
  afterEach(() => {
    restoreStoreEnv();
    vi.restoreAllMocks();
  });

  const list = async () => {
    const response = await registrations(apiRequest('/api/admin/league-registrations', { cookie }));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return registrationsAnswer.parse(await response.json());
  };

  it('lists registrations newest first with the admin fields and payment status', async () => {
    const stored = await seed(3);
    await updatePaymentStatus([stored[1]!.id], 'completed', null);
    const listed = await list();
    expect(listed.map((item) => item.id)).toEqual([stored[2]!.id, stored[1]!.id, stored[0]!.id]);
    const [ann, bo] = stored[1]!.players;
    expect(listed[1]).toEqual({
      id: stored[1]!.id,
      teamName: 'Team 1',
      player1: 'Ann 1',
      player2: 'Bo 1',
      player1Contact: 'ann1@example.com | 6085550001',
      player2Contact: 'bo1@example.com | 6085550002',
      teeTime: 'monday-6pm',
      sessions: ['fall'],
      amount: '70000',
      paymentStatus: 'completed',
      registeredAt: stored[1]!.registeredAt,
      sessionId: 'fall',
      players: [ann, bo],
      amountCents: 70000,
    } satisfies AdminRegistration);
    expect(listed[0]!.paymentStatus).toBe('pending');
    expect(await list()).toHaveLength(3);
  });

  it('deletes one registration by id (404 for an unknown id) and all registrations', async () => {
    const stored = await seed(3);
    const removeOne = await registrations(apiRequest(`/api/admin/league-registrations/${stored[0]!.id}`, { method: 'DELETE', cookie }));
    expect([removeOne.status, await removeOne.json()]).toEqual([200, { ok: true }]);
    expect((await list()).map((item) => item.id)).toEqual([stored[2]!.id, stored[1]!.id]);
    // Its place in the capacity set is freed too; the others keep theirs.
    const slots = await withRedis(async (client) => {
      const members: string[] = [];
      for (const key of await client.keys('league:slot:*')) members.push(...(await client.zRange(key, 0, -1)));
      return members.sort();
    });
    expect(slots).toEqual([stored[1]!.id, stored[2]!.id].sort());

    const again = await registrations(apiRequest(`/api/admin/league-registrations/${stored[0]!.id}`, { method: 'DELETE', cookie }));
    expect(again.status).toBe(404);
    expect((await registrations(apiRequest('/api/admin/league-registrations/not%20an%20id', { method: 'DELETE', cookie }))).status).toBe(404);
    // An id whose percent-encoding is broken is a bad address, never "no id, so delete all".
    for (const broken of ['%ZZ', '%C0%AF', '%E0%A4%A']) {
      const refused = await registrations(apiRequest(`/api/admin/league-registrations/${broken}`, { method: 'DELETE', cookie }));
      expect([refused.status, await refused.json()], broken).toEqual([400, { error: MALFORMED_ADDRESS }]);
    }
    expect(await list()).toHaveLength(2);

    const removeAll = await registrations(apiRequest('/api/admin/league-registrations', { method: 'DELETE', cookie }));
    expect([removeAll.status, await removeAll.json()]).toEqual([200, { ok: true, deleted: 2 }]);
    expect(await list()).toEqual([]);
    expect(await withRedis((client) => client.keys('league:*'))).toEqual([]);
  });

  it('refuses other methods on each path with that path\'s own Allow list (405)', async () => {
    const response = await registrations(apiRequest('/api/admin/league-registrations/abc', { cookie }));
    expect([response.status, response.headers.get('allow')]).toEqual([405, 'DELETE']);
    const putOne = await registrations(apiRequest('/api/admin/league-registrations/abc', { method: 'PUT', cookie }));
    expect([putOne.status, putOne.headers.get('allow')]).toEqual([405, 'DELETE']);
    const put = await registrations(apiRequest('/api/admin/league-registrations', { method: 'PUT', cookie }));
    expect([put.status, put.headers.get('allow')]).toEqual([405, 'GET, DELETE']);
  });

  // The 150 ms budget itself is measured by `npm run bench:api` (tests do not assert on time); here the
  // test holds the round-trip budget, which is what keeps the list's cost flat as registrations grow.
  it('lists 5,000 registrations in 2 round trips whatever the count', async () => {
    await seedFast(5000);
    const bridge = await useCountingBridge();
    try {
      for (let run = 0; run < 3; run += 1) {
        const before = bridge.requestCount;
        const response = await registrations(apiRequest('/api/admin/league-registrations', { cookie }));
        const body = await response.json();
        expect(body).toHaveLength(5000);
        expect(body[0]).toMatchObject({ teamName: 'Team 4999', paymentStatus: 'completed' });
        expect(bridge.requestCount - before).toBe(2);
      }

      const deleteBefore = bridge.requestCount;
      const removed = await registrations(apiRequest('/api/admin/league-registrations', { method: 'DELETE', cookie }));
      expect(await removed.json()).toEqual({ ok: true, deleted: 5000 });
      expect(bridge.requestCount - deleteBefore).toBeLessThanOrEqual(2);
    } finally {
      await bridge.close();
    }
  });

  it('answers 503 when the store is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await useDeadStore();
    const response = await registrations(apiRequest('/api/admin/league-registrations', { cookie }));
    expect([response.status, await response.json()]).toEqual([503, { error: 'The service is temporarily unavailable. Please try again in a few minutes.' }]);
  });
});
