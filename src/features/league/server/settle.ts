/**
 * Settling league fees from a Checkout session's current state, the step the webhook and the
 * reconciliation share: the registrations the session pays move to the status its state implies,
 * with the players' confirmations queued (and the webhook event marked done) in the same script.
 */
import type { PaymentStatus } from '../contract/admin-league-registrations';
import { leagueMessages } from '../mail/emails';
import type { CheckoutSession, Settlement, SettleStep } from '../../../shared/payments/registry';
import { readPaidRecords, updatePaymentStatus } from './registrations-store';

/** The session fields league settlement reads. */
export type LeagueSessionField = 'mode' | 'metadata' | 'status' | 'payment_status';

/**
 * The registrations' status implied by a Checkout session's current state and the event that
 * prompted the look: complete + paid → completed; expired → expired; complete + unpaid after an
 * async payment failure → failed; anything else stays pending. Null when nothing is to be written.
 */
export function statusFromSession(session: Pick<CheckoutSession, 'status' | 'payment_status'>, eventType: string): PaymentStatus | null {
  if (session.status === 'expired') return 'expired';
  if (session.status === 'complete') {
    if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return 'completed';
    return eventType === 'checkout.session.async_payment_failed' ? 'failed' : 'pending';
  }
  return null;
}

/** Registration ids a league Checkout session pays (metadata.registrationIds). */
export function registrationIds(session: Pick<CheckoutSession, 'metadata'>): string[] {
  const raw = session.metadata?.['registrationIds'] ?? '';
  return raw
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^[A-Za-z0-9-]{1,64}$/.test(id));
}

/**
 * The messages a move to completed sends, built only while some registration is not completed yet
 * (the script queues them only if one actually moves).
 */
async function paidMessages(ids: readonly string[], status: PaymentStatus, now: Date) {
  if (status !== 'completed') return [];
  const { records, allCompleted } = await readPaidRecords(ids);
  return allCompleted ? [] : leagueMessages(records, now);
}

/**
 * Statuses only move forward (pending → failed / expired → completed), so a second look changes
 * nothing and queues nothing. A session that sets no status leaves the done-marker to the caller.
 */
export async function settleLeagueCheckout(session: Pick<CheckoutSession, LeagueSessionField>, step: SettleStep): Promise<Settlement> {
  const ids = session.mode === 'payment' ? registrationIds(session) : [];
  const status = statusFromSession(session, step.trigger);
  if (ids.length === 0 || !status) return { changed: 0, queued: [], markedDone: false };
  const now = new Date(step.now);
  const messages = await paidMessages(ids, status, now);
  const changed = await updatePaymentStatus(ids, status, step.done, messages, now);
  return { changed, queued: changed > 0 ? messages.map((message) => message.key) : [], markedDone: step.done !== null };
}
