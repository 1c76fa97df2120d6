// POST /api/event-booking throughput on the local runtime against GET /api/health (one bare store round
// trip, the ceiling of any endpoint that stores something; budget ≥ 70 % of it), side by side with
// autocannon (timed runs, BENCH_SECONDS each); errors, and every 2xx request stored. GET /api/ping (a
// no-op function) is shown beside them for scale. Beside each rate, the runtime's CPU time per request
// (all threads, and the functions' thread), which other load on a shared machine does not inflate as
// it does the rates.
import { shippedOpenInstant } from '../../../tests/support/shipped-calendar';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../../free-port.mjs';
import { processCpu } from '../process-cpu';
import { table } from './report';
import { ADMIN_PASSWORD, booking } from './requests';

/** The booking's throughput budget: this share of GET /api/health's. */
const MIN_BOOKING_SHARE_OF_HEALTH = 0.7;

const root = fileURLToPath(new URL('../../..', import.meta.url));

export async function throughput(): Promise<void> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'dev/start.ts', '--no-build', '--private', '--port', String(port)], {
    cwd: root,
    // CALENDAR_NOW: a moment the shipped league sessions take registrations, whatever the month.
    env: { ...process.env, ADMIN_PASSWORD, CALENDAR_NOW: shippedOpenInstant().toISOString(), EVENT_BOOKING_RATE_LIMIT: '100000000', STRIPE_SECRET_KEY: '', UPSTASH_REDIS_REST_URL: '', UPSTASH_REDIS_REST_TOKEN: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ended = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error('the local runtime did not print its Ready line within 120 s')), 120_000);
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready:')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => reject(new Error(`the local runtime exited with ${code} before it was ready`)));
    });
    const base = `http://localhost:${port}`;
    // Timed runs of BENCH_SECONDS each (default 10). Not a fixed number of requests: autocannon notices
    // that the last request of a fixed amount has come back only at its next one-second tick, so a short
    // run of a fast endpoint would be timed up to a second too long (3,000 pings: 2 s instead of 0.4 s).
    const seconds = Number(process.env['BENCH_SECONDS'] ?? 10);
    const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 10);
    let index = 0;
    /** Ids of the bookings answered 201, to find each of them in the store afterwards. */
    const answered: string[] = [];
    const pings: autocannon.Options = { url: `${base}/api/ping` };
    // The floor of any endpoint that stores something: one store round trip (PING) and nothing else.
    const healthChecks: autocannon.Options = { url: `${base}/api/health` };
    const bookingRequests: autocannon.Options = {
      url: `${base}/api/event-booking`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (req) => ({ ...req, body: JSON.stringify(booking((index += 1))) }),
          onResponse: (status, body) => {
            if (status === 201) answered.push((JSON.parse(body) as { id: string }).id);
          },
        },
      ],
    };
    const run = (options: autocannon.Options, duration: number) => autocannon({ connections, duration, timeout: 60, ...options });
    const login = await fetch(`${base}/api/admin/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ password: ADMIN_PASSWORD }) });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const storedIds = async () => new Set(((await (await fetch(`${base}/api/admin/event-bookings`, { headers: { cookie } })).json()) as Array<{ id: string }>).map((stored) => stored.id));
    await run(pings, 2); // warm-up: JIT, keep-alive connections, the booking script loaded in Redis
    await run(bookingRequests, 2);
    await run(healthChecks, 2);
    /** A timed run and the runtime's CPU time per request during it (all its threads, and the functions' main thread). */
    const timed = async (options: autocannon.Options) => {
      const before = await processCpu(child.pid!);
      const result = await run(options, seconds);
      const after = await processCpu(child.pid!);
      const perRequest = (ms: number) => `${(ms / Math.max(1, result.requests.total)).toFixed(2)} ms`;
      const cpu = before && after ? { process: perRequest(after.processMs - before.processMs), main: perRequest(after.mainThreadMs - before.mainThreadMs) } : { process: '-', main: '-' };
      return Object.assign(result, { cpu });
    };
    const noop = await timed(pings);
    const floor = await timed(healthChecks);
    const storedBefore = (await storedIds()).size;
    answered.length = 0;
    const bookings = await timed(bookingRequests);
    const stored = await storedIds();
    const lost = answered.filter((id) => !stored.has(id)).length;
    // autocannon ends a timed run by closing its connections: requests still in flight then are
    // stored (or not) without their answer being counted, at most one per connection.
    const storedUnanswered = stored.size - storedBefore - (answered.length - lost);
    const rate = (result: autocannon.Result) => result.requests.total / (result.duration || Number.EPSILON);
    // A booking is one store round trip plus reading, validating and answering its body: judged
    // against an endpoint that makes the round trip and nothing else, not against doing nothing.
    const ratio = rate(bookings) / rate(floor);
    console.log(`\nThroughput on the local runtime: ${connections} connections, ${seconds} s each after a 2 s warm-up (autocannon); CPU: the runtime process's (all threads: functions, store bridge, mail catcher; not Redis) and its main thread's (the functions')\n`);
    const percentOf = (result: autocannon.Result) => `${((rate(result) / rate(floor)) * 100).toFixed(0)} %`;
    table([
      { endpoint: 'GET /api/ping (no-op)', requests: noop.requests.total, 'req/s': rate(noop).toFixed(0), 'of health': percentOf(noop), 'p50 latency': `${noop.latency.p50} ms`, '2xx': noop['2xx'], errors: noop.errors + noop.non2xx, 'answered ids stored': '-', 'CPU/request': noop.cpu.process, 'main thread CPU/request': noop.cpu.main },
      { endpoint: 'GET /api/health (1 store round trip only)', requests: floor.requests.total, 'req/s': rate(floor).toFixed(0), 'of health': '100 %', 'p50 latency': `${floor.latency.p50} ms`, '2xx': floor['2xx'], errors: floor.errors + floor.non2xx, 'answered ids stored': '-', 'CPU/request': floor.cpu.process, 'main thread CPU/request': floor.cpu.main },
      { endpoint: 'POST /api/event-booking (+ its 2 messages sent after)', requests: bookings.requests.total, 'req/s': rate(bookings).toFixed(0), 'of health': percentOf(bookings), 'p50 latency': `${bookings.latency.p50} ms`, '2xx': bookings['2xx'], errors: bookings.errors + bookings.non2xx, 'answered ids stored': answered.length - lost, 'CPU/request': bookings.cpu.process, 'main thread CPU/request': bookings.cpu.main },
    ]);
    console.log(
      `\nevent-booking / health (one bare store round trip): ${(ratio * 100).toFixed(0)} % (budget ≥ ${MIN_BOOKING_SHARE_OF_HEALTH * 100} %) · answered 201 ${answered.length}, found in the store ${answered.length - lost}, lost ${lost}` +
        ` · stored while the run was cut off (no answer counted): ${storedUnanswered}`,
    );
    console.log(`event-booking / no-op: ${((rate(bookings) / rate(noop)) * 100).toFixed(0)} % (for scale)`);
    if (ratio < MIN_BOOKING_SHARE_OF_HEALTH || lost !== 0 || answered.length !== bookings['2xx'] || bookings.errors + bookings.non2xx > 0) process.exitCode = 1;
  } finally {
    child.kill('SIGTERM');
    await ended;
  }
}
