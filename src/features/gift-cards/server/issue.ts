/**
 * Issuing a gift card from its paid Checkout session, the step the webhook and the reconciler share.
 * One script writes the card, its code's hash, its first ledger entry (through the balance step), the
 * purchaser's receipt (due now) and the card's message (due on the delivery date) and the webhook's
 * done-marker, or nothing when the session already has its card: one card per session, ever.
 */
import { randomUUID } from 'node:crypto';
import { cardMessage, receiptMessage } from '../mail/emails';
import { codeHint, generateCode } from '../rules/code';
import { deliveryDueAt } from '../rules/delivery';
import { calendarNow } from '../../../shared/server/calendar-clock';
import type { CheckoutSession, Settlement, SettleStep } from '../../../shared/payments/registry';
import { queued, queueMessage } from '../../../shared/mail/outbox';
import { defineScript } from '../../../shared/server/script';
import { withStore } from '../../../shared/server/store';
import { moveBalance, moveOf } from './balance-script';
import { storeCard, storedCard } from './card-step';
import { hashCode, PENDING_KEY, SESSIONS_KEY } from './keys';
import { GIFT_CARD_KIND, orderOf, type GiftCardRecord } from './record';
import { venueDate } from '../../../domain/venue-calendar';
import { revenueTally } from '../../reports/rules/tally';
import { reportDay, reportDayOf, reportDays } from '../../reports/server/tally-step';

export type GiftCardSessionField = 'id' | 'mode' | 'metadata' | 'status' | 'payment_status' | 'amount_total' | 'payment_intent';

const issueScript = defineScript({
  name: 'gift card issue',
  keys: ['sessions', 'pending', 'event?'],
  args: { sessionId: 'string', eventTtl: 'number', dueAt: 'number' },
  steps: { card: storeCard, move: moveBalance, receipt: queueMessage, delivery: queueMessage, revenue: reportDay },
  lua: `
if redis.call('HSETNX', sessions, sessionId, card.id) == 0 then
  if event then redis.call('SET', event, 'done', 'EX', eventTtl) end
  return 0
end
storeCard(card)
redis.call('ZREM', pending, sessionId)
moveBalance(move)
tally(revenue, 1)
queueMessage(receipt, card.issuedAt)
queueMessage(delivery, dueAt)
if event then redis.call('SET', event, 'done', 'EX', eventTtl) end
return 1`,
});

const NOTHING: Settlement = { changed: 0, queued: [], markedDone: false };

/** The card a paid session buys, with its new code (in clear only until its message is queued). */
export function cardFor(session: Pick<CheckoutSession, GiftCardSessionField>, now: number, code = generateCode()): { card: GiftCardRecord; code: string } | null {
  const order = orderOf(session.metadata);
  if (!order) return null;
  const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  return {
    code,
    card: {
      id: randomUUID(),
      checkoutSessionId: session.id,
      paymentIntent,
      amountCents: order.amountCents,
      purchaser: { name: order.purchaserName, email: order.purchaserEmail },
      recipient: { name: order.recipientName, email: order.recipientEmail },
      toSelf: order.toSelf,
      message: order.message,
      deliverOn: order.deliverOn,
      issuedAt: new Date(now).toISOString(),
      codeHash: hashCode(code),
      codeHint: codeHint(code),
      codeVersion: 1,
    },
  };
}

/** Writes a new card (nothing when its session has one already); true when it was issued now. */
/** `calendar`: the site's calendar now (CALENDAR_NOW on local runs), which chose the delivery date. */
export async function issueCard(card: GiftCardRecord, code: string, done: SettleStep['done'], now: number, calendar = now): Promise<{ issued: boolean; queued: string[] }> {
  const at = new Date(now);
  const receipt = receiptMessage(card);
  const delivery = cardMessage(card, code);
  const answer = await withStore((store) =>
    issueScript.run(store, {
      keys: { sessions: SESSIONS_KEY, pending: PENDING_KEY, event: done?.key ?? null },
      args: { sessionId: card.checkoutSessionId, eventTtl: done?.ttlSeconds ?? 0, dueAt: deliveryDueAt(card.deliverOn, { now, calendar }) },
      steps: {
        card: storedCard(card, now),
        move: moveOf({ id: card.id, amountCents: card.amountCents, kind: 'issue', note: 'Bought online', reference: card.checkoutSessionId, at }),
        receipt: queued(receipt, at),
        delivery: queued(delivery, at),
        // The sale is revenue on its day.
        revenue: reportDays(revenueTally(GIFT_CARD_KIND, card.amountCents, at))[0] ?? reportDayOf(venueDate(at)),
      },
    }),
  );
  const issued = Number(answer) === 1;
  return { issued, queued: issued ? [receipt.key, delivery.key] : [] };
}

/**
 * Settles a gift card session from its current state: paid in full → the card is issued (once);
 * expired → it leaves the pending list; anything else waits. A paid amount that is not the order's
 * is never turned into a card silently: it is logged for staff and left pending.
 */
export async function settleGiftCardCheckout(session: Pick<CheckoutSession, GiftCardSessionField>, step: SettleStep): Promise<Settlement> {
  if (session.mode !== 'payment') return NOTHING;
  if (session.status === 'expired') {
    await withStore((store) => store.zrem(PENDING_KEY, session.id));
    return NOTHING;
  }
  if (session.status !== 'complete' || session.payment_status !== 'paid') return NOTHING;
  const made = cardFor(session, step.now);
  if (!made) {
    console.error('[gift-cards] paid session carries no order', session.id);
    return NOTHING;
  }
  if (session.amount_total !== made.card.amountCents) {
    console.error('[gift-cards] paid amount differs from the order', session.id, session.amount_total, made.card.amountCents);
    return NOTHING;
  }
  const { issued, queued: keys } = await issueCard(made.card, made.code, step.done, step.now, calendarNow(process.env, () => new Date(step.now)).getTime());
  return { changed: issued ? 1 : 0, queued: keys, markedDone: step.done !== null };
}
