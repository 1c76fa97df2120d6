/**
 * The payment registry: what a paid product tells the shared payment code, so that the Stripe
 * webhook and the scheduled reconciler dispatch to it without knowing it. A product is one object,
 * made by its feature (`src/features/<feature>/server/paid-product.ts`) and listed once in
 * `src/features/paid-products.ts`; the webhook and the reconciler take that list.
 *
 * A product that sells through Checkout sets `metadata.kind` to its `kind` on every session it
 * creates; the webhook re-reads the session from Stripe and hands it to that product's `settle`,
 * and the reconciler asks Stripe about the sessions `lapsed` names and settles them the same way.
 * Only types come from the SDK here: what imports the registry ships no Stripe client for it.
 */
import type { Stripe } from './stripe-client';

export type CheckoutSession = Stripe.Checkout.Session;
/** A field of a Checkout session: a product names the fields its settlement reads. */
export type SessionField = keyof CheckoutSession;

/** The webhook event to record as done once the settlement is stored. */
export interface DoneMarker {
  key: string;
  ttlSeconds: number;
}

/** What a settlement is given besides the session or event. */
export interface SettleStep {
  /** The event type that prompted the look (e.g. 'checkout.session.async_payment_failed'); '' from the reconciler. */
  trigger: string;
  /**
   * The webhook event's done-marker, null from the reconciler. Write it in the same atomic step as
   * the change where the product can (and answer `markedDone: true`), so a crash between the two
   * cannot settle twice; otherwise the caller writes it after the settlement returns.
   */
  done: DoneMarker | null;
  /** Now, in ms (injected, as every clock is). */
  now: number;
}

/** A payment the product took but cannot honour (e.g. paid after its place was given to another). */
export interface OwedRefund {
  /** The product's own id of what was paid for (a booking id). */
  reference: string;
  paymentIntent: string;
  amountCents: number;
}

export interface Settlement {
  /** Records the settlement changed; 0 when the session's state was already applied (a replay). */
  changed: number;
  /** Outbox keys of the messages queued in the same atomic step: sent after the answer. */
  queued: readonly string[];
  /** Whether the step wrote `SettleStep.done` itself. */
  markedDone: boolean;
  /**
   * A payment to give back: the caller hands it to the product's `refund` before the event counts
   * as done, so a refund that fails is retried with the event (or by the next reconciler run).
   * Write the done-marker yourself only when nothing is owed.
   */
  owed?: OwedRefund;
}

/** Pending payments whose Checkout session should have ended by now. */
export interface LapsedPayments {
  /**
   * Checkout session ids to ask Stripe about, newest first, all of them: the reconciler asks at most
   * MAX_SESSIONS_PER_RUN per run across the products and leaves the rest for the next run.
   */
  sessions: readonly string[];
  /** Records the product settled without asking Stripe (e.g. a hold whose Checkout was never created). */
  changed: number;
}

/** Which of these Checkout sessions the reconciler gave up on. */
export type GivenUpSessions = (sessions: readonly string[]) => Promise<ReadonlySet<string>>;

/** Events other than Checkout's that a product handles, e.g. subscription changes. */
export interface ProductEvents {
  /** Event types, each handled by one product only. */
  types: readonly string[];
  /** Applies the event as Stripe sent it; the same done-marker rule as `settle`. */
  apply(event: Stripe.Event, step: SettleStep): Promise<Settlement>;
}

/**
 * A paid product. `Field` lists the Checkout session fields `settle` reads, so a test can hand it
 * just those.
 */
export interface PaidProduct<Field extends SessionField = SessionField> {
  /** The Checkout metadata `kind` of its sessions: lower-case letters, digits and dashes. */
  readonly kind: string;
  /** Whether a session without `kind` (made before every session carried one) is this product's. */
  readonly ownsUnmarked?: (metadata: Stripe.Metadata) => boolean;
  /**
   * Settles from the session's current state (re-read from Stripe, whatever the event order): only
   * moves forward, so a replay or a second look changes nothing and queues nothing. Left out by a
   * product whose Checkout needs no settlement (a subscription whose events carry the changes).
   */
  readonly settle?: (session: Pick<CheckoutSession, Field>, step: SettleStep) => Promise<Settlement>;
  /**
   * Its pending payments whose session lapsed before `now` (with the product's own margin). `givenUp`
   * says which sessions the reconciler gave up on (unknown to Stripe, or refused, run after run): they
   * are never asked about again, so a product that holds something for one (a bay's half hours) frees it here.
   */
  readonly lapsed?: (now: number, givenUp: GivenUpSessions) => Promise<LapsedPayments>;
  /** Gives back an owed payment in full, once (idempotent), and records it on the product's record. */
  readonly refund?: (owed: OwedRefund) => Promise<void>;
  readonly events?: ProductEvents;
}

export interface PaymentRegistry {
  readonly products: readonly PaidProduct[];
  /** The product a Checkout session's metadata names (or, without `kind`, the one owning it), else null. */
  productOf(metadata: Stripe.Metadata | null | undefined): PaidProduct | null;
  /** The product handling this non-Checkout event type, else null. */
  eventsOf(type: string): PaidProduct | null;
}

const KIND = /^[a-z][a-z0-9-]{0,39}$/;

/** The registry of `products`; throws when two share a kind or an event type, or a kind is malformed. */
export function paymentRegistry(products: readonly PaidProduct[]): PaymentRegistry {
  const byKind = new Map<string, PaidProduct>();
  const byEvent = new Map<string, PaidProduct>();
  for (const product of products) {
    if (!KIND.test(product.kind)) throw new Error(`Paid product kind "${product.kind}" is not lower-case letters, digits and dashes`);
    if (byKind.has(product.kind)) throw new Error(`Two paid products have the kind "${product.kind}"`);
    byKind.set(product.kind, product);
    for (const type of product.events?.types ?? []) {
      if (type.startsWith('checkout.session.')) throw new Error(`${product.kind}: Checkout events go to settle, not to events (${type})`);
      const other = byEvent.get(type);
      if (other) throw new Error(`${type} is handled by both ${other.kind} and ${product.kind}`);
      byEvent.set(type, product);
    }
  }
  return {
    products,
    productOf(metadata) {
      const kind = metadata?.['kind'];
      if (kind) return byKind.get(kind) ?? null;
      return products.find((product) => product.ownsUnmarked?.(metadata ?? {})) ?? null;
    },
    eventsOf: (type) => byEvent.get(type) ?? null,
  };
}

/**
 * Settles a session through its product and refunds what the product says it owes: the one step the
 * webhook and the reconciler share, so both heal the same way.
 */
export async function settleThrough(product: PaidProduct, session: CheckoutSession, step: SettleStep): Promise<Settlement> {
  const settled = product.settle ? await product.settle(session, step) : NOTHING_SETTLED;
  await refundOwed(product, settled);
  return settled;
}

const NOTHING_SETTLED: Settlement = { changed: 0, queued: [], markedDone: false };

/** Hands what a settlement owes to the product's refund. */
export async function refundOwed(product: PaidProduct, settled: Settlement): Promise<void> {
  if (!settled.owed) return;
  if (!product.refund) throw new Error(`${product.kind} owes a refund of ${settled.owed.reference} but has no refund step`);
  await product.refund(settled.owed);
}
