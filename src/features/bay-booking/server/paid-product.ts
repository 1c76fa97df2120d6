/**
 * Bay time as a paid product of the payment registry: Checkout sessions of kind 'bay' pay a held
 * booking; a hold past its lapse (plus a little grace for the webhook) is asked about by the
 * reconciler, and one whose Checkout was never created, or whose session the reconciler gave up on
 * (Stripe does not know it), is freed at once, so no hold stays among the holds to be read run after
 * run; a session that ends complete but unpaid cancels the booking and frees its bay (settle.ts); a
 * payment that came after the bay was taken or the booking cancelled is refunded in full. A session
 * paying for a move to a dearer time is bay time too (move-payment.ts): it makes the move or lets it
 * go, and its held moves past their lapse are asked about the same way.
 *
 * A run reads at most LAPSED_PER_RUN lapsed holds (the latest first, in one round trip): with the
 * reconciler's own per-run limit, a backlog is worked off over runs.
 */
import type { PaidProduct } from '../../../shared/payments/registry';
import { HOLD_GRACE_MS } from './booking';
import { bookingKeys } from './booking-keys';
import { BAY_CHECKOUT_KIND } from './payment';
import { refundPaidTooLate, settleBayCheckout, type BaySessionField } from './settle';
import { lapsedMoveSessions, paysForMove, settleMoveCheckout, type MoveSessionField } from './move-payment';
import { lapsedHolds, readRecords, releaseBooking } from './store';

/** Lapsed holds read per run at most: twice the sessions the reconciler asks about in one run. */
export const LAPSED_PER_RUN = 100;

export const bayPayments: PaidProduct<BaySessionField | MoveSessionField> = {
  kind: BAY_CHECKOUT_KIND,
  settle: (session, step) => (paysForMove(session) ? settleMoveCheckout(session, step) : settleBayCheckout(session, step)),
  async lapsed(now, givenUp) {
    const records = await readRecords(await lapsedHolds(now - HOLD_GRACE_MS, LAPSED_PER_RUN));
    const gone = await givenUp(records.flatMap((record) => (record.checkoutSessionId ? [record.checkoutSessionId] : [])));
    const sessions: string[] = [];
    let changed = 0;
    for (const record of records) {
      if (record.checkoutSessionId && !gone.has(record.checkoutSessionId)) {
        sessions.push(record.checkoutSessionId);
        continue;
      }
      const after = await releaseBooking(record.id, bookingKeys(record), { status: 'expired', from: ['held'] });
      if (after?.status === 'expired' && record.status === 'held') changed += 1;
    }
    const moves = await lapsedMoveSessions(now);
    return { sessions: [...sessions, ...moves.sessions], changed: changed + moves.changed };
  },
  refund: refundPaidTooLate,
};
