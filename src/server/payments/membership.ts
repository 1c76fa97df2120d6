/**
 * Membership checkout: tier × term → the catalogue's Stripe price (env override
 * STRIPE_PRICE_{SLUG}_{TERM}, else the price with lookup key membership_{slug}_{term}), Checkout in
 * subscription mode with the active promotion's coupon applied by the server.
 */
import { z } from 'zod';
import { membershipCatalog } from '../../data/memberships';
import { findPlan, findTerm, priceLookupKey, termKeySchema, tierSchema, type MembershipCatalog, type TermKey, type Tier } from '../../domain/membership';
import { readPriceOverride } from '../env';
import { HttpError } from '../request';
import { getStripe, type Stripe } from '../stripe-client';

export const createSubscriptionSchema = z.object({
  priceId: z.string().max(255).nullish(),
  membershipTier: tierSchema,
  billingTerm: termKeySchema,
});

export type CreateSubscriptionRequest = z.output<typeof createSubscriptionSchema>;

export function priceNotFoundMessage(tier: Tier, term: TermKey): string {
  return `Price ID not found for ${tier} ${term}`;
}

/** The catalogue's price id for a tier and term, or null when there is none. */
export async function resolvePriceId(
  stripe: Stripe,
  tier: Tier,
  term: TermKey,
  options: { catalog?: MembershipCatalog; env?: NodeJS.ProcessEnv } = {},
): Promise<string | null> {
  const catalog = options.catalog ?? membershipCatalog;
  const plan = findPlan(catalog, tier);
  const override = readPriceOverride(plan.slug, term, options.env);
  if (override) return override;
  const prices = await stripe.prices.list({ lookup_keys: [priceLookupKey(plan, term)], active: true, limit: 1 });
  return prices.data[0]?.id ?? null;
}

export async function createMembershipCheckout(
  body: CreateSubscriptionRequest,
  origin: string,
  options: { catalog?: MembershipCatalog } = {},
): Promise<{ sessionId: string; url: string }> {
  const catalog = options.catalog ?? membershipCatalog;
  const { membershipTier: tier, billingTerm: term } = body;
  findTerm(catalog, term);
  const stripe = getStripe();
  const priceId = await resolvePriceId(stripe, tier, term, { catalog });
  if (!priceId) throw new HttpError(400, priceNotFoundMessage(tier, term));
  if (body.priceId && body.priceId !== priceId) {
    throw new HttpError(400, `The selected price does not match the ${tier} ${term} membership. Please reload the page and try again.`);
  }
  const promotion = catalog.promotion;
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: priceId, quantity: 1 }],
    ...(promotion.active ? { discounts: [{ coupon: promotion.couponId }] } : {}),
    metadata: { kind: 'membership', membershipTier: tier, billingTerm: term },
    subscription_data: { metadata: { membershipTier: tier, billingTerm: term } },
    success_url: `${origin}/membership-success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${origin}/membership-checkout?tier=${encodeURIComponent(tier)}`,
  });
  if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
  return { sessionId: session.id, url: session.url };
}
