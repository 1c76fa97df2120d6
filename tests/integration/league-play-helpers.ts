// League teams for the play tests: registrations of the winter session with two players each, stored
// as the registration flow stores them (record, index, payment status).
import type { StoredRegistration } from '../../src/features/league/server/stored-registration';
import { withRedis } from './api-helpers';
import { storedRegistration } from '../support/registrations';

export type SeededTeam = StoredRegistration & { status: string };

export const team = (index: number, status = 'completed', registeredAt?: string): SeededTeam => ({
  ...storedRegistration({
    ...(registeredAt ? { registeredAt } : {}),
    id: `reg-${index}`,
    sessionId: 'winter',
    teamName: `Team ${String(index).padStart(2, '0')}`,
    players: [
      { name: `Ann ${index}`, email: `ann${index}@example.com`, phone: '608-555-0101' },
      { name: `Bo ${index}`, email: `bo${index}@example.com`, phone: '608-555-0102' },
    ],
  }),
  status,
});

export async function seedTeams(teams: readonly SeededTeam[]): Promise<void> {
  await withRedis(async (client) => {
    const multi = client.multi();
    teams.forEach((each, index) => {
      const { status, ...record } = each;
      multi.set(`league:reg:${record.id}`, JSON.stringify(record));
      multi.zAdd('league:regs', { score: 1_000 + index, value: record.id });
      multi.hSet('league:status', record.id, status);
    });
    await multi.exec();
  });
}

/** One team's line of a week as staff send it (null: did not play). */
export const entry = (id: string, gross: number | null) => ({ teamId: id, played: gross !== null, gross, course: 'Pebble Beach', par: 72 });
