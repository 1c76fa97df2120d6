/**
 * League fees as a paid product of the payment registry: Checkout sessions of kind 'league' pay
 * pending registrations (metadata.registrationIds); a registration still pending past its hold is
 * lapsed, and its session is asked about by the reconciler. League fees are never refunded online.
 */
import type { PaidProduct } from '../../../shared/payments/registry';
import { PENDING_HOLD_MS } from './checkout-hold';
import { LEAGUE_CHECKOUT_KIND } from './records';
import { overduePendingRegistrations } from './registrations-store';
import { settleLeagueCheckout, type LeagueSessionField } from './settle';

export const leaguePayments: PaidProduct<LeagueSessionField> = {
  kind: LEAGUE_CHECKOUT_KIND,
  // Sessions made before every session carried a kind: the league's were those paying registrations.
  ownsUnmarked: (metadata) => Boolean(metadata['registrationIds']),
  settle: settleLeagueCheckout,
  async lapsed(now) {
    const overdue = await overduePendingRegistrations(now - PENDING_HOLD_MS);
    return { sessions: overdue.map((entry) => entry.checkoutSessionId), changed: 0 };
  },
};
