/**
 * Payment reconciliation, run every 5 minutes by netlify/functions/reconcile-payments.ts: each paid
 * product of the registry names its pending payments whose Checkout session lapsed, and each session
 * is read from Stripe and settled by the product's own `settle`, the step the webhook takes. So a
 * webhook that never arrived or failed heals within one period, and one that arrives during the run
 * changes nothing twice (products only move records forward). A session still open past its lapse
 * is expired at Stripe first: the place it paid for is no longer held.
 *
 * Bounds: at most `limit` sessions per run, taken in turn from each product (newest first), so one
 * product's backlog never starves another's; no Stripe call after the run's time budget
 * (src/shared/server/run-budget.ts), and each call within what is left of it, never retried within
 * the run; the run stops at the first sign Stripe is down. A session Stripe does not know, or refuses
 * to answer for, is given up after SESSION_TRIES runs: remembered (`stripe:unknown-sessions`), never
 * asked about again, and named to its product's next `lapsed` look, which may free what it held.
 */
import { runBudget, type RunBudget } from '../server/run-budget';
import { withStore } from '../server/store';
import { CHECKOUT_SESSION_ID } from './checkout-lookup';
import { settleThrough, type PaidProduct, type PaymentRegistry } from './registry';
import { getStripe, isMissingResource, isStripeError, type Stripe } from './stripe-client';

/** Checkout sessions asked about per run at most; the rest wait for the next run. */
export const MAX_SESSIONS_PER_RUN = 50;
/** Sessions given up on (Stripe does not know them, or refused them SESSION_TRIES times): sorted set, score = when (ms). */
export const UNKNOWN_SESSIONS_KEY = 'stripe:unknown-sessions';
/** The newest this many are remembered, so the set stays bounded. */
export const UNKNOWN_SESSIONS_KEPT = 10_000;
/** Runs in which Stripe did not know the session or refused it, until it is given up (kept a day, so nothing piles up). */
export const sessionTriesKey = (session: string) => `stripe:session-tries:${session}`;
const SESSION_TRIES_KEPT_SECONDS = 24 * 60 * 60;
/** Runs a session may go unknown or refused before it is given up (a passing mix-up of keys heals meanwhile). */
export const SESSION_TRIES = 3;

export interface ReconcileReport {
  /** Checkout sessions read from Stripe. */
  checked: number;
  /** Records this run changed (through Stripe, or settled by a product without asking). */
  changed: number;
  /** Sessions Stripe could not answer for now (tried again next run). */
  failed: number;
  /** Sessions left for the next run by the per-run limit, the time budget or Stripe being down. */
  deferred: number;
  /** Sessions given up this run (unknown to Stripe, or refused, SESSION_TRIES times): never asked about again. */
  unknown: number;
  /** Whether the run stopped because Stripe is not answering (what else the run would ask Stripe waits too). */
  stripeDown: boolean;
  /** Keys of the messages the settled records queued (sent after the run answers). */
  queued: string[];
}

export interface Ask {
  product: PaidProduct;
  session: string;
}

/**
 * The sessions to ask about: each product's in its order, each session once, ids that cannot be a
 * Checkout session's and those in `skip` left out, taken in turn from each product, at most `limit`.
 */
export function planRun(found: ReadonlyArray<{ product: PaidProduct; sessions: readonly string[] }>, skip: ReadonlySet<string>, limit = MAX_SESSIONS_PER_RUN): { asks: Ask[]; deferred: number } {
  const seen = new Set<string>(skip);
  const queues = found.map(({ product, sessions }) =>
    sessions.flatMap((session) => {
      if (seen.has(session) || !CHECKOUT_SESSION_ID.test(session)) return [];
      seen.add(session);
      return [{ product, session }];
    }),
  );
  const asks: Ask[] = [];
  const total = queues.reduce((sum, queue) => sum + queue.length, 0);
  for (let round = 0; asks.length < Math.min(limit, total); round += 1) {
    for (const queue of queues) if (round < queue.length && asks.length < limit) asks.push(queue[round]!);
  }
  return { asks, deferred: total - asks.length };
}

/** Stripe is not answering (network, timeout, its own failure, rate limit): the rest of the run waits. */
export function isStripeDown(error: unknown): boolean {
  if (!isStripeError(error)) return false;
  return ['StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError'].includes(error.type) || (error.statusCode ?? 0) >= 500 || error.statusCode === 429;
}

/** Which of these sessions were given up. */
export async function givenUpSessions(sessions: readonly string[]): Promise<Set<string>> {
  if (sessions.length === 0) return new Set();
  const scores = await withStore((store) => store.zmscore(UNKNOWN_SESSIONS_KEY, sessions as string[]));
  return new Set(sessions.filter((_, index) => scores?.[index] !== null && scores?.[index] !== undefined));
}

/** Counts a run in which Stripe did not know or refused the session; gives it up at the last try. True when given up. */
async function countTry(session: string, now: number): Promise<boolean> {
  const [tries] = await withStore((store) => store.pipeline().incr(sessionTriesKey(session)).expire(sessionTriesKey(session), SESSION_TRIES_KEPT_SECONDS).exec<[number, number]>());
  if (tries < SESSION_TRIES) return false;
  await withStore((store) =>
    store
      .pipeline()
      .zadd(UNKNOWN_SESSIONS_KEY, { nx: true }, { score: now, member: session })
      .zremrangebyrank(UNKNOWN_SESSIONS_KEY, 0, -(UNKNOWN_SESSIONS_KEPT + 1))
      .del(sessionTriesKey(session))
      .exec(),
  );
  return true;
}

/**
 * The session as it is now, or null when Stripe does not know it; an open one past its lapse is
 * expired at Stripe first.
 */
async function lapsedSession(stripe: Stripe, id: string, options: Stripe.RequestOptions): Promise<Stripe.Checkout.Session | null> {
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(id, {}, options);
  } catch (error) {
    if (isMissingResource(error)) return null;
    throw error;
  }
  if (session.status !== 'open') return session;
  // Refused when it completed meanwhile: the re-read says what it became.
  await stripe.checkout.sessions.expire(id, {}, options).catch((error: unknown) => {
    if (!isStripeError(error) || isStripeDown(error)) throw error;
  });
  return stripe.checkout.sessions.retrieve(id, {}, options);
}

export interface ReconcileOptions {
  /** Now in ms (what "lapsed" is measured against). */
  now?: number;
  limit?: number;
  /** The run's time budget (shared with what else the run does). */
  run?: RunBudget;
}

export async function reconcilePayments(registry: PaymentRegistry, options: ReconcileOptions = {}): Promise<ReconcileReport> {
  const run = options.run ?? runBudget();
  const now = options.now ?? Date.now();
  const report: ReconcileReport = { checked: 0, changed: 0, failed: 0, deferred: 0, unknown: 0, stripeDown: false, queued: [] };
  const found = await Promise.all(
    registry.products.flatMap((product) => (product.lapsed ? [product.lapsed(now, givenUpSessions).then((lapsed) => ({ product, ...lapsed }))] : [])),
  );
  for (const lapsed of found) report.changed += lapsed.changed;
  const skip = await givenUpSessions(found.flatMap((lapsed) => lapsed.sessions.filter((id) => CHECKOUT_SESSION_ID.test(id))));
  const { asks, deferred } = planRun(found, skip, options.limit);
  report.deferred = deferred;
  if (asks.length === 0) return report;
  const stripe = getStripe();
  for (const [index, { product, session: id }] of asks.entries()) {
    // One attempt within what is left of the budget (none once it is spent): a failed one is asked again next run.
    const timeout = run.callTimeout();
    if (timeout <= 0) {
      report.deferred += asks.length - index;
      break;
    }
    const requestOptions: Stripe.RequestOptions = { timeout, maxNetworkRetries: 0 };
    try {
      const session = await lapsedSession(stripe, id, requestOptions);
      if (!session) {
        if (await countTry(id, now)) {
          report.unknown += 1;
          console.warn('[reconcile]', product.kind, 'Checkout session', id, `is unknown to Stripe after ${SESSION_TRIES} runs: given up`);
        } else report.failed += 1;
        continue;
      }
      report.checked += 1;
      const settled = await settleThrough(product, session, { trigger: '', done: null, now });
      report.changed += settled.changed;
      report.queued.push(...settled.queued);
    } catch (error) {
      if (!isStripeError(error)) throw error;
      report.failed += 1;
      if (isStripeDown(error)) {
        // The rest waits for the next run rather than time out one by one.
        console.warn('[reconcile] Stripe did not answer:', error.type, error.statusCode ?? '');
        report.stripeDown = true;
        report.deferred += asks.length - index - 1;
        break;
      }
      const givenUp = await countTry(id, now);
      if (givenUp) report.unknown += 1;
      console.warn('[reconcile]', product.kind, 'Checkout session', id, 'could not be settled:', error.type, error.message, givenUp ? `(refused ${SESSION_TRIES} runs: given up)` : '');
    }
  }
  return report;
}
