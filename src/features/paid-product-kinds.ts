/**
 * The kind each paid product's Checkout sessions carry, in the registry's order, without the products
 * themselves (settling them loads the Stripe SDK): for what only names the products, such as the staff
 * reports. paid-products.test.ts keeps this list the registry's.
 */
import { BAY_CHECKOUT_KIND } from './bay-booking/server/checkout-kind';
import { EVENT_CHECKOUT_KIND } from './event-requests/server/report-tallies';
import { GIFT_CARD_KIND } from './gift-cards/server/record';
import { LEAGUE_CHECKOUT_KIND } from './league/server/records';
import { MEMBERSHIP_CHECKOUT_KIND } from './memberships/server/checkout-kind';

export const PAID_PRODUCT_KINDS: readonly string[] = [LEAGUE_CHECKOUT_KIND, BAY_CHECKOUT_KIND, MEMBERSHIP_CHECKOUT_KIND, GIFT_CARD_KIND, EVENT_CHECKOUT_KIND];
