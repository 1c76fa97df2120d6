/**
 * Membership checkout: tier × term → the catalogue's Stripe price (env override
 * STRIPE_PRICE_{SLUG}_{TERM}, else the price with lookup key membership_{slug}_{term}), Checkout in
 * subscription mode with the promotion's coupon applied by the server while the promotion runs at
 * the moment the Checkout session is created.
 */
import { membershipCatalog } from '../catalogue';
import type { MembershipCheckoutAnswer } from '../contract/membership-checkout';
import type { MembershipCheckoutRequest } from '../contract/checkout-form';
import { findPlan, findTerm, priceLookupKey, type BillingTerm, type MembershipCatalog, type Plan } from '../rules/membership';
import { readPriceOverride } from '../../../shared/server/env';
import { HttpError } from '../../../shared/server/request';
import { getStripe, type Stripe } from '../../../shared/payments/stripe-client';
import { promotionRunning } from '../rules/promotion-window';
import { MEMBERSHIP_CHECKOUT_KIND } from './checkout-kind';

export { MEMBERSHIP_CHECKOUT_KIND };

export function priceNotFoundMessage(plan: Plan, term: BillingTerm): string {
  return `Price ID not found for ${plan.tier} ${term.key}`;
}

/** The catalogue's price id for a plan and term, or null when there is none. */
export async function resolvePriceId(stripe: Stripe, plan: Plan, term: BillingTerm, env?: NodeJS.ProcessEnv): Promise<string | null> {
  const override = readPriceOverride(plan.slug, term.key, env);
  if (override) return override;
  const prices = await stripe.prices.list({ lookup_keys: [priceLookupKey(plan, term.key)], active: true, limit: 1 });
  return prices.data[0]?.id ?? null;
}

/** `calendar` is the instant the promotion's days are read at (calendarNow() in the function). */
export async function createMembershipCheckout(
  body: MembershipCheckoutRequest,
  origin: string,
  options: { catalog?: MembershipCatalog; calendar?: Date } = {},
): Promise<MembershipCheckoutAnswer> {
  const catalog = options.catalog ?? membershipCatalog;
  const plan = findPlan(catalog, body.membershipTier);
  const term = findTerm(catalog, body.billingTerm);
  const { tier } = plan;
  const stripe = getStripe();
  const priceId = await resolvePriceId(stripe, plan, term);
  if (!priceId) throw new HttpError(400, priceNotFoundMessage(plan, term));
  if (body.priceId && body.priceId !== priceId) {
    throw new HttpError(400, `The selected price does not match the ${tier} ${term.key} membership. Please reload the page and try again.`);
  }
  const promotion = catalog.promotion;
  const discounted = promotionRunning(promotion, options.calendar ?? new Date());
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: priceId, quantity: 1 }],
    ...(discounted ? { discounts: [{ coupon: promotion.couponId }] } : {}),
    metadata: { kind: MEMBERSHIP_CHECKOUT_KIND, membershipTier: tier, billingTerm: term.key },
    subscription_data: { metadata: { membershipTier: tier, billingTerm: term.key } },
    success_url: `${origin}/membership-success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${origin}/membership-checkout?tier=${encodeURIComponent(tier)}`,
  });
  if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
  return { sessionId: session.id, url: session.url };
}
