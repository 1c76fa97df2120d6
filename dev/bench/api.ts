// `npm run bench:api`: the API budgets, printed as tables.
//   1. Redis round trips per request for every endpoint (counted at the Upstash bridge), with 5,000
//      registrations stored so a count that grows with the data would show (api/round-trips.ts).
//   2. Admin registrations list with 5,000 stored registrations: server time (median and p95 of 30
//      calls) (api/admin-list.ts).
//   3. POST /api/event-booking throughput on the local runtime against GET /api/health (one bare store
//      round trip, the ceiling of any endpoint that stores something; budget ≥ 70 % of it), side by
//      side with autocannon (timed runs, BENCH_SECONDS each); errors, and every 2xx request stored.
//      GET /api/ping (a no-op function) is shown beside them for scale. Each booking's two messages
//      are rendered and sent right after its answer, in the same process, to the runtime's own mail
//      catcher (on its own thread, as the store's bridge): the booking's figure includes that work.
//      Beside each rate, the runtime's CPU time per request (all threads, and the functions' thread),
//      which other load on a shared machine does not inflate as it does the rates (api/throughput.ts).
//   4. Mail: the booking's answer time with the mail server taking 2 s per message against one that
//      answers at once (the answer must not wait for SMTP), and one scheduled outbox run over 1,000
//      queued messages against the local mail catcher (budget: the scheduled runs' budget) (api/mail.ts).
//   5. Event quotes: staff saving a quote of bays 1-6 with its tentative hold (one round trip), the
//      customer's page and "Pay deposit", and the webhook of the paid deposit (one round trip to claim
//      the event, one to confirm the deposit) (api/event-quotes.ts).
//   6. Bay booking with 10,000 bookings stored: GET /api/bay-availability for a day (one round trip;
//      p95 of 100 calls ≤ 50 ms) and POST /api/bay-hold (one round trip for the hold, one to record its
//      Checkout session) (api/bay.ts).
//   7. Moving a bay booking through its manage link with those bookings stored: one round trip before
//      the answer (median, p95 and CPU per move of 100 moves printed, each update mailed after it), and a
//      move to a dearer time (one more round trip to record its Checkout session), and a cancel through
//      the same link (one round trip before the answer, its refund paid after it) (api/bay-move.ts).
//   8. The scheduled reminder run over 1,000 bay bookings due, against the local mail catcher: every
//      booking reminded, the run ended within the scheduled runs' budget (api/reminders.ts).
//   9. Staff reports for a year with a year of data stored: round trips (budget 2) and p95 of 30 calls
//      (budget 150 ms) (api/reports.ts).
//  10. League standings with 40 teams × 8 weeks saved through the staff endpoint: GET
//      /api/league/standings (one round trip; p95 of 100 calls ≤ 50 ms) (api/league-play.ts).
// Every part calls the function bundles of `npm run build` (what deploys), not the sources.
// Private redis-server, bridge, Stripe emulator and runtime on free ports; nothing local is touched.
import { randomUUID } from 'node:crypto';
import { RedisMemoryServer } from 'redis-memory-server';
import { startStripeEmulator } from '../stripe-emulator/index';
import { startUpstashBridge } from '../upstash-bridge';
import { adminListBudget } from './api/admin-list';
import { bayBudgets } from './api/bay';
import { eventQuoteBudgets } from './api/event-quotes';
import { bayMoveBudgets } from './api/bay-move';
import { bundledFunctions } from './api/functions';
import { leaguePlayBudgets } from './api/league-play';
import { mailBudgets } from './api/mail';
import { ADMIN_PASSWORD, ORIGIN } from './api/requests';
import { reminderBudget } from './api/reminders';
import { reportsBudget } from './api/reports';
import { roundTrips } from './api/round-trips';
import { seedRegistrations } from './api/store';
import { throughput } from './api/throughput';

const STORED_REGISTRATIONS = 5000;

async function main(): Promise<void> {
  process.env['ASTRO_TELEMETRY_DISABLED'] = '1';
  const redis = await RedisMemoryServer.create({ binary: { systemBinary: process.env['REDISMS_SYSTEM_BINARY'] ?? '/usr/bin/redis-server' } });
  const redisUrl = `redis://${await redis.getHost()}:${await redis.getPort()}`;
  const bridge = await startUpstashBridge({ redisUrl, token: randomUUID() });
  const emulator = await startStripeEmulator({ log: () => undefined, webhookRetryDelays: [] });
  Object.assign(process.env, {
    UPSTASH_REDIS_REST_URL: bridge.url,
    UPSTASH_REDIS_REST_TOKEN: bridge.token,
    STRIPE_SECRET_KEY: emulator.secretKey,
    STRIPE_API_BASE: emulator.url,
    STRIPE_WEBHOOK_SECRET: emulator.webhookSecret,
    STRIPE_PORTAL_LOGIN_URL: emulator.portalLoginUrl,
    ADMIN_PASSWORD,
    SITE_URL: ORIGIN,
    EVENT_BOOKING_RATE_LIMIT: '100000000',
  });
  const functions = await bundledFunctions();

  try {
    // League play first: its 40 teams are the session's only paid registrations (the 5,000 seeded next would join its standings).
    await leaguePlayBudgets(functions, redisUrl, bridge);
    await seedRegistrations(redisUrl, STORED_REGISTRATIONS);
    await roundTrips({ functions, bridge, emulator, redisUrl }, STORED_REGISTRATIONS);
    await adminListBudget(functions);
    // Before the 10,000 bay bookings: the quote takes bays 1-6 on a Friday evening they would fill.
    await eventQuoteBudgets({ functions, bridge, emulator });
    await bayBudgets(functions, redisUrl, bridge);
    await bayMoveBudgets(functions, redisUrl, bridge, emulator);
    await reminderBudget(functions, redisUrl);
    await reportsBudget(functions, redisUrl, bridge);
    await mailBudgets(functions, redisUrl);
  } finally {
    await emulator.close();
    await bridge.close();
    await redis.stop();
  }

  // Throughput last, on a local runtime of its own, once the services above are stopped.
  await throughput();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
