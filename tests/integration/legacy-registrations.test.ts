// Registrations a deployed store holds in the legacy record shape (one-element `sessions`, contacts
// as 'email | phone', the amount as text), written straight into Redis: the staff list, its CSV and
// copied text, the database statistics and deleting one read them as the registrations they are.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import registrationsFunction, { config as registrationsConfig } from '../../netlify/functions/admin-league-registrations';
import databaseStatsFunction from '../../netlify/functions/admin-database-stats';
import { league } from '../../src/features/league/catalogue';
import { registrationsCsv } from '../../src/features/league/admin/registrations-csv';
import { teamInfoText } from '../../src/features/league/admin/registrations';
import { databaseStatsAnswer } from '../../src/features/staff/contract/admin-database-stats';
import { registrationsAnswer } from '../../src/features/league/contract/admin-league-registrations';
import { teeTimeLabel } from '../../src/features/league/rules/league-rules';
import { routed } from '../support/function-context';
import { legacyRecord, storedRegistration } from '../support/registrations';
import { ADMIN_TEST_PASSWORD, adminCookie, apiRequest, clearStore, restoreStoreEnv, withRedis } from './api-helpers';

const registrations = routed(registrationsFunction, registrationsConfig);

const legacy = storedRegistration({ id: 'legacy-1', sessionId: 'winter', teeTime: 'tuesday-8pm', teamName: 'Old Guard' });

/** Writes the legacy record, its index entry, its completed status and its tee-time place, as the legacy code did. */
async function storeLegacy(): Promise<void> {
  const time = Date.parse(legacy.registeredAt);
  await withRedis(async (client) => {
    await client
      .multi()
      .set(`league:reg:${legacy.id}`, JSON.stringify(legacyRecord(legacy)))
      .zAdd('league:regs', { score: time, value: legacy.id })
      .hSet('league:status', legacy.id, 'completed')
      .zAdd(`league:slot:winter:tuesday-8pm`, { score: time, value: legacy.id })
      .exec();
  });
}

describe('registrations stored in the legacy shape', () => {
  let cookie = '';
  beforeEach(async () => {
    process.env['ADMIN_PASSWORD'] = ADMIN_TEST_PASSWORD;
    await clearStore();
    await storeLegacy();
    cookie = await adminCookie();
  });
  afterEach(restoreStoreEnv);

  const list = async () => registrationsAnswer.parse(await (await registrations(apiRequest('/api/admin/league-registrations', { cookie }))).json());

  it('list with the same product fields, and the record’s own fields beside them', async () => {
    expect(await list()).toEqual([
      {
        id: 'legacy-1',
        teamName: 'Old Guard',
        player1: 'Ann Able',
        player2: 'Ben Baker',
        player1Contact: 'ann@example.com | 608-555-0101',
        player2Contact: 'ben@example.com | 608-555-0102',
        teeTime: 'tuesday-8pm',
        sessions: ['winter'],
        amount: '70000',
        paymentStatus: 'completed',
        registeredAt: legacy.registeredAt,
        sessionId: 'winter',
        players: legacy.players,
        amountCents: 70000,
      },
    ]);
  });

  it('export to CSV and copy as team info with e-mails and phones apart', async () => {
    const listed = await list();
    const label = (id: string) => teeTimeLabel(league, id);
    const row = registrationsCsv(listed, league.sessions, label).split('\r\n')[1];
    expect(row).toBe(`${legacy.registeredAt},Old Guard,Winter Session,Tuesday 8:00 PM,Ann Able,ann@example.com,608-555-0101,Ben Baker,ben@example.com,608-555-0102,$700.00,Completed,legacy-1`);
    expect(teamInfoText(listed[0]!, league.sessions, label)).toContain('Player 1: Ann Able — ann@example.com, 608-555-0101\nPlayer 2: Ben Baker — ben@example.com, 608-555-0102\nAmount: $700.00 (Completed)');
  });

  it('count in the database statistics and its revenue', async () => {
    const response = await databaseStatsFunction(apiRequest('/api/admin/database-stats', { cookie }));
    const stats = databaseStatsAnswer.parse(await response.json());
    expect(stats).toMatchObject({ totalRegistrations: 1, totalRevenue: 700 });
    expect(stats.recentRegistrations).toEqual([
      { teamName: 'Old Guard', player1: 'Ann Able', player2: 'Ben Baker', teeTime: 'tuesday-8pm', sessions: ['winter'], registeredAt: legacy.registeredAt, sessionId: 'winter' },
    ]);
  });

  it('delete with their place in the tee time’s capacity set', async () => {
    const response = await registrations(apiRequest('/api/admin/league-registrations/legacy-1', { method: 'DELETE', cookie }));
    expect([response.status, await response.json()]).toEqual([200, { ok: true }]);
    expect(await withRedis((client) => client.keys('league:*'))).toEqual([]);
  });
});
