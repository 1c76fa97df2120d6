/**
 * Paying for a move to a dearer time: a payment-mode Checkout for the difference (card only, 30
 * minutes, the booking and the held move in its metadata), bay time like the booking's own payment
 * (kind 'bay', told apart by its `move`), settled by the webhook and the reconciler through the bay's
 * paid product (paid-product.ts): paid → the move is made, or, when it no longer can be (its hold
 * lapsed and its time was taken, the booking was cancelled), the payment is owed back in full; not
 * paid → the held move is let go and the booking keeps its time. Checkout's back link returns to the
 * manage page, which lets the move go at once (release.ts).
 */
import { bayBooking } from '../catalogue';
import type { BayBookingConfig } from '../rules/config';
import { bookingManageUrl } from '../rules/links';
import { claimedInstants } from '../rules/rules';
import type { CheckoutSession, LapsedPayments, Settlement, SettleStep } from '../../../shared/payments/registry';
import { getStripe, type Stripe } from '../../../shared/payments/stripe-client';
import { bayMoveKey, bayMoveUpdate } from '../mail/move';
import { CHECKOUT_EXPIRY_SECONDS, HOLD_GRACE_MS } from './booking';
import { bookingKeys } from './booking-keys';
import { bookingToken } from './link-token';
import { attachMoveCheckout, confirmMove, dropHeldMove, lapsedMoves, type HeldMoveKeys } from './move-store';
import { BAY_CHECKOUT_KIND, checkoutLine } from './payment';
import type { StoredBayBooking } from './record';
import { memberDayKey, readBooking, slotKey } from './store';
import { bayUseDays } from './report-tallies';

const BOOKING_ID = /^[0-9a-f-]{36}$/;

/** The manage page Checkout's back link returns to: it lets the held move go. */
export const moveBackUrl = (origin: string, id: string, token: string) => `${bookingManageUrl(origin, id, token)}&move=back`;

/** The keys of the booking's held move (none when it has none): its old and new half hours and its member's days. */
export function heldMoveKeys(record: StoredBayBooking | null, config: BayBookingConfig = bayBooking): HeldMoveKeys {
  if (!record) return { oldKeys: [], newKeys: [], oldDay: null, newDay: null, startsAt: 0, slotMinutes: config.slotMinutes, oldUse: [], newUse: [] };
  const keys = bookingKeys(record, config);
  const to = record.move?.to;
  const startsAt = to ? Date.parse(to.startsAt) : 0;
  return {
    oldKeys: keys.slotKeys,
    newKeys: to ? claimedInstants(config, startsAt, to.lengthMinutes).map((instant) => slotKey(to.bayId, instant)) : [],
    oldDay: keys.memberKey || null,
    newDay: to && record.memberId ? memberDayKey(record.memberId, to.date) : null,
    startsAt,
    slotMinutes: config.slotMinutes,
    oldUse: keys.useDays,
    newUse: to && record.move ? bayUseDays({ ...to, kind: record.move.kind, includedMinutes: record.move.includedMinutes }) : [],
  };
}

/** Lets the booking's held move go, if it still has that one. */
export async function dropMove(record: StoredBayBooking, config: BayBookingConfig = bayBooking): Promise<StoredBayBooking> {
  if (!record.move) return record;
  return (await dropHeldMove(record.id, record.move.holdUntil, heldMoveKeys(record, config))) ?? record;
}

/** Opens Checkout for a held move's difference and records it on the move; on failure the move is let go. Answers Checkout's page. */
export async function startMoveCheckout(record: StoredBayBooking, origin: string, now: number): Promise<string> {
  const move = record.move;
  if (!move) throw new Error(`booking ${record.id} has no held move`);
  const token = bookingToken(record.id);
  const metadata = { kind: BAY_CHECKOUT_KIND, bookingId: record.id, move: String(move.holdUntil) };
  let session: Stripe.Checkout.Session;
  try {
    session = await getStripe().checkout.sessions.create(
      {
        mode: 'payment',
        // Methods that settle at once, as for bay time (payment.ts).
        allowed_payment_method_types: ['card'],
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: move.chargeCents, product_data: { name: `Move to ${checkoutLine({ ...record, ...move.to })}` } } }],
        metadata,
        payment_intent_data: { metadata },
        customer_email: record.email,
        success_url: `${bookingManageUrl(origin, record.id, token)}&move=paid`,
        cancel_url: moveBackUrl(origin, record.id, token),
        expires_at: Math.floor(now / 1000) + CHECKOUT_EXPIRY_SECONDS,
      },
      { idempotencyKey: `bay-move-checkout-${record.id}-${move.holdUntil}` },
    );
    if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
  } catch (error) {
    await dropMove(record).catch((cleanup: unknown) => console.error('[bay-booking] could not let the held move go', record.id, cleanup));
    throw error;
  }
  await attachMoveCheckout(record.id, move.holdUntil, { id: session.id, url: session.url });
  return session.url;
}

/** The session fields a move's settlement reads. */
export type MoveSessionField = 'metadata' | 'mode' | 'status' | 'payment_status' | 'payment_intent' | 'amount_total' | 'success_url';

/** Whether a bay Checkout session pays for a move (else for the booking itself). */
export const paysForMove = (session: Pick<CheckoutSession, 'metadata'>) => Boolean(session.metadata?.['move']);

const UNCHANGED: Settlement = { changed: 0, queued: [], markedDone: false };

function originOf(session: Pick<CheckoutSession, 'success_url'>): string {
  try {
    return new URL(session.success_url ?? '').origin;
  } catch {
    return '';
  }
}

/** Settles a move's Checkout from its current state: paid → made (or owed back), expired or unpaid → let go. Replays change nothing. */
export async function settleMoveCheckout(session: Pick<CheckoutSession, MoveSessionField>, step: SettleStep): Promise<Settlement> {
  const id = session.metadata?.['bookingId'] ?? '';
  const hold = Number(session.metadata?.['move']);
  if (session.mode !== 'payment' || !BOOKING_ID.test(id) || !Number.isSafeInteger(hold)) return UNCHANGED;
  const record = await readBooking(id);
  if (!record) return UNCHANGED;
  if (session.status === 'complete' && session.payment_status === 'paid') {
    const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? '');
    const cents = session.amount_total ?? 0;
    const move = record.move?.holdUntil === hold ? record.move : null;
    // Rendered for the booking as it would be once moved; the script queues it only if it moves it.
    const update = move && record.email ? bayMoveUpdate({ ...record, ...move.to, kind: move.kind, includedMinutes: move.includedMinutes, history: [...(record.history ?? []), { ...move.entry, at: new Date(step.now).toISOString() }] }, originOf(session), new Date(step.now)) : null;
    const { outcome } = await confirmMove(id, hold, heldMoveKeys(record), { paymentIntentId: paymentIntent, cents, refundKey: `bay-move-late-${id}-${paymentIntent}` }, update, step.now);
    return {
      changed: outcome === 'moved' || outcome === 'refunded' ? 1 : 0,
      queued: outcome === 'moved' && update ? [bayMoveKey(id, (record.history?.length ?? 0) + 1)] : [],
      markedDone: false,
      ...(outcome === 'refunded' ? { owed: { reference: id, paymentIntent, amountCents: cents } } : {}),
    };
  }
  if (session.status === 'expired' || session.status === 'complete') {
    if (record.move?.holdUntil !== hold) return UNCHANGED;
    const after = await dropHeldMove(id, hold, heldMoveKeys(record));
    return { ...UNCHANGED, changed: after && !after.move ? 1 : 0 };
  }
  return UNCHANGED;
}

/** Held moves past their lapse, for the reconciler: their Checkout sessions to ask Stripe about; one never opened is let go now. */
export async function lapsedMoveSessions(now: number): Promise<LapsedPayments> {
  const ids = (await lapsedMoves(now - HOLD_GRACE_MS)).reverse();
  const records = await Promise.all(ids.map(readBooking));
  const sessions: string[] = [];
  let changed = 0;
  for (const [index, record] of records.entries()) {
    if (record?.move?.checkoutSessionId) {
      sessions.push(record.move.checkoutSessionId);
      continue;
    }
    // No Checkout was ever opened for it (or nothing is held any more): let it go now.
    const after = record ? await dropHeldMove(record.id, record.move?.holdUntil ?? 0, heldMoveKeys(record)) : await dropHeldMove(ids[index]!, 0, heldMoveKeys(null));
    if (record?.move && after && !after.move) changed += 1;
  }
  return { sessions, changed };
}
