/**
 * Every paid product, the one list the Stripe webhook and the payment reconciler dispatch through.
 * Adding a product is one line here and its kind in paid-product-kinds.ts, plus its feature folder with
 * its `server/paid-product.ts` (see src/shared/payments/registry.ts for what a product provides).
 */
import { paymentRegistry } from '../shared/payments/registry';
import { bayPayments } from './bay-booking/server/paid-product';
import { eventPayments } from './event-requests/server/paid-product';
import { giftCardPayments } from './gift-cards/server/paid-product';
import { leaguePayments } from './league/server/paid-product';
import { membershipPayments } from './memberships/server/paid-product';

export const paidProducts = paymentRegistry([leaguePayments, bayPayments, membershipPayments, giftCardPayments, eventPayments]);
