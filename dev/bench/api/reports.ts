// Staff reports over a year with a year of data stored (20,000 bay bookings, 600 league payments,
// 2,000 gift-card entries, a year of member starts and cancellations, as the writes tally them):
// round trips of GET /api/admin/reports for the year (budget 2) and p95 of 30 calls (budget 150 ms).
import { createClient } from 'redis';
import { addDays } from '../../../src/domain/venue-calendar';
import { bayUseTally, byDay, membershipTally, refundTally, revenueTally, type Tally } from '../../../src/features/reports/rules/tally';
import { reportDayKey } from '../../../src/features/reports/server/report-keys';
import type { BundledFunctions } from './functions';
import { percentile, table } from './report';
import { ADMIN_PASSWORD, request } from './requests';

const YEAR_FROM = '2026-01-01';
const YEAR_TO = '2026-12-31';
const BAY_BOOKINGS = 20_000;
const LEAGUE_PAYMENTS = 600;
const GIFT_CARD_ENTRIES = 2_000;

/** Noon of a day in the year, UTC (a venue-local day either way). */
const noonOf = (index: number) => new Date(`${addDays(YEAR_FROM, index % 365)}T18:00:00Z`);

/** A year's tallies as the writes would have kept them. */
function yearOfTallies(): Tally[] {
  const tallies: Tally[] = [];
  const kinds = ['online', 'online', 'online', 'desk', 'block'] as const;
  for (let index = 0; index < BAY_BOOKINGS; index += 1) {
    const day = index % 365;
    const start = `${String(11 + (index % 11)).padStart(2, '0')}:${index % 2 === 0 ? '00' : '30'}`;
    tallies.push(...bayUseTally({ date: addDays(YEAR_FROM, day), start, lengthMinutes: 60 + (index % 3) * 30, includedMinutes: index % 7 === 0 ? 60 : 0, taken: kinds[index % kinds.length]! }));
    tallies.push(...revenueTally('bay', 4000 + (index % 5) * 1000, noonOf(index)));
    if (index % 25 === 0) tallies.push(...refundTally('bay', 4000, noonOf(index + 1)));
  }
  for (let index = 0; index < LEAGUE_PAYMENTS; index += 1) tallies.push(...revenueTally('league', 70_000, noonOf(index * 3)));
  for (let index = 0; index < GIFT_CARD_ENTRIES; index += 1) tallies.push(...revenueTally('gift-card', 2500 * (1 + (index % 8)), noonOf(index)));
  for (let index = 0; index < 400; index += 1) tallies.push(...membershipTally(index % 4 === 0 ? 'cancelled' : 'started', noonOf(index)));
  return tallies;
}

async function seedYear(redisUrl: string): Promise<number> {
  const client = createClient({ url: redisUrl, RESP: 2 });
  await client.connect();
  try {
    const days = byDay(yearOfTallies());
    const pipeline = client.multi();
    for (const { date, changes } of days) pipeline.hSet(reportDayKey(date), Object.fromEntries(changes.map(([field, delta]) => [field, String(delta)])));
    await pipeline.exec();
    return days.reduce((fields, day) => fields + day.changes.length, 0);
  } finally {
    client.destroy();
  }
}

/** Times the year's report (30 calls after 3 warm-up calls) and counts its round trips. */
export async function reportsBudget({ load }: BundledFunctions, redisUrl: string, bridge: { requestCount: number }): Promise<void> {
  const fields = await seedYear(redisUrl);
  const login = await load('admin-auth-login');
  const cookie = ((await login(request('/api/admin/auth/login', { body: { password: ADMIN_PASSWORD } }), { ip: '198.51.100.9' })).headers.get('set-cookie') ?? '').split(';')[0]!;
  const reports = await load('admin-reports');
  const path = `/api/admin/reports/dates/${YEAR_FROM}/${YEAR_TO}`;
  const call = () => reports(request(path, { cookie }), { ip: '198.51.100.9', params: { from: YEAR_FROM, to: YEAR_TO } });
  const before = bridge.requestCount;
  const first = await call();
  await first.json();
  const trips = bridge.requestCount - before;
  const times: number[] = [];
  for (let run = 0; run < 33; run += 1) {
    const started = performance.now();
    await (await call()).json();
    if (run >= 3) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  const ok = first.status === 200 && trips <= 2 && p95 <= 150;
  if (!ok) process.exitCode = 1;
  console.log(`\nStaff reports for a year, ${fields.toLocaleString('en-US')} day fields stored (${BAY_BOOKINGS.toLocaleString('en-US')} bay bookings, ${LEAGUE_PAYMENTS} league payments, ${GIFT_CARD_ENTRIES.toLocaleString('en-US')} gift-card entries; 30 calls after 3 warm-up calls)\n`);
  table([{ call: `GET ${path}`, status: first.status, 'round trips': trips, median: `${percentile(times, 50).toFixed(1)} ms`, p95: `${p95.toFixed(1)} ms`, budget: '≤ 2 round trips, p95 ≤ 150 ms', ok: ok ? 'yes' : 'NO' }]);
}
