// The scheduled payment reconciliation against the Stripe emulator: registrations whose webhook
// never arrived are settled by one run, exactly as the webhook would have settled them.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import reconcilePayments from '../../netlify/functions/reconcile-payments';
import register from '../../netlify/functions/league-registration-multi';
import { PENDING_HOLD_MS } from '../../src/server/league/register';
import { REGS_KEY, STATUS_KEY } from '../../src/server/league/registrations-store';
import { getStore } from '../../src/server/store';
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
    const store = getStore();
    const evaluate = store.eval.bind(store);
    const changes: number[] = [];
    vi.spyOn(store, 'eval').mockImplementation(async (...args: Parameters<typeof store.eval>) => {
      const result = await evaluate(...args);
      if (args[1][0] === STATUS_KEY && args[2][0] === 'completed') changes.push(Number(result));
      return result;
    });
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
});
