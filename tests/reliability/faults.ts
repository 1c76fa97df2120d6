// Part 2: faults injected while the site is in use.
//   (a) Redis stopped in the middle of a stream of bookings and league registrations, then started
//       again on the same port: 503 with Retry-After while it is down (never another 5xx, never a
//       hang), nothing half-written, every acknowledged request stored, normal service once it is back.
//   (b) Stripe unreachable (connection refused or reset) or answering 500: 502 with the visitor-facing
//       message, nothing left behind in the store; a webhook met while Stripe is down is applied once
//       Stripe is back; normal service afterwards.
//   (c) A webhook delivered twice, concurrently, and out of order: exactly one state change per
//       registration.
//   (d) The mail server refusing, unreachable, silent (timeouts) or dropping connections: the booking
//       is answered at once and stored, its messages stay queued; once the server is back the
//       scheduled outbox run sends each message exactly once.
import { describe, expect, it } from 'vitest';
import { signatureHeader } from '../../dev/stripe-emulator/index';
import { PAYMENTS_UNAVAILABLE_MESSAGE, STORE_UNAVAILABLE_MESSAGE } from '../../src/shared/server/handle';
import { sampleBooking as booking, sampleLeagueEntry as leagueEntry } from '../support/sample-requests';
import type { Harness } from './harness';
import { NetworkError, type Answer } from './http';
import type { SmtpFaultMode } from './smtp-proxy';
import type { StripeFaultMode } from './stripe-proxy';
import { bookingLayout, diffSnapshots, leagueLayout, snapshot } from './store';

type Phase = 'before' | 'stopping' | 'down' | 'starting' | 'after';

interface Attempt {
  kind: 'booking' | 'league';
  sent: Phase;
  answered: Phase;
  status: number | null;
  body: unknown;
  retryAfter: string | null;
  /** Booking id (201) or Checkout session id (200). */
  ref?: string;
  network?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await sleep(20);
}

const sessionOf = (answer: Answer) => String((answer.json as { checkoutUrl?: unknown } | undefined)?.checkoutUrl ?? '').split('/').at(-1) ?? '';

/** The registration ids a Checkout session pays (its metadata). */
function registrationsOf(h: Harness, sessionId: string): string[] {
  return (h.emulator.state.sessions.get(sessionId)?.metadata['registrationIds'] ?? '').split(',').filter(Boolean);
}

export function faultsSuite(harness: () => Harness): void {
  describe('faults', () => {
    it('Redis stopped mid-run: 503 with Retry-After while down, nothing half-written, every acknowledged request stored, service back after the restart', async () => {
      const h = harness();
      const attempts: Attempt[] = [];
      let phase: Phase = 'before';
      let finished = false;
      let counter = 0;

      const attempt = async (kind: Attempt['kind']) => {
        counter += 1;
        const tag = `fault-${kind}-${counter}`;
        const sent = phase;
        const record: Attempt = { kind, sent, answered: sent, status: null, body: undefined, retryAfter: null };
        try {
          const answer =
            kind === 'booking'
              ? await h.call('faults', 'POST', '/api/event-booking', { body: booking(tag), timeoutMs: 20_000 })
              : await h.call('faults', 'POST', '/api/league-registration-multi', {
                  body: { sessionRegistrations: [leagueEntry(['fall', 'winter', 'spring'][counter % 3]!, tag)] },
                  timeoutMs: 20_000,
                });
          record.status = answer.status;
          record.body = answer.json;
          record.retryAfter = answer.headers.get('retry-after');
          if (answer.status === 201) record.ref = String((answer.json as { id?: unknown }).id);
          if (answer.status === 200) record.ref = sessionOf(answer);
        } catch (error) {
          if (!(error instanceof NetworkError)) throw error;
          record.network = error.message;
        }
        record.answered = phase;
        attempts.push(record);
      };
      const worker = async (kind: Attempt['kind']) => {
        while (!finished) await attempt(kind);
      };
      const acknowledged = (a: Attempt) => a.status === 200 || a.status === 201;

      const existing = await h.redis.withClient(async (client) => ({ bookings: (await bookingLayout(client)).records, registrations: (await leagueLayout(client)).records }));
      const workers = [worker('booking'), worker('booking'), worker('league'), worker('league')];
      try {
        await waitFor(() => attempts.filter((a) => a.answered === 'before' && acknowledged(a)).length >= 24);
        phase = 'stopping';
        await h.redis.stop();
        phase = 'down';
        await waitFor(() => attempts.filter((a) => a.sent === 'down' && a.answered === 'down').length >= 16);
        const health = await h.call('faults', 'GET', '/api/health');
        expect([health.status, health.json]).toEqual([503, { ok: false, store: 'unreachable', error: 'The data store is unreachable.' }]);
        const list = await h.call('faults', 'GET', '/api/admin/event-bookings', { cookie: h.adminCookie });
        expect([list.status, list.json]).toEqual([503, { error: STORE_UNAVAILABLE_MESSAGE }]);
        phase = 'starting';
        await h.redis.launch();
        phase = 'after';
        await waitFor(() => attempts.filter((a) => a.sent === 'after' && acknowledged(a)).length >= 24);
      } finally {
        finished = true;
        await Promise.all(workers);
        if (!h.redis.running) await h.redis.launch();
      }

      // Every answer: acknowledged, or 503 with Retry-After and the visitor message; never another
      // status, never no answer. While Redis was down, only 503.
      expect(attempts.filter((a) => a.network !== undefined).map((a) => a.network)).toEqual([]);
      expect(attempts.filter((a) => !acknowledged(a) && a.status !== 503).map((a) => `${a.kind} ${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
      const unavailable = attempts.filter((a) => a.status === 503);
      expect(unavailable.filter((a) => a.retryAfter === null || JSON.stringify(a.body) !== JSON.stringify({ error: STORE_UNAVAILABLE_MESSAGE }))).toEqual([]);
      expect(attempts.filter((a) => a.sent === 'down' && a.answered === 'down' && a.status !== 503)).toEqual([]);
      expect(unavailable.length).toBeGreaterThanOrEqual(16);

      // Nothing half-written, and every acknowledged request stored (pending, with its Checkout session).
      const [bookings, league] = await h.redis.withClient(async (client) => [await bookingLayout(client), await leagueLayout(client)] as const);
      expect({ indexedWithoutRecord: bookings.indexedWithoutRecord, recordsWithoutIndex: bookings.recordsWithoutIndex }).toEqual({ indexedWithoutRecord: [], recordsWithoutIndex: [] });
      expect(league.problems).toEqual([]);
      const lostBookings = attempts.filter((a) => a.kind === 'booking' && a.status === 201 && !(bookings.records.has(a.ref!) && bookings.indexed.has(a.ref!)));
      const acknowledgedRegistrations = attempts.filter((a) => a.kind === 'league' && a.status === 200).flatMap((a) => registrationsOf(h, a.ref!).map((id) => ({ id, session: a.ref! })));
      const lostRegistrations = acknowledgedRegistrations.filter(({ id, session }) => !league.records.has(id) || league.statuses.get(id) !== 'pending' || league.checkouts.get(id) !== session);
      h.recorder.lost('faults', lostBookings.length + lostRegistrations.length);
      expect(lostBookings.map((a) => a.ref)).toEqual([]);
      expect(lostRegistrations).toEqual([]);
      expect(acknowledgedRegistrations.length).toBeGreaterThan(0);

      // Stored though the visitor was told 503 (Redis ended after executing the write, before the
      // answer left, or between the reservation and attaching the Checkout session): allowed, and
      // such a registration is only ever pending.
      const ackedBookings = new Set(attempts.filter((a) => a.status === 201).map((a) => a.ref));
      const ackedRegistrations = new Set(acknowledgedRegistrations.map(({ id }) => id));
      const unacknowledged = {
        bookings: [...bookings.records].filter((id) => !existing.bookings.has(id) && !ackedBookings.has(id)).length,
        registrations: [...league.records].filter((id) => !existing.registrations.has(id) && !ackedRegistrations.has(id)),
      };
      expect(unacknowledged.registrations.filter((id) => league.statuses.get(id) !== 'pending')).toEqual([]);
      const inSomeCheckout = new Set([...h.emulator.state.sessions.values()].flatMap((session) => (session.metadata['registrationIds'] ?? '').split(',')));
      const withCheckout = unacknowledged.registrations.filter((id) => inSomeCheckout.has(id)).length;
      console.log(
        `Redis stopped mid-run: ${attempts.length} requests (${attempts.filter(acknowledged).length} acknowledged, ${unavailable.length} answered 503); ` +
          `stored without acknowledgement: ${unacknowledged.bookings} bookings, ${unacknowledged.registrations.length} pending registrations ` +
          `(${withCheckout} with a Checkout session, which expires them; ${unacknowledged.registrations.length - withCheckout} without)`,
      );

      // Normal service.
      const health = await h.call('faults', 'GET', '/api/health');
      expect([health.status, health.json]).toEqual([200, { ok: true, store: 'ok' }]);
      const fresh = await h.call('faults', 'POST', '/api/event-booking', { body: booking('fault-after-restart') });
      expect(fresh.status).toBe(201);
      const stored = await h.redis.withClient((client) => client.get(`events:req:${String((fresh.json as { id: string }).id)}`));
      expect(JSON.parse(stored ?? '{}')).toMatchObject({ email: 'fault-after-restart@example.com' });
    });

    it('Stripe refusing connections, resetting them or answering 500: 502 with the visitor message, nothing left in the store, service back after', async () => {
      const h = harness();
      // The outbox sends earlier bookings' messages in the background meanwhile: not this test's business.
      const unrelated = (key: string) => /^ratelimit:/.test(key) || /^admin:login:fail:/.test(key) || /^mail:/.test(key);
      const payment502 = [502, { error: PAYMENTS_UNAVAILABLE_MESSAGE }];
      const modes: StripeFaultMode[] = ['refused', 'reset', 'error500'];
      try {
        for (const mode of modes) {
          await h.proxy.setMode(mode);
          const before = await h.redis.withClient(snapshot);
          const registration = await h.call('faults', 'POST', '/api/league-registration-multi', {
            body: { sessionRegistrations: [leagueEntry('fall', `stripe-${mode}`), leagueEntry('spring', `stripe-${mode}`)] },
          });
          expect([registration.status, registration.json], `league registration, Stripe ${mode}`).toEqual(payment502);
          const subscription = await h.call('faults', 'POST', '/api/create-subscription', { body: { membershipTier: 'Bogey', billingTerm: '6-month' } });
          expect([subscription.status, subscription.json], `membership checkout, Stripe ${mode}`).toEqual(payment502);
          for (const path of ['/api/admin/members', '/api/admin/database-stats']) {
            const answer = await h.call('faults', 'GET', path, { cookie: h.adminCookie });
            expect([answer.status, answer.json], `${path}, Stripe ${mode}`).toEqual(payment502);
          }
          const lookup = await h.call('faults', 'GET', '/api/checkout-session/cs_test_during_outage');
          expect([lookup.status, lookup.json], `checkout lookup, Stripe ${mode}`).toEqual(payment502);
          // The registrations reserved before Checkout failed were removed again: nothing pending
          // without a Checkout session, nothing left in the capacity sets.
          const after = await h.redis.withClient(snapshot);
          expect(diffSnapshots(before, after, unrelated), `store after Stripe ${mode}`).toEqual({ added: [], removed: [], changed: [] });
          if (mode !== 'refused') expect(h.proxy.seen[mode], `requests that met ${mode}`).toBeGreaterThan(0);
        }

        // A payment completed while Stripe cannot be reached from the site: the webhook is refused
        // (502) so Stripe retries it; once Stripe is back, the retry completes the registration.
        await h.proxy.setMode('pass');
        const paid = await h.call('faults', 'POST', '/api/league-registration-multi', { body: { sessionRegistrations: [leagueEntry('winter', 'stripe-webhook-retry')] } });
        expect(paid.status).toBe(200);
        const session = sessionOf(paid);
        await h.proxy.setMode('refused');
        const { events } = await h.emulator.completeCheckout(session, { email: 'ann.stripe-webhook-retry@example.com' });
        const completed = events.find((event) => event.type === 'checkout.session.completed')!;
        const failedDelivery = h.emulator.state.deliveries.filter((delivery) => delivery.eventId === completed.id);
        expect(failedDelivery.map((delivery) => [delivery.ok, delivery.status])).toEqual([[false, 502]]);
        const ids = registrationsOf(h, session);
        const statuses = () => h.redis.withClient(async (client) => Promise.all(ids.map((id) => client.hGet('league:status', id))));
        expect(await statuses()).toEqual(ids.map(() => 'pending'));
        await h.proxy.setMode('pass');
        expect((await h.emulator.resendEvent(completed.id))?.status).toBe(200);
        expect(await statuses()).toEqual(ids.map(() => 'completed'));
      } finally {
        await h.proxy.setMode('pass');
      }

      // Normal service.
      const registration = await h.call('faults', 'POST', '/api/league-registration-multi', { body: { sessionRegistrations: [leagueEntry('fall', 'stripe-back')] } });
      expect(registration.status).toBe(200);
      const subscription = await h.call('faults', 'POST', '/api/create-subscription', { body: { membershipTier: 'Bogey', billingTerm: '6-month' } });
      expect(subscription.status).toBe(200);
      const members = await h.call('faults', 'GET', '/api/admin/members', { cookie: h.adminCookie });
      expect(members.status).toBe(200);
      h.recorder.lost('faults', 0);
    });

    it('a webhook delivered twice, concurrently and out of order changes each registration exactly once', async () => {
      const h = harness();
      const registered = await h.call('faults', 'POST', '/api/league-registration-multi', {
        body: { sessionRegistrations: [leagueEntry('fall', 'webhook-order'), leagueEntry('winter', 'webhook-order')] },
      });
      expect(registered.status).toBe(200);
      const session = sessionOf(registered);
      const ids = registrationsOf(h, session);
      expect(ids).toHaveLength(2);

      let eventCounter = 0;
      const deliver = async (event: Record<string, unknown>) => {
        const payload = JSON.stringify(event);
        return h.http.send('faults', {
          method: 'POST',
          path: '/api/stripe-webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader(payload, h.emulator.webhookSecret) },
          body: payload,
        });
      };
      const event = (type: string, createdAgo: number) => {
        eventCounter += 1;
        return { id: `evt_order_${eventCounter}`, object: 'event', type, created: Math.floor(Date.now() / 1000) - createdAgo, livemode: false, data: { object: { id: session, object: 'checkout.session' } } };
      };

      // Count the payment-status writes Redis itself performs (keyspace notifications on league:status).
      const changes: string[] = [];
      await h.redis.withClient(async (client) => {
        await client.configSet('notify-keyspace-events', 'Kh');
        const subscriber = client.duplicate();
        subscriber.on('error', () => undefined);
        await subscriber.connect();
        try {
          await subscriber.subscribe('__keyspace@0__:league:status', (message) => changes.push(message));

          // 1. An expired event arrives before the payment (its session is still open): nothing changes.
          const early = event('checkout.session.expired', 120);
          expect((await deliver(early)).json).toEqual({ received: true });
          // 2. The payment: Stripe sends checkout.session.completed (the emulator delivers it).
          const { events } = await h.emulator.completeCheckout(session, { email: 'ann.webhook-order@example.com' });
          const completed = events.find((candidate) => candidate.type === 'checkout.session.completed')!;
          // 3. The same event again, twice at once (Stripe's "Resend" and a retry crossing), and by hand.
          const resent = await Promise.all([h.emulator.resendEvent(completed.id), h.emulator.resendEvent(completed.id)]);
          expect(resent.map((delivery) => delivery?.status)).toEqual([200, 200]);
          expect((await deliver(completed as unknown as Record<string, unknown>)).json).toEqual({ received: true, duplicate: true });
          // 4. Late and older events: the early expired one again, a new older expired one, a failed payment.
          expect((await deliver(early)).json).toEqual({ received: true, duplicate: true });
          expect((await deliver(event('checkout.session.expired', 600))).json).toEqual({ received: true });
          expect((await deliver(event('checkout.session.async_payment_failed', 300))).json).toEqual({ received: true });
          // 5. A new completed event delivered twice at once: one processes (nothing left to change),
          //    the other is a duplicate or told to retry while the first is in progress.
          const twin = event('checkout.session.completed', 0);
          const twins = await Promise.all([deliver(twin), deliver(twin)]);
          expect(['[200,200]', '[200,409]']).toContain(JSON.stringify(twins.map((answer) => answer.status).sort()));

          // Every write above has executed: a marker published now reaches the subscriber after all
          // their notifications (one connection, in order).
          await client.publish('__keyspace@0__:league:status', 'marker');
          await waitFor(() => changes.includes('marker'));
        } finally {
          await subscriber.unsubscribe().catch(() => undefined);
          subscriber.destroy();
          await client.configSet('notify-keyspace-events', '');
        }
      });
      expect(changes.filter((change) => change !== 'marker'), 'HSET commands on league:status (one per registration: pending → completed)').toEqual(['hset', 'hset']);
      const statuses = await h.redis.withClient(async (client) => Promise.all(ids.map((id) => client.hGet('league:status', id))));
      expect(statuses).toEqual(['completed', 'completed']);
      const listed = await h.call('faults', 'GET', '/api/admin/league-registrations', { cookie: h.adminCookie });
      const mine = (listed.json as Array<{ id: string; paymentStatus: string }>).filter((registration) => ids.includes(registration.id));
      expect(mine.map((registration) => registration.paymentStatus)).toEqual(['completed', 'completed']);
    });

    it('mail server refusing, unreachable, silent or dropping connections: bookings answered at once and stored, messages queued, sent once when it is back', async () => {
      const h = harness();
      const modes: SmtpFaultMode[] = ['refuse', 'refused', 'timeout', 'drop'];
      const bookings: Array<{ id: string; email: string }> = [];
      const keysOf = (id: string) => [`event-request-staff:${id}`, `event-request-received:${id}`];
      try {
        for (const mode of modes) {
          await h.smtpProxy.setMode(mode);
          // The transport's pooled connection, closed by the switch, is noticed as closed before the next send.
          await sleep(500);
          const email = `mail-fault-${mode}@example.com`;
          const started = performance.now();
          const answer = await h.call('faults', 'POST', '/api/event-booking', { body: { ...booking('unused'), email } });
          // The transport waits up to 5 s for a silent server's greeting; the visitor never does.
          expect(performance.now() - started, `booking answer time, mail server ${mode}`).toBeLessThan(4_000);
          expect(answer.status, `booking, mail server ${mode}`).toBe(201);
          const id = String((answer.json as { id: string }).id);
          bookings.push({ id, email });
          // Each message meets the fault once, after the answer, then waits for its next attempt.
          const attempted = () => h.redis.withClient(async (client) => (await client.hmGet('mail:attempts', keysOf(id))).every((value) => value === '1'));
          const deadline = Date.now() + 30_000;
          while (!(await attempted()) && Date.now() < deadline) await sleep(100);
          expect(await attempted(), `both messages attempted once, mail server ${mode}`).toBe(true);
        }
        const keys = bookings.flatMap((entry) => keysOf(entry.id));
        const [statuses, stored] = await h.redis.withClient((client) =>
          Promise.all([client.hmGet('mail:status', keys), Promise.all(bookings.map((entry) => client.exists(`events:req:${entry.id}`)))]),
        );
        expect(statuses).toEqual(keys.map(() => 'queued'));
        expect(stored).toEqual(bookings.map(() => 1));
        const errors = await h.redis.withClient((client) => client.hmGet('mail:error', keys));
        for (const mode of modes.filter((candidate) => candidate !== 'refused')) expect(h.smtpProxy.seen[mode], `connections that met ${mode} (errors: ${errors.join(' | ')})`).toBeGreaterThan(0);
        expect((await h.mail.messages()).filter((message) => bookings.some((entry) => message.envelopeTo.includes(entry.email)))).toEqual([]);
      } finally {
        await h.smtpProxy.setMode('pass');
      }

      // Time passes (the backoff's wait), then the scheduled run, twice: each message arrives once.
      const keys = bookings.flatMap((entry) => keysOf(entry.id));
      await h.redis.withClient((client) => client.zAdd('mail:queue', keys.map((key) => ({ score: 0, value: key })), { XX: true }));
      for (let run = 0; run < 2; run += 1) {
        const ran = await fetch(`${h.http.base}/.netlify/local-runtime/scheduled-functions/mail-outbox`, { method: 'POST' });
        expect(ran.status).toBeLessThan(300);
      }
      for (const entry of bookings) {
        const mine = (await h.mail.messages()).filter((message) => message.envelopeTo.includes(entry.email) || message.replyTo.includes(entry.email));
        expect(mine.map((message) => (message.subject.startsWith('Event request:') ? 'staff' : message.subject.startsWith('We received your event request') ? 'receipt' : message.subject)).sort(), entry.email).toEqual(['receipt', 'staff']);
      }
      const statuses = await h.redis.withClient((client) => client.hmGet('mail:status', keys));
      expect(statuses).toEqual(keys.map(() => 'sent'));
      h.recorder.lost('faults', 0);
    });
  });
}
