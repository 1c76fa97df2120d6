// Redis round trips per request for every endpoint (counted at the Upstash bridge), with 5,000
// registrations stored so a count that grows with the data would show.
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { StripeEmulator } from '../../stripe-emulator/index';
import type { UpstashBridge } from '../../upstash-bridge';
import { league } from '../../../src/features/league/catalogue';
import { membershipCatalog } from '../../../src/features/memberships/catalogue';
import { sampleLeagueEntry } from '../../../tests/support/sample-requests';
import type { BundledFunctions } from './functions';
import { table } from './report';
import { ADMIN_PASSWORD, booking, request } from './requests';
import { countQueued } from './store';

/** The services one bench run measures against. */
export interface ApiBenchServices {
  functions: BundledFunctions;
  bridge: UpstashBridge;
  emulator: StripeEmulator;
  redisUrl: string;
}

/** Measures and prints every endpoint's round trips; `storedRegistrations` are in the store already. */
export async function roundTrips({ functions, bridge, emulator, redisUrl }: ApiBenchServices, storedRegistrations: number): Promise<void> {
  const load = functions.load;
  const stripe = new Stripe(emulator.secretKey, { host: emulator.host, port: emulator.port, protocol: 'http' });
  const context = { ip: '198.51.100.7' };
  const trips: Array<Record<string, string | number>> = [];
  const measure = async (endpoint: string, handlerName: string, make: () => Request | Promise<Request>, ctx: unknown = context) => {
    const handler = await load(handlerName);
    const built = await make();
    const before = bridge.requestCount;
    const response = await handler(built, ctx);
    const count = bridge.requestCount - before;
    trips.push({ endpoint, status: response.status, 'round trips': count, budget: '≤ 2', ok: count <= 2 ? 'yes' : 'NO' });
    if (count > 2) process.exitCode = 1;
    return response;
  };
  // A script is sent whole (EVAL) the first time a function's store client runs it and by hash
  // (EVALSHA) after, so the first booking on a fresh Redis costs one round trip too: measured apart.
  const beforeFirst = bridge.requestCount;
  const firstBooking = await (await load('event-request'))(request('/api/event-booking', { body: booking(-1) }), { ip: '198.51.100.99' });
  const firstTrips = bridge.requestCount - beforeFirst;
  const scriptLoadNote = `the first booking on a fresh Redis (its script sent whole): status ${firstBooking.status}, ${firstTrips} round trip${firstTrips === 1 ? '' : 's'} (budget 1)`;
  if (firstTrips !== 1) process.exitCode = 1;

  await measure('GET /api/health', 'health', () => request('/api/health'));
  const queuedBefore = await countQueued(redisUrl);
  await measure('POST /api/event-booking (request + its 2 messages queued)', 'event-request', () => request('/api/event-booking', { body: booking(0) }));
  const bookingTrips = trips.at(-1)!;
  const queuedByBooking = (await countQueued(redisUrl)) - queuedBefore;
  bookingTrips['budget'] = '1';
  bookingTrips['ok'] = bookingTrips['round trips'] === 1 && queuedByBooking === 2 ? 'yes' : `NO (${queuedByBooking} queued)`;
  if (bookingTrips['ok'] !== 'yes') process.exitCode = 1;
  const registered = await measure('POST /api/league-registration-multi', 'league-registration-multi', () =>
    request('/api/league-registration-multi', { body: { sessionRegistrations: league.sessions.slice(0, 2).map((session) => sampleLeagueEntry(session.id, 'rt')) } }),
  );
  const checkoutUrl = ((await registered.json()) as { checkoutUrl: string }).checkoutUrl;
  const leagueSessionId = checkoutUrl.split('/').pop()!;
  await measure('GET /api/checkout-session/{id}', 'checkout-session', () => request(`/api/checkout-session/${leagueSessionId}`), { ...context, params: { sessionId: leagueSessionId } });
  const subscribed = await measure('POST /api/create-subscription', 'membership-checkout', () =>
    request('/api/create-subscription', { body: { membershipTier: membershipCatalog.plans[0]!.tier, billingTerm: membershipCatalog.defaultTerm } }),
  );
  const membershipSessionId = ((await subscribed.json()) as { sessionId: string }).sessionId;
  await emulator.completeCheckout(membershipSessionId, { email: 'member.bench@example.com' });
  const membershipSession = await stripe.checkout.sessions.retrieve(membershipSessionId);
  await measure('POST /api/create-portal-session', 'create-portal-session', () =>
    request('/api/create-portal-session', { body: { customerId: membershipSession.customer, sessionId: membershipSessionId } }),
  );
  await measure('POST /api/create-portal-session-by-email', 'portal-login-link', () =>
    request('/api/create-portal-session-by-email', { body: { email: 'member.bench@example.com' } }),
  );
  const loginResponse = await measure('POST /api/admin/auth/login', 'admin-auth-login', () => request('/api/admin/auth/login', { body: { password: ADMIN_PASSWORD } }));
  const cookie = (loginResponse.headers.get('set-cookie') ?? '').split(';')[0]!;
  await measure('GET /api/admin/auth/verify', 'admin-auth-verify', () => request('/api/admin/auth/verify', { cookie }));
  const listedResponse = await measure(`GET /api/admin/league-registrations (${storedRegistrations + 2} stored)`, 'admin-league-registrations', () =>
    request('/api/admin/league-registrations', { cookie }),
  );
  const newestId = ((await listedResponse.json()) as Array<{ id: string }>)[0]!.id;
  await measure('GET /api/admin/members', 'admin-members', () => request('/api/admin/members', { cookie }));
  await measure('GET /api/admin/database-stats', 'admin-database-stats', () => request('/api/admin/database-stats', { cookie }));
  await measure('GET /api/admin/event-bookings', 'admin-event-requests', () => request('/api/admin/event-bookings', { cookie }));
  const webhookPayload = JSON.stringify({
    id: `evt_bench_${randomUUID()}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: leagueSessionId, object: 'checkout.session' } },
  });
  await measure('POST /api/stripe-webhook', 'stripe-webhook', () =>
    request('/api/stripe-webhook', {
      raw: webhookPayload,
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: webhookPayload, secret: emulator.webhookSecret }) },
    }),
  );
  await measure('DELETE /api/admin/league-registrations/{id}', 'admin-league-registrations', () =>
    request(`/api/admin/league-registrations/${newestId}`, { method: 'DELETE', cookie }),
    { ...context, params: { id: newestId } },
  );
  await measure('POST /api/admin/auth/logout', 'admin-auth-logout', () => request('/api/admin/auth/logout', { method: 'POST', cookie }));
  console.log('\nRedis round trips per request (counted at the Upstash bridge)\n');
  table(trips);
  console.log(`\nNot counted above: ${scriptLoadNote}.`);
}
