// The dry run of adding a paid product: a "test product" (a fake feature with its own store, settle,
// lapsed payments and refund, as src/features/<feature>/server/paid-product.ts would hold) is added to
// the registry with one line, and the webhook and the reconciler dispatch to it with no other change.
// Also: a Checkout session of a kind no product has is acknowledged, recorded as done and logged.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import stripeWebhook from '../../netlify/functions/stripe-webhook';
import { paidProducts } from '../../src/features/paid-products';
import { reconcilePayments } from '../../src/shared/payments/reconcile';
import { paymentRegistry, type OwedRefund, type PaidProduct, type Settlement, type SettleStep } from '../../src/shared/payments/registry';
import { getStripe, type Stripe } from '../../src/shared/payments/stripe-client';
import { EVENT_DONE_TTL_SECONDS, processWebhook } from '../../src/shared/payments/webhook';
import { getStore, withStore } from '../../src/shared/server/store';
import { clearStore, restoreStoreEnv, withRedis } from './api-helpers';
import { signedWebhook, startPaymentsHarness, type PaymentsHarness } from './payments-harness';

// ── The fake feature: putting-green passes, paid through Checkout ───────────────────────────────
const KIND = 'test-product';
const STATUS_KEY = 'test-product:status';
const LAPSE_KEY = 'test-product:lapse';
const CHECKOUT_KEY = 'test-product:checkout';
const REFUNDED_KEY = 'test-product:refunded';
const DISPUTES_KEY = 'test-product:disputes';
const LAPSE_MS = 60 * 60_000;

/** Moves an order's status forward (pending → expired → paid; a cancelled order's payment is owed back), marking the event done when nothing is owed. */
const SETTLE_SCRIPT = `
local statusKey, lapseKey, eventKey = KEYS[1], KEYS[2], KEYS[3]
local id, status, ttl = ARGV[1], ARGV[2], tonumber(ARGV[3])
local rank = { pending = 0, expired = 1, paid = 2 }
local current = redis.call('HGET', statusKey, id)
if not current then return 'missing' end
if current == 'cancelled' then return status == 'paid' and 'owed' or 'unchanged' end
local answer = 'unchanged'
if rank[status] > rank[current] then
  redis.call('HSET', statusKey, id, status)
  redis.call('ZREM', lapseKey, id)
  answer = 'changed'
end
if eventKey ~= '' then redis.call('SET', eventKey, 'done', 'EX', ttl) end
return answer
`;

type PassSessionField = 'metadata' | 'status' | 'payment_status' | 'payment_intent' | 'amount_total';

async function settlePass(session: Pick<Stripe.Checkout.Session, PassSessionField>, step: SettleStep): Promise<Settlement> {
  const id = session.metadata?.['orderId'] ?? '';
  const status = session.status === 'expired' ? 'expired' : session.status === 'complete' && session.payment_status === 'paid' ? 'paid' : null;
  if (!id || !status) return { changed: 0, queued: [], markedDone: false };
  const answer = await withStore((store) => store.eval<(string | number)[], string>(SETTLE_SCRIPT, [STATUS_KEY, LAPSE_KEY, step.done?.key ?? ''], [id, status, step.done?.ttlSeconds ?? 0]));
  const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : '';
  if (answer === 'owed') return { changed: 0, queued: [], markedDone: false, owed: { reference: id, paymentIntent, amountCents: session.amount_total ?? 0 } };
  return { changed: answer === 'changed' ? 1 : 0, queued: [], markedDone: answer !== 'missing' && step.done !== null };
}

const testProduct: PaidProduct<PassSessionField> = {
  kind: KIND,
  settle: settlePass,
  async lapsed(now) {
    const ids = await withStore((store) => store.zrange<string[]>(LAPSE_KEY, '-inf', now, { byScore: true }));
    const sessions = ids.length > 0 ? ((await withStore((store) => store.hmget<Record<string, string>>(CHECKOUT_KEY, ...ids))) ?? {}) : {};
    return { sessions: ids.reverse().flatMap((id) => (sessions[id] ? [sessions[id]] : [])), changed: 0 };
  },
  async refund(owed: OwedRefund) {
    await getStripe().refunds.create({ payment_intent: owed.paymentIntent, amount: owed.amountCents }, { idempotencyKey: `test-product-refund-${owed.reference}` });
    await withStore((store) => store.hset(REFUNDED_KEY, { [owed.reference]: owed.amountCents }));
  },
  events: {
    types: ['charge.dispute.created'],
    async apply(event, step) {
      await withStore((store) => {
        const transaction = store.multi().rpush(DISPUTES_KEY, event.id);
        if (step.done) transaction.set(step.done.key, 'done', { ex: step.done.ttlSeconds });
        return transaction.exec();
      });
      return { changed: 1, queued: [], markedDone: step.done !== null };
    },
  },
};

// ── The one registry line ───────────────────────────────────────────────────────────────────────
const registry = paymentRegistry([...paidProducts.products, testProduct]);

let payments: PaymentsHarness;

/** Orders a pass: its Checkout session (kind set), stored as pending with its lapse. */
async function orderPass(id: string, now = Date.now()): Promise<string> {
  const session = await payments.stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 2500, product_data: { name: 'Putting green pass' } } }],
    metadata: { kind: KIND, orderId: id },
    success_url: 'http://localhost:8888/done',
    cancel_url: 'http://localhost:8888/',
  });
  await withStore((store) => store.multi().hset(STATUS_KEY, { [id]: 'pending' }).hset(CHECKOUT_KEY, { [id]: session.id }).zadd(LAPSE_KEY, { score: now + LAPSE_MS, member: id }).exec());
  return session.id;
}

/** Delivers a signed event through the shared webhook with the registry that lists the test product. */
async function deliver(event: object) {
  const request = signedWebhook(event, payments.emulator.webhookSecret);
  return processWebhook(await request.text(), request.headers.get('stripe-signature'), registry);
}

const statusOf = (id: string) => withRedis((redis) => redis.hGet(STATUS_KEY, id));
const completedEvent = <Event extends { type: string }>(events: readonly Event[]) => events.find((event) => event.type === 'checkout.session.completed')!;

describe('adding a paid product: the registry line is all the shared code needs', () => {
  beforeAll(async () => {
    payments = await startPaymentsHarness();
  });
  afterAll(async () => payments.close());
  beforeEach(async () => {
    payments.useEnv();
    // The events are delivered by the test, through the registry that lists the test product.
    payments.emulator.webhookUrl = undefined;
    await clearStore();
    await withRedis((redis) => redis.del([STATUS_KEY, LAPSE_KEY, CHECKOUT_KEY, REFUNDED_KEY, DISPUTES_KEY]));
  });
  afterEach(() => {
    restoreStoreEnv();
    vi.restoreAllMocks();
  });

  it('the webhook settles the test product’s Checkout, marks the event done in its step, and answers a replay as a duplicate', async () => {
    const sessionId = await orderPass('o-1');
    const { events } = await payments.emulator.completeCheckout(sessionId, { email: 'pat@example.com' });
    const completed = completedEvent(events);
    const set = vi.spyOn(getStore(), 'set');
    expect(await deliver(completed)).toEqual({ answer: { received: true }, queued: [] });
    // Done in the product's own script, not by a second write after it.
    expect(set).not.toHaveBeenCalled();
    expect(await statusOf('o-1')).toBe('paid');
    expect(await withRedis((redis) => redis.get(`stripe:event:${completed.id}`))).toBe('done');
    expect(await deliver(completed)).toEqual({ answer: { received: true, duplicate: true }, queued: [] });
  });

  it('the webhook refunds through the product a payment it cannot honour', async () => {
    const sessionId = await orderPass('o-2');
    await withStore((store) => store.hset(STATUS_KEY, { 'o-2': 'cancelled' }));
    const { events } = await payments.emulator.completeCheckout(sessionId, { email: 'pat@example.com' });
    const set = vi.spyOn(getStore(), 'set');
    await deliver(completedEvent(events));
    // Owed: the event is marked done only after the refund, by the webhook.
    expect(set).toHaveBeenCalledWith(`stripe:event:${completedEvent(events).id}`, 'done', { ex: EVENT_DONE_TTL_SECONDS });
    const paymentIntent = (await payments.stripe.checkout.sessions.retrieve(sessionId)).payment_intent as string;
    expect((await payments.stripe.refunds.list({ payment_intent: paymentIntent })).data.map((refund) => refund.amount)).toEqual([2500]);
    expect(await withRedis((redis) => redis.hGet(REFUNDED_KEY, 'o-2'))).toBe('2500');
    expect(await withRedis((redis) => redis.get(`stripe:event:${completedEvent(events).id}`))).toBe('done');
  });

  it('the webhook hands the product the other event types it declared', async () => {
    const event = { id: 'evt_test_dispute_1', object: 'event', type: 'charge.dispute.created', created: 1_800_000_000, data: { object: { id: 'dp_1', object: 'dispute' } } };
    expect((await deliver(event)).answer).toEqual({ received: true });
    expect(await withRedis((redis) => redis.lRange(DISPUTES_KEY, 0, -1))).toEqual(['evt_test_dispute_1']);
  });

  it('the reconciler settles a test product payment whose webhook never came, once its payment lapsed', async () => {
    const ordered = Date.now();
    const paid = await orderPass('o-3', ordered);
    const walkedAway = await orderPass('o-4', ordered);
    await payments.emulator.completeCheckout(paid, { email: 'pat@example.com' });
    await payments.emulator.expireCheckout(walkedAway);
    expect(await reconcilePayments(registry, { now: ordered + LAPSE_MS - 1 })).toMatchObject({ checked: 0, changed: 0 });
    expect(await reconcilePayments(registry, { now: ordered + LAPSE_MS + 1 })).toMatchObject({ checked: 2, changed: 2, failed: 0, deferred: 0 });
    expect([await statusOf('o-3'), await statusOf('o-4')]).toEqual(['paid', 'expired']);
    expect(await reconcilePayments(registry, { now: ordered + LAPSE_MS + 2 })).toMatchObject({ checked: 0, changed: 0 });
  });

  it('without its line, the test product’s sessions are of no known product: acknowledged, recorded as done and logged', async () => {
    const sessionId = await orderPass('o-5');
    const { events } = await payments.emulator.completeCheckout(sessionId, { email: 'pat@example.com' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const response = await stripeWebhook(signedWebhook(completedEvent(events), payments.emulator.webhookSecret));
    expect([response.status, await response.json()]).toEqual([200, { received: true }]);
    expect(await withRedis((redis) => redis.get(`stripe:event:${completedEvent(events).id}`))).toBe('done');
    expect(warn).toHaveBeenCalledWith('[webhook]', completedEvent(events).id, 'checkout.session.completed', `Checkout session ${sessionId} is of no known product (kind "${KIND}"): ignored`);
    expect(await statusOf('o-5')).toBe('pending');
    // Nor does the reconciler ask about them.
    expect(await reconcilePayments(paidProducts, { now: Date.now() + 2 * LAPSE_MS })).toMatchObject({ checked: 0 });
  });
});
