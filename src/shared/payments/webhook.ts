/**
 * POST /api/stripe-webhook: verified on the raw body, each event id processed once, correct in any
 * arrival order. A Checkout event re-reads its session from Stripe and hands it to the paid product
 * its metadata `kind` names (src/shared/payments/registry.ts); other events go to the product that
 * declared their type. Products only move their records forward, so a late or repeated event never
 * undoes a later one.
 *
 * Redis: `stripe:event:{id}` is claimed with SET NX ('processing', 2 minutes) and set to 'done'
 * (7 days) with the product's change where it can, else just after: two round trips. A failure
 * releases the claim so Stripe's retry is processed; an event being processed answers 409.
 */
import { readStripeWebhookSecret } from '../server/env';
import type { WebhookAnswer } from '../contract/stripe-webhook';
import { HttpError } from '../server/request';
import { withStore } from '../server/store';
import { getStripe, isMissingResource, Stripe } from './stripe-client';
import { CHECKOUT_SESSION_ID } from './checkout-lookup';
import { refundOwed, settleThrough, type PaymentRegistry, type Settlement } from './registry';

export const EVENT_DONE_TTL_SECONDS = 7 * 24 * 60 * 60;
export const EVENT_CLAIM_TTL_SECONDS = 120;
export const eventKey = (id: string) => `stripe:event:${id}`;

const CHECKOUT_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

export const INVALID_EVENT_MESSAGE = 'Invalid webhook event.';

/**
 * Whether a verified payload has what the handler relies on: an event object with an id (at most
 * 255 characters, as Stripe's are), a type and a `data.object`. The signature only proves who sent
 * it; this keeps a malformed payload from failing later with a 500 (or being recorded as done).
 */
export function isWellFormedEvent(value: unknown): value is Stripe.Event {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const event = value as { id?: unknown; type?: unknown; data?: unknown };
  if (typeof event.id !== 'string' || event.id === '' || event.id.length > 255 || typeof event.type !== 'string') return false;
  const data = event.data as { object?: unknown } | null | undefined;
  return typeof data === 'object' && data !== null && typeof data.object === 'object' && data.object !== null;
}

/** Verifies the signature; 400 when it is missing or wrong, or when the signed payload is not an event. */
export function verifyEvent(rawBody: string, signature: string | null, env: NodeJS.ProcessEnv = process.env): Stripe.Event {
  const secret = readStripeWebhookSecret(env);
  if (!secret) {
    console.error('[webhook] STRIPE_WEBHOOK_SECRET is not set');
    throw new HttpError(503, 'Webhook endpoint is not configured.');
  }
  if (!signature) throw new HttpError(400, 'Missing Stripe-Signature header.');
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new HttpError(400, 'Invalid webhook signature.');
  }
  if (!isWellFormedEvent(event)) throw new HttpError(400, INVALID_EVENT_MESSAGE);
  return event;
}

/** The answer to Stripe, and the keys of the messages the event queued (to send after answering). */
export interface WebhookOutcome {
  answer: WebhookAnswer;
  queued: readonly string[];
}

export async function processWebhook(rawBody: string, signature: string | null, registry: PaymentRegistry): Promise<WebhookOutcome> {
  const event = verifyEvent(rawBody, signature);
  const key = eventKey(event.id);
  const [claimed, current] = (await withStore((store) =>
    store.pipeline().set(key, 'processing', { nx: true, ex: EVENT_CLAIM_TTL_SECONDS }).get(key).exec(),
  )) as [unknown, unknown];
  if (claimed !== 'OK') {
    // Being processed right now by another delivery: ask Stripe to retry later rather than lose it.
    if (current === 'processing') throw new HttpError(409, 'This event is being processed; retry later.');
    return { answer: { received: true, duplicate: true }, queued: [] };
  }
  try {
    return { answer: { received: true }, queued: await applyEvent(event, key, registry) };
  } catch (error) {
    await withStore((store) => store.del(key)).catch(() => undefined);
    throw error;
  }
}

/**
 * The event's Checkout session as it is now (never trust the order or the payload's age), or null
 * when there is nothing to read: no well-formed session id, or one Stripe does not know (e.g. the
 * Dashboard's test events name made-up sessions). Retrying those would never succeed, so they are
 * acknowledged and recorded as done rather than answered 5xx for Stripe to retry for days.
 */
async function currentSession(event: Stripe.Event): Promise<Stripe.Checkout.Session | null> {
  const sentId = (event.data.object as { id?: unknown }).id;
  if (typeof sentId !== 'string' || !CHECKOUT_SESSION_ID.test(sentId)) {
    console.warn('[webhook]', event.id, event.type, 'names no valid Checkout session id: ignored');
    return null;
  }
  try {
    return await getStripe().checkout.sessions.retrieve(sentId);
  } catch (error) {
    if (!isMissingResource(error)) throw error;
    console.warn('[webhook]', event.id, event.type, `names Checkout session ${sentId}, which Stripe does not know: ignored`);
    return null;
  }
}

/**
 * Applies the event through the product it concerns; answers the keys of the messages it queued.
 * A Checkout event goes to the product its session's `kind` names (unknown kinds are logged and
 * acknowledged: retrying cannot teach the site a product); any other event to the product that
 * declared its type. The event is marked done in the product's own atomic step, else here after it.
 */
async function applyEvent(event: Stripe.Event, key: string, registry: PaymentRegistry): Promise<readonly string[]> {
  const step = { trigger: event.type, done: { key, ttlSeconds: EVENT_DONE_TTL_SECONDS }, now: Date.now() };
  let settled: Settlement | null = null;
  if (CHECKOUT_EVENTS.has(event.type)) {
    const session = await currentSession(event);
    const product = session ? registry.productOf(session.metadata) : null;
    if (session && !product) console.warn('[webhook]', event.id, event.type, `Checkout session ${session.id} is of no known product (kind "${session.metadata?.['kind'] ?? ''}"): ignored`);
    if (session && product) settled = await settleThrough(product, session, step);
  } else {
    const product = registry.eventsOf(event.type);
    if (product?.events) {
      settled = await product.events.apply(event, step);
      await refundOwed(product, settled);
    }
  }
  if (!settled?.markedDone) await withStore((store) => store.set(key, 'done', { ex: EVENT_DONE_TTL_SECONDS }));
  return settled?.queued ?? [];
}
