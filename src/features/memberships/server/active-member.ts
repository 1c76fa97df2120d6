/**
 * Who counts as a member when booking: a Stripe customer with an active (or trialing) subscription
 * to a plan of memberships.json. Past-due, unpaid, cancelled or incomplete subscriptions give no
 * benefits. Stripe is asked at the moment of use, so a lapsed membership stops counting at once.
 */
import { membershipCatalog } from '../catalogue';
import { findPlanOf, type MembershipCatalog, type Plan } from '../rules/membership';
import { getStripe, type Stripe } from '../../../shared/payments/stripe-client';
import { benefitPeriod } from './subscription-period';

/** A member as the booking rules see them; planSlug is the plan's slug in memberships.json. */
export interface BookingMember {
  email: string;
  customerId: string;
  planSlug: string;
  /**
   * When the plan's benefits apply (ms): the subscription's current paid period, cut at any scheduled
   * cancellation. Set when Stripe was asked for this request (booking-member.ts); absent, no limit is known.
   */
  benefits?: { from: number; until: number };
}

/** Subscription statuses that carry a plan's benefits. */
export const BENEFIT_STATUSES: ReadonlySet<Stripe.Subscription.Status> = new Set(['active', 'trialing']);

/** The plan a subscription is for: its price's lookup key (membership_{slug}_{term}), else the tier checkout wrote in its metadata. */
export function planOfSubscription(subscription: Stripe.Subscription, catalog: Pick<MembershipCatalog, 'plans'> = membershipCatalog): Plan | null {
  for (const item of subscription.items.data) {
    // Slugs have no underscore, so the key's second part is the slug.
    const slug = /^membership_([a-z0-9-]+)_/.exec(item.price.lookup_key ?? '')?.[1];
    const plan = catalog.plans.find((candidate) => candidate.slug === slug);
    if (plan) return plan;
  }
  const tier = subscription.metadata?.['membershipTier'];
  return (tier && findPlanOf(catalog, tier)) || null;
}

/** The customer's newest subscription that carries benefits: its plan and when its benefits apply; null for none. */
export async function activeMembershipOfCustomer(customerId: string, catalog: Pick<MembershipCatalog, 'plans'> = membershipCatalog): Promise<{ plan: Plan; benefits: { from: number; until: number } | null } | null> {
  const subscriptions = await getStripe().subscriptions.list({ customer: customerId, status: 'all', limit: 20 });
  for (const subscription of subscriptions.data) {
    if (!BENEFIT_STATUSES.has(subscription.status)) continue;
    const owner = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
    if (owner !== customerId) continue;
    const plan = planOfSubscription(subscription, catalog);
    if (plan) return { plan, benefits: benefitPeriod(subscription) };
  }
  return null;
}

/** The plan of the customer's newest subscription that carries benefits, or null. */
export async function activePlanOfCustomer(customerId: string, catalog: Pick<MembershipCatalog, 'plans'> = membershipCatalog): Promise<Plan | null> {
  return (await activeMembershipOfCustomer(customerId, catalog))?.plan ?? null;
}

/** The member with this e-mail (any customer of that address with a subscription carrying benefits), or null. */
export async function findActiveMemberByEmail(email: string, catalog: Pick<MembershipCatalog, 'plans'> = membershipCatalog): Promise<BookingMember | null> {
  const stripe = getStripe();
  const addresses = [...new Set([email, email.toLowerCase()])];
  for (const address of addresses) {
    const customers = await stripe.customers.list({ email: address, limit: 10 });
    for (const customer of customers.data) {
      const plan = await activePlanOfCustomer(customer.id, catalog);
      if (plan) return { email: customer.email ?? address, customerId: customer.id, planSlug: plan.slug };
    }
  }
  return null;
}
