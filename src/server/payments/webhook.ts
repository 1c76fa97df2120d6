/**
 * POST /api/stripe-webhook: verified on the raw body, each event id processed once, correct in any
 * arrival order. Checkout events re-read the session from Stripe and set the registrations' status
 * from its current state; statuses only move forward (pending → failed/expired → completed), so a
 * late or repeated event never undoes a later one.
 *
 * Redis: `stripe:event:{id}` is claimed with SET NX ('processing', 2 minutes) and set to 'done'
 * (7 days) together with the status update: two round trips. A failure releases the claim so
 * Stripe's retry is processed.
 */
import { bayBookingIdOf, settleBayCheckout } from '../bay-booking/settle';
import { readStripeWebhookSecret } from '../env';
import type { PaymentStatus } from '../../domain/api/admin-league-registrations';
import type { WebhookAnswer } from '../../domain/api/stripe-webhook';
import { readPaidRecords, updatePaymentStatus } from '../league/registrations-store';
import { leagueMessages } from '../mail/league-messages';
import { membershipMessage, type MembershipNotice } from '../mail/membership-messages';
import { queueInTransaction } from '../mail/outbox';
import { HttpError } from '../request';
import { withStore } from '../store';
import { getStripe, isMissingResource, Stripe } from '../stripe-client';
import { AUDIT_KEY, AUDIT_LENGTH } from './audit-trail';
import { CHECKOUT_SESSION_ID } from './checkout-lookup';

export const EVENT_DONE_TTL_SECONDS = 7 * 24 * 60 * 60;
export const EVENT_CLAIM_TTL_SECONDS = 120;
export { AUDIT_KEY, AUDIT_LENGTH };
export const eventKey = (id: string) => `stripe:event:${id}`;

const CHECKOUT_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);
/** A renewal (or first) invoice of a subscription could not be paid. */
const INVOICE_PAYMENT_FAILED = 'invoice.payment_failed';
const SUBSCRIPTION_EVENTS = new Set(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']);

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

/**
 * The registrations' status implied by a Checkout session's current state and the event that
 * prompted the look: complete + paid → completed; expired → expired; complete + unpaid after an
 * async payment failure → failed; anything else stays pending. Null when nothing is to be written.
 */
export function statusFromSession(session: Pick<Stripe.Checkout.Session, 'status' | 'payment_status'>, eventType: string): PaymentStatus | null {
  if (session.status === 'expired') return 'expired';
  if (session.status === 'complete') {
    if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return 'completed';
    return eventType === 'checkout.session.async_payment_failed' ? 'failed' : 'pending';
  }
  return null;
}

/** Registration ids a league Checkout session pays (metadata.registrationIds). */
export function registrationIds(session: Pick<Stripe.Checkout.Session, 'metadata'>): string[] {
  const raw = session.metadata?.['registrationIds'] ?? '';
  return raw
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^[A-Za-z0-9-]{1,64}$/.test(id));
}

/** The answer to Stripe, and the keys of the messages the event queued (to send after answering). */
export interface WebhookOutcome {
  answer: WebhookAnswer;
  queued: string[];
}

/** What settling a Checkout session changed: registrations moved, and the messages that queued. */
export interface Settlement {
  changed: number;
  queued: string[];
}

/**
 * Sets the league registrations a Checkout session pays to the status its current state implies,
 * queueing the confirmation mails in the same atomic step when they move to completed: the one
 * transition the webhook and the payment reconciliation share, so both heal the same way.
 * `trigger` is the event type that prompted the look ('' when none did), `done` the webhook event
 * to mark done in the same step. Statuses only move forward, so a second look changes nothing and
 * queues nothing; null when the session sets no registration's status.
 */
export async function settleCheckoutSession(
  session: Pick<Stripe.Checkout.Session, 'mode' | 'metadata' | 'status' | 'payment_status'>,
  trigger: string,
  done: { key: string; ttlSeconds: number } | null,
): Promise<Settlement | null> {
  const ids = session.mode === 'payment' ? registrationIds(session) : [];
  const status = statusFromSession(session, trigger);
  if (ids.length === 0 || !status) return null;
  const messages = await paidMessages(ids, status);
  const changed = await updatePaymentStatus(ids, status, done, messages);
  return { changed, queued: changed > 0 ? messages.map((message) => message.key) : [] };
}

export async function processWebhook(rawBody: string, signature: string | null): Promise<WebhookOutcome> {
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
    return { answer: { received: true }, queued: await applyEvent(event, key) };
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
 * The messages a move to completed sends, built only while some registration is not completed yet
 * (the script queues them only if one actually moves).
 */
async function paidMessages(ids: readonly string[], status: string) {
  if (status !== 'completed') return [];
  const { records, allCompleted } = await readPaidRecords(ids);
  return allCompleted ? [] : leagueMessages(records, new Date());
}

/** Applies the event; answers the keys of the messages it queued. */
async function applyEvent(event: Stripe.Event, key: string): Promise<string[]> {
  const done = { key, ttlSeconds: EVENT_DONE_TTL_SECONDS };
  if (CHECKOUT_EVENTS.has(event.type)) {
    const session = await currentSession(event);
    if (session && bayBookingIdOf(session)) {
      const settled = await settleBayCheckout(session, Date.now());
      await withStore((store) => store.set(key, 'done', { ex: EVENT_DONE_TTL_SECONDS }));
      return settled.queued;
    } else {
      const settled = session ? await settleCheckoutSession(session, event.type, done) : null;
      if (settled) return settled.queued;
    }
  } else if (SUBSCRIPTION_EVENTS.has(event.type) || event.type === INVOICE_PAYMENT_FAILED) {
    // Members are read live from Stripe; keep a short audit trail only, and tell the staff.
    const notice = await membershipNotice(event);
    const messages = notice ? [membershipMessage(notice)] : [];
    const subscription = event.data.object as Stripe.Subscription;
    const entry = JSON.stringify({
      event: event.id,
      type: event.type,
      subscription: subscription.id,
      customer: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer?.id,
      status: subscription.status,
      at: new Date(event.created * 1000).toISOString(),
    });
    await withStore((store) =>
      queueInTransaction(store.multi(), messages, new Date()).lpush(AUDIT_KEY, entry).ltrim(AUDIT_KEY, 0, AUDIT_LENGTH - 1).set(key, 'done', { ex: EVENT_DONE_TTL_SECONDS }).exec(),
    );
    return messages.map((message) => message.key);
  }
  await withStore((store) => store.set(key, 'done', { ex: EVENT_DONE_TTL_SECONDS }));
  return [];
}

/** "Jamie Rivera <jamie@example.com>" as Stripe knows the customer, else the customer id (Stripe unreachable: still noticed). */
async function memberName(customer: string | { id: string } | null | undefined): Promise<string> {
  const id = typeof customer === 'string' ? customer : (customer?.id ?? 'unknown customer');
  try {
    const found = await getStripe().customers.retrieve(id);
    if ('deleted' in found && found.deleted) return id;
    const { name, email } = found as Stripe.Customer;
    return [name, email ? `<${email}>` : ''].filter(Boolean).join(' ') || id;
  } catch {
    return id;
  }
}

/** What the staff hear of a membership event: started, a renewal payment failed, cancelled; null for other changes. */
async function membershipNotice(event: Stripe.Event): Promise<MembershipNotice | null> {
  if (event.type === INVOICE_PAYMENT_FAILED) {
    const invoice = event.data.object as Stripe.Invoice;
    const member = [invoice.customer_name, invoice.customer_email ? `<${invoice.customer_email}>` : ''].filter(Boolean).join(' ');
    return {
      change: 'payment-failed',
      objectId: String(invoice.id ?? event.id),
      member: member || (await memberName(invoice.customer as string | null)),
      amountDueCents: invoice.amount_due,
      attempt: invoice.attempt_count,
    };
  }
  const change = event.type === 'customer.subscription.created' ? 'started' : event.type === 'customer.subscription.deleted' ? 'cancelled' : null;
  if (!change) return null;
  const subscription = event.data.object as Stripe.Subscription;
  const tier = subscription.metadata?.['membershipTier'];
  const term = subscription.metadata?.['billingTerm'];
  return {
    change,
    objectId: subscription.id,
    member: await memberName(subscription.customer),
    ...(tier ? { plan: [tier, term].filter(Boolean).join(', ') } : {}),
    status: subscription.status,
  };
}
