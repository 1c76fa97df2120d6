/**
 * Memberships as a paid product of the payment registry: their Checkout sessions (kind
 * 'membership', subscription mode) settle only the first payment's count in the reports, since
 * members are read live from Stripe; the subscription events keep the staff's audit trail and notices.
 */
import type { PaidProduct } from '../../../shared/payments/registry';
import { MEMBERSHIP_CHECKOUT_KIND } from './checkout';
import { applyMembershipEvent, MEMBERSHIP_EVENTS } from './subscription-events';
import { settleMembershipCheckout, type MembershipSessionField } from './first-payment';

export const membershipPayments: PaidProduct<MembershipSessionField> = {
  kind: MEMBERSHIP_CHECKOUT_KIND,
  settle: settleMembershipCheckout,
  events: { types: MEMBERSHIP_EVENTS, apply: applyMembershipEvent },
};
