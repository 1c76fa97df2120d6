// The scheduled payment reconciliation against the Stripe emulator: league registrations and bay
// holds whose webhook never arrived are settled by one run, exactly as the webhook would have
// settled them, within the run's limit and time budget.
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import reconcilePayments from '../../netlify/functions/reconcile-payments';
import register from '../../netlify/functions/league-registration-multi';
import hold from '../../netlify/functions/bay-hold';
import { HOLD_GRACE_MS } from '../../src/features/bay-booking/server/booking';
import { bookingKey, HOLDS_KEY, readBooking } from '../../src/features/bay-booking/server/store';
import { PENDING_HOLD_MS } from '../../src/features/league/server/register';
import { CHECKOUT_KEY, REGS_KEY, STATUS_KEY } from '../../src/features/league/server/registrations-store';
import { paidProducts } from '../../src/features/paid-products';
import { LAPSED_PER_RUN } from '../../src/features/bay-booking/server/paid-product';
import { reconcilePayments as reconcile, SESSION_TRIES, UNKNOWN_SESSIONS_KEY } from '../../src/shared/payments/reconcile';
import { RUN_BUDGET_MS, runBudget } from '../../src/shared/server/run-budget';
import { getStore } from '../../src/shared/server/store';
import { getStripe, Stripe } from '../../src/shared/payments/stripe-client';
import { nextBookableDay } from '../support/bay-dates';
import { sampleLeagueEntry } from '../support/sample-requests';
import { apiRequest, clearStore, restoreStoreEnv, withRedis } from './api-helpers';
import { afterAnswerContext, STAFF_TO, useMailCatcher } from './mail-helpers';
import { startPaymentsHarness, useDeadStripe, type PaymentsHarness } from './payments-harness';

let payments: PaymentsHarness;
const mail = useMailCatcher();

/** What Netlify's scheduler sends; awaits the work the run leaves for after its answer. */
async function scheduledRun(): Promise<Response> {
  const { context, settled } = afterAnswerContext();
  const answer = await reconcilePayments(new Request('http://localhost/.netlify/functions/reconcile-payments', { method: 'POST', body: JSON.stringify({ next_run: new Date().toISOString() }) }), context);
  await settled();
  return answer;
}

/** Registers a team for `sessions` and answers the Checkout session id and the registration ids. */
async function registerTeam(sessions: string[], team: string): Promise<{ sessionId: string; ids: string[] }> {
  const response = await register(apiRequest('/api/league-registration-multi', { body: { sessionRegistrations: sessions.map((session) => sampleLeagueEntry(session, team)) } }));
  expect(response.status).toBe(200);
  const sessionId = String(((await response.json()) as { checkoutUrl: string }).checkoutUrl).split('/').at(-1)!;
  const ids = payments.emulator.state.sessions.get(sessionId)!.metadata['registrationIds']!.split(',');
  return { sessionId, ids };
}

/** Makes registrations look as old as `ms` (their registration time in the index moves back). */
async function age(ids: readonly string[], ms: number): Promise<void> {
  await withRedis(async (redis) => {
    for (const id of ids) {
      const score = await redis.zScore(REGS_KEY, id);
      await redis.zAdd(REGS_KEY, { score: score! - ms, value: id });
    }
  });
}

/** Holds a bay through the function (Checkout created) and answers the booking and session ids. */
async function holdBay(start: string): Promise<{ bookingId: string; sessionId: string }> {
  const body = { date: nextBookableDay('Friday'), start, lengthMinutes: 60, partySize: 2, bayType: 'standard', name: 'Robin Fairway', email: 'robin@example.com', phone: '608-555-0142' };
  const response = await hold(apiRequest('/api/bay-hold', { body }));
  expect(response.status).toBe(200);
  const { url, bookingId } = (await response.json()) as { url: string; bookingId: string };
  return { bookingId, sessionId: url.split('/').at(-1)! };
}

/** Makes a hold's lapse (and the webhook's grace) lie in the past. */
const lapse = (bookingId: string) => withRedis((redis) => redis.zAdd(HOLDS_KEY, { score: Date.now() - HOLD_GRACE_MS - 60_000, value: bookingId }));

const statuses = (ids: readonly string[]) => withRedis((redis) => Promise.all(ids.map((id) => redis.hGet(STATUS_KEY, id))));

describe('scheduled payment reconciliation', () => {
  beforeAll(async () => {
    payments = await startPaymentsHarness();
  });
  afterAll(async () => payments.close());
  beforeEach(async () => {
    payments.useEnv();
    payments.emulator.webhookUrl = payments.webhookUrl;
    await clearStore();
  });
  afterEach(() => {
    restoreStoreEnv();
    vi.restoreAllMocks();
  });

  it('completes a paid checkout whose webhook was never delivered, after one run', async () => {
    const { sessionId, ids } = await registerTeam(['fall', 'winter'], 'never-told');
    payments.emulator.webhookUrl = undefined;
    await payments.emulator.completeCheckout(sessionId, { email: 'ann.never-told@example.com' });
    await age(ids, PENDING_HOLD_MS + 60_000);
    expect(await statuses(ids)).toEqual(['pending', 'pending']);

    mail.catcher.clear();
    const answer = await scheduledRun();
    expect(answer.status).toBe(204);
    expect(await statuses(ids)).toEqual(['completed', 'completed']);
    // The players get their confirmation and the staff their notice, as after the webhook.
    const recipients = (await mail.catcher.messages()).map((message) => message.to[0]).sort();
    expect(recipients).toEqual(['ann.never-told@example.com', 'bo.never-told@example.com', STAFF_TO].sort());
  });

  it('expires a registration whose Checkout session expired unpaid', async () => {
    const { sessionId, ids } = await registerTeam(['spring'], 'walked-away');
    payments.emulator.webhookUrl = undefined;
    await payments.emulator.expireCheckout(sessionId);
    await age(ids, PENDING_HOLD_MS + 60_000);

    expect((await scheduledRun()).status).toBe(204);
    expect(await statuses(ids)).toEqual(['expired']);
  });

  it('leaves registrations whose Checkout session may still be paid, and asks Stripe nothing about them', async () => {
    const { sessionId, ids } = await registerTeam(['fall'], 'still-paying');
    payments.emulator.webhookUrl = undefined;
    await payments.emulator.completeCheckout(sessionId, { email: 'ann.still-paying@example.com' });
    await age(ids, PENDING_HOLD_MS - 60_000);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await useDeadStripe();
    expect((await scheduledRun()).status).toBe(204);
    expect(warn).not.toHaveBeenCalled();
    expect(await statuses(ids)).toEqual(['pending']);
  });

  it('changes each record once when the webhook arrives during the run', async () => {
    const { sessionId, ids } = await registerTeam(['fall', 'spring'], 'both-at-once');
    payments.emulator.webhookUrl = undefined;
    const { events } = await payments.emulator.completeCheckout(sessionId, { email: 'ann.both-at-once@example.com' });
    const completed = events.find((event) => event.type === 'checkout.session.completed')!;
    await age(ids, PENDING_HOLD_MS + 60_000);
    payments.emulator.webhookUrl = payments.webhookUrl;

    // Every status write reports how many records it changed: the run's and the webhook's together must be one per record.
    // A script is sent whole (EVAL) the first time, by its hash (EVALSHA) after: both are watched.
    const store = getStore();
    const evaluate = store.eval.bind(store);
    const evaluateSha = store.evalsha.bind(store);
    const changes: number[] = [];
    const watch = (keys: string[], args: unknown[], result: unknown) => {
      if (keys[0] === STATUS_KEY && args[0] === 'completed') changes.push(Number(result));
      return result;
    };
    vi.spyOn(store, 'eval').mockImplementation(async (...args: Parameters<typeof store.eval>) => watch(args[1], args[2], await evaluate(...args)));
    vi.spyOn(store, 'evalsha').mockImplementation(async (...args: Parameters<typeof store.evalsha>) => watch(args[1], args[2], await evaluateSha(...args)));
    const before = payments.webhookAnswers.length;
    const [run, delivery] = await Promise.all([scheduledRun(), payments.emulator.resendEvent(completed.id)]);
    expect(run.status).toBe(204);
    expect(delivery?.status).toBe(200);
    expect(payments.webhookAnswers.slice(before)).toEqual([200]);
    expect(changes.length).toBe(2);
    expect(changes.reduce((sum, changed) => sum + changed, 0)).toBe(ids.length);
    expect(await statuses(ids)).toEqual(['completed', 'completed']);
  });

  it('keeps registrations pending and answers when Stripe is down; the next run heals them', async () => {
    const { sessionId, ids } = await registerTeam(['winter'], 'stripe-down');
    payments.emulator.webhookUrl = undefined;
    await payments.emulator.completeCheckout(sessionId, { email: 'ann.stripe-down@example.com' });
    await age(ids, PENDING_HOLD_MS + 60_000);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await useDeadStripe();
    expect((await scheduledRun()).status).toBe(204);
    expect(await statuses(ids)).toEqual(['pending']);
    payments.useEnv();
    expect((await scheduledRun()).status).toBe(204);
    expect(await statuses(ids)).toEqual(['completed']);
  });
  it('confirms a paid bay hold whose webhook was never delivered, after one run, and mails the guest', async () => {
    const { bookingId, sessionId } = await holdBay('12:00');
    payments.emulator.webhookUrl = undefined;
    await payments.emulator.completeCheckout(sessionId, { email: 'robin@example.com' });
    expect(await readBooking(bookingId)).toMatchObject({ status: 'held' });
    await lapse(bookingId);

    mail.catcher.clear();
    expect((await scheduledRun()).status).toBe(204);
    expect(await readBooking(bookingId)).toMatchObject({ status: 'confirmed' });
    expect((await mail.catcher.messages()).map((message) => message.to[0])).toContain('robin@example.com');
  });

  it('expires at Stripe a bay hold’s session still open past its lapse, and frees the bay', async () => {
    const { bookingId, sessionId } = await holdBay('13:00');
    payments.emulator.webhookUrl = undefined;
    await lapse(bookingId);
    expect((await scheduledRun()).status).toBe(204);
    expect((await payments.stripe.checkout.sessions.retrieve(sessionId)).status).toBe('expired');
    expect(await readBooking(bookingId)).toMatchObject({ status: 'expired' });
  });

  it('confirms a bay booking once when the webhook arrives during the run', async () => {
    const { bookingId, sessionId } = await holdBay('14:00');
    payments.emulator.webhookUrl = undefined;
    const { events } = await payments.emulator.completeCheckout(sessionId, { email: 'robin@example.com' });
    const completed = events.find((event) => event.type === 'checkout.session.completed')!;
    await lapse(bookingId);
    payments.emulator.webhookUrl = payments.webhookUrl;

    // Scripts go by EVAL the first time a client runs them and by EVALSHA after: watch both.
    const store = getStore();
    const evaluate = store.eval.bind(store);
    const evaluateSha = store.evalsha.bind(store);
    const outcomes: string[] = [];
    const note = (keys: string[], result: unknown) => {
      if (keys[0] === bookingKey(bookingId) && (result === 'confirmed' || result === 'already')) outcomes.push(result);
      return result;
    };
    vi.spyOn(store, 'eval').mockImplementation(async (...args: Parameters<typeof store.eval>) => note(args[1], await evaluate(...args)));
    vi.spyOn(store, 'evalsha').mockImplementation(async (...args: Parameters<typeof store.evalsha>) => note(args[1], await evaluateSha(...args)));
    const [run, delivery] = await Promise.all([scheduledRun(), payments.emulator.resendEvent(completed.id)]);
    expect([run.status, delivery?.status]).toEqual([204, 200]);
    expect(outcomes.filter((outcome) => outcome === 'confirmed')).toHaveLength(1);
    expect(await readBooking(bookingId)).toMatchObject({ status: 'confirmed' });
  });

  it('asks Stripe about a session it does not know for a few runs, then gives it up and never asks again', async () => {
    const { ids } = await registerTeam(['fall'], 'forgotten');
    await withRedis((redis) => redis.hSet(CHECKOUT_KEY, ids[0]!, 'cs_test_unknown_to_stripe'));
    await age(ids, PENDING_HOLD_MS + 60_000);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (let run = 1; run < SESSION_TRIES; run += 1) expect(await reconcile(paidProducts)).toMatchObject({ checked: 0, failed: 1, unknown: 0 });
    expect(await withRedis((redis) => redis.zScore(UNKNOWN_SESSIONS_KEY, 'cs_test_unknown_to_stripe'))).toBeNull();
    expect(await reconcile(paidProducts)).toMatchObject({ checked: 0, failed: 0, unknown: 1 });
    expect(warn).toHaveBeenCalledWith('[reconcile]', 'league', 'Checkout session', 'cs_test_unknown_to_stripe', `is unknown to Stripe after ${SESSION_TRIES} runs: given up`);
    expect(await withRedis((redis) => redis.zScore(UNKNOWN_SESSIONS_KEY, 'cs_test_unknown_to_stripe'))).not.toBeNull();

    warn.mockClear();
    await useDeadStripe();
    expect(await reconcile(paidProducts)).toEqual({ checked: 0, changed: 0, failed: 0, deferred: 0, unknown: 0, stripeDown: false, queued: [] });
    expect(warn).not.toHaveBeenCalled();
    expect(await statuses(ids)).toEqual(['pending']);
  });

  it('frees a bay hold whose Checkout session Stripe does not know once it is given up: out of the holds, its bay bookable, never asked about again', async () => {
    const { bookingId } = await holdBay('17:00');
    await withRedis(async (redis) => {
      const record = JSON.parse((await redis.get(bookingKey(bookingId)))!) as Record<string, unknown>;
      await redis.set(bookingKey(bookingId), JSON.stringify({ ...record, checkoutSessionId: 'cs_test_bay_unknown_to_stripe' }));
    });
    await lapse(bookingId);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (let run = 1; run <= SESSION_TRIES; run += 1) await reconcile(paidProducts);
    expect(await readBooking(bookingId)).toMatchObject({ status: 'held' });
    // The next look frees it without asking Stripe.
    await useDeadStripe();
    expect(await reconcile(paidProducts)).toEqual({ checked: 0, changed: 1, failed: 0, deferred: 0, unknown: 0, stripeDown: false, queued: [] });
    expect(await readBooking(bookingId)).toMatchObject({ status: 'expired', holdUntil: 0 });
    expect(await withRedis((redis) => redis.zScore(HOLDS_KEY, bookingId))).toBeNull();
    expect(await reconcile(paidProducts)).toEqual({ checked: 0, changed: 0, failed: 0, deferred: 0, unknown: 0, stripeDown: false, queued: [] });
  });

  it('reads at most its per-run share of lapsed bay holds, the latest first; the next run takes the rest', async () => {
    const lapsedAt = Date.now() - HOLD_GRACE_MS - 60_000;
    const ids = Array.from({ length: LAPSED_PER_RUN + 5 }, (_, index) => `00000000-0000-4000-a000-${String(index).padStart(12, '0')}`);
    await withRedis(async (redis) => {
      const batch = redis.multi();
      ids.forEach((id, index) => {
        const startsAt = Date.parse('2026-12-04T18:00:00.000Z') + index * 3_600_000;
        const record = { id, kind: 'online', status: 'held', bayId: 'bay-1', date: '2026-12-04', start: '12:00', startsAt: new Date(startsAt).toISOString(), endsAt: new Date(startsAt + 3_600_000).toISOString(), lengthMinutes: 60, partySize: 2, name: 'Lapsed', email: 'lapsed@example.com', phone: '', amountCents: 4000, includedMinutes: 0, refundedCents: 0, createdAt: new Date(lapsedAt).toISOString(), holdUntil: lapsedAt - index };
        batch.set(bookingKey(id), JSON.stringify(record)).zAdd(HOLDS_KEY, { score: lapsedAt - index, value: id });
      });
      await batch.exec();
    });
    expect(await reconcile(paidProducts)).toMatchObject({ changed: LAPSED_PER_RUN });
    // The latest lapses went first: the five oldest are still held.
    expect(await withRedis((redis) => redis.zRange(HOLDS_KEY, 0, -1))).toEqual(ids.slice(LAPSED_PER_RUN).reverse());
    expect(await reconcile(paidProducts)).toMatchObject({ changed: 5 });
    expect(await withRedis((redis) => redis.zCard(HOLDS_KEY))).toBe(0);
  });

  it('gives up a session Stripe refuses run after run', async () => {
    const { ids } = await registerTeam(['winter'], 'refused');
    await withRedis((redis) => redis.hSet(CHECKOUT_KEY, ids[0]!, 'cs_test_refused_by_stripe'));
    await age(ids, PENDING_HOLD_MS + 60_000);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // Stripe answers 400 for this one session, as for a request it will never accept.
    const sessions = getStripe().checkout.sessions;
    const retrieve = sessions.retrieve.bind(sessions);
    vi.spyOn(sessions, 'retrieve').mockImplementation(((id: string, ...rest: unknown[]) =>
      id === 'cs_test_refused_by_stripe'
        ? Promise.reject(new Stripe.errors.StripeInvalidRequestError({ message: 'Invalid checkout session', type: 'invalid_request_error', statusCode: 400 }))
        : (retrieve as (...args: unknown[]) => unknown)(id, ...rest)) as typeof sessions.retrieve);
    for (let run = 1; run < SESSION_TRIES; run += 1) expect(await reconcile(paidProducts)).toMatchObject({ failed: 1, unknown: 0 });
    expect(await reconcile(paidProducts)).toMatchObject({ failed: 1, unknown: 1 });
    expect(await reconcile(paidProducts)).toMatchObject({ checked: 0, failed: 0, unknown: 0 });
    expect(vi.mocked(sessions.retrieve)).toHaveBeenCalledTimes(SESSION_TRIES);
  });

  it('asks at most the per-run limit, taking each product in turn; the next run settles the rest', async () => {
    const teams = [await registerTeam(['fall'], 'limit-one'), await registerTeam(['winter'], 'limit-two')];
    const bay = await holdBay('15:00');
    payments.emulator.webhookUrl = undefined;
    for (const { sessionId, ids } of teams) {
      await payments.emulator.expireCheckout(sessionId);
      await age(ids, PENDING_HOLD_MS + 60_000);
    }
    await payments.emulator.expireCheckout(bay.sessionId);
    await lapse(bay.bookingId);

    expect(await reconcile(paidProducts, { limit: 2 })).toMatchObject({ checked: 2, changed: 2, deferred: 1 });
    // The newest registration and the bay first.
    expect([...(await statuses(teams[1]!.ids)), ...(await statuses(teams[0]!.ids))]).toEqual(['expired', 'pending']);
    expect(await readBooking(bay.bookingId)).toMatchObject({ status: 'expired' });
    expect(await reconcile(paidProducts, { limit: 2 })).toMatchObject({ checked: 1, changed: 1, deferred: 0 });
    expect(await statuses(teams[0]!.ids)).toEqual(['expired']);
  });

  it('stops the whole run at the first sign Stripe is down, whatever the product', async () => {
    const team = await registerTeam(['spring'], 'outage');
    const bay = await holdBay('16:00');
    payments.emulator.webhookUrl = undefined;
    await payments.emulator.completeCheckout(team.sessionId, { email: 'ann.outage@example.com' });
    await payments.emulator.completeCheckout(bay.sessionId, { email: 'robin@example.com' });
    await age(team.ids, PENDING_HOLD_MS + 60_000);
    await lapse(bay.bookingId);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    payments.emulator.setOutage(true);
    try {
      expect(await reconcile(paidProducts)).toMatchObject({ checked: 0, changed: 0, failed: 1, deferred: 1 });
    } finally {
      payments.emulator.setOutage(false);
    }
    expect(await reconcile(paidProducts)).toMatchObject({ checked: 2, changed: 2, failed: 0, deferred: 0 });
    expect(await statuses(team.ids)).toEqual(['completed']);
    expect(await readBooking(bay.bookingId)).toMatchObject({ status: 'confirmed' });
  });

  it('starts no Stripe call after its time budget, and none outlasts what is left of it', async () => {
    const teams = [await registerTeam(['fall'], 'slow-one'), await registerTeam(['winter'], 'slow-two')];
    payments.emulator.webhookUrl = undefined;
    for (const { ids } of teams) await age(ids, PENDING_HOLD_MS + 60_000);

    // The budget is spent after the first question: the second waits for the next run.
    let ticks = 0;
    const clock = () => (ticks++ < 2 ? 0 : RUN_BUDGET_MS);
    expect(await reconcile(paidProducts, { run: runBudget(RUN_BUDGET_MS, clock) })).toMatchObject({ checked: 1, deferred: 1 });

    // Stripe accepts the connection and never answers: the run ends with its budget, not Stripe's timeout.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    process.env['STRIPE_API_BASE'] = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const started = Date.now();
      // The one registration left (the first run settled the newer one).
      expect(await reconcile(paidProducts, { run: runBudget(500) })).toMatchObject({ checked: 0, failed: 1, deferred: 0 });
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
