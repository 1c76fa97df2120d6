// What the API benchmark writes straight into the store before measuring, and reads back from it.
import { createClient } from 'redis';
import { league } from '../../../src/features/league/catalogue';
import { storedRegistration } from '../../../tests/support/registrations';

/** `count` league registrations, a quarter of them unpaid, as the site stores them. */
export async function seedRegistrations(redisUrl: string, count: number): Promise<void> {
  const client = createClient({ url: redisUrl, RESP: 2 });
  await client.connect();
  const now = Date.now();
  const multi = client.multi();
  for (let index = 0; index < count; index += 1) {
    const id = `bench-${index}`;
    const record = storedRegistration({
      id,
      sessionId: league.sessions[index % league.sessions.length]!.id,
      teamName: `Team ${index}`,
      teeTime: 'tuesday-8pm',
      players: [
        { name: `Ann Lee${index}`, email: `ann${index}@example.com`, phone: '6085550001' },
        { name: `Bo Park${index}`, email: `bo${index}@example.com`, phone: '6085550002' },
      ],
      registeredAt: new Date(now - (count - index) * 1000).toISOString(),
    });
    multi.set(`league:reg:${id}`, JSON.stringify(record));
    multi.zAdd('league:regs', { score: now - (count - index) * 1000, value: id });
    multi.hSet('league:status', id, index % 4 === 0 ? 'pending' : 'completed');
  }
  await multi.exec();
  client.destroy();
}

/** Messages waiting in the outbox. */
export async function countQueued(redisUrl: string): Promise<number> {
  const client = createClient({ url: redisUrl, RESP: 2 });
  await client.connect();
  try {
    return await client.zCard('mail:queue');
  } finally {
    client.destroy();
  }
}
