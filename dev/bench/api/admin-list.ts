// Admin registrations list with 5,000 stored registrations: server time (median and p95 of 30 calls).
import type { BundledFunctions } from './functions';
import { percentile, table } from './report';
import { ADMIN_PASSWORD, request, type Handler } from './requests';

/** Signs in as staff: the session cookie the list is called with. */
async function adminCookie(load: (name: string) => Promise<Handler>): Promise<string> {
  const response = await (await load('admin-auth-login'))(request('/api/admin/auth/login', { body: { password: ADMIN_PASSWORD } }), { ip: '198.51.100.8' });
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** Times the staff list of registrations (30 calls after 3 warm-up calls) and prints the figures. */
export async function adminListBudget({ load }: BundledFunctions): Promise<void> {
  const context = { ip: '198.51.100.7' };
  const list = await load('admin-league-registrations');
  const cookie = await adminCookie(load);
  const times: number[] = [];
  let listed = 0;
  for (let run = 0; run < 33; run += 1) {
    const started = performance.now();
    const response = await list(request('/api/admin/league-registrations', { cookie }), context);
    const body = (await response.json()) as unknown[];
    const elapsed = performance.now() - started;
    listed = body.length;
    if (run >= 3) times.push(elapsed); // the first calls warm up the JIT and connections
  }
  times.sort((a, b) => a - b);
  console.log(`\nAdmin registrations list, ${listed} registrations stored (30 calls after 3 warm-up calls)\n`);
  table([{ median: `${percentile(times, 50).toFixed(1)} ms`, p95: `${percentile(times, 95).toFixed(1)} ms`, best: `${times[0]!.toFixed(1)} ms`, budget: '≤ 150 ms', ok: percentile(times, 50) <= 150 ? 'yes' : 'NO' }]);
}
