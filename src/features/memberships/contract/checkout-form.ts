import * as z from 'zod';
import type { MembershipCatalog } from '../rules/membership';
import { findPlanOf, findTermOf } from '../rules/membership-pricing';

/**
 * The body of POST /api/create-subscription, sent by the membership checkout page: a plan and a
 * billing term of the catalogue (src/content/memberships.json), and optionally the price the page
 * showed, which the server accepts only when it is the catalogue's price for that plan and term.
 */
export function membershipCheckoutSchema(catalog: Pick<MembershipCatalog, 'plans' | 'terms'>) {
  const plans = catalog.plans.map((plan) => plan.tier).join(', ');
  const terms = catalog.terms.map((term) => term.key).join(', ');
  return z.object({
    priceId: z.string().max(255).nullish(),
    membershipTier: z.string().refine((tier) => findPlanOf(catalog, tier) !== undefined, { message: `Choose one of the plans: ${plans}.` }),
    billingTerm: z.string().refine((key) => findTermOf(catalog, key) !== undefined, { message: `Choose one of the billing terms: ${terms}.` }),
  });
}

export type MembershipCheckoutRequest = z.output<ReturnType<typeof membershipCheckoutSchema>>;
