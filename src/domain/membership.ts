import { z } from 'zod';

/**
 * Membership plans, billing terms, prices and the monthly promotion (src/content/memberships.json).
 * Pages render from it and the server charges from it: the client never decides an amount.
 */
import { TERM_KEYS, TIERS } from './membership-pricing';

export const termKeySchema = z.enum(TERM_KEYS);

export const tierSchema = z.enum(TIERS);

const dollars = z.number().int().positive();

export const billingTermSchema = z.object({
  key: termKeySchema,
  months: z.number().int().positive(),
  /** Label on the memberships page: "12 Months". */
  label: z.string().min(1),
  /** "annual", "quarterly", … */
  cadence: z.string().min(1),
  /** Label on the checkout page: "Monthly", "3 Months", … */
  checkoutLabel: z.string().min(1),
});

export const planSchema = z.object({
  tier: tierSchema,
  /** Used in Stripe lookup keys and element ids: practice, bogey, bogey-plus. */
  slug: z.string().regex(/^[a-z0-9-]+$/),
  description: z.string().min(1),
  playingRestrictions: z.string().min(1),
  guestsAllowed: z.string().min(1),
  dailyReservations: z.string().min(1),
  popular: z.boolean(),
  /** Monthly rate in whole dollars for each term. */
  monthlyRates: z.object({ '1-month': dollars, '3-month': dollars, '6-month': dollars, '12-month': dollars }),
});

export const promotionSchema = z.object({
  active: z.boolean(),
  name: z.string().min(1),
  headline: z.string().min(1),
  checkoutText: z.string().min(1),
  percentOff: z.number().positive().max(100),
  /** The Stripe coupon the server applies at checkout while the promotion is active. */
  couponId: z.string().regex(/^[A-Za-z0-9_-]+$/),
});

export const membershipCatalogSchema = z
  .object({
    currency: z.string().length(3),
    defaultTerm: termKeySchema,
    terms: z.array(billingTermSchema).length(TERM_KEYS.length),
    plans: z.array(planSchema).length(TIERS.length),
    promotion: promotionSchema,
  })
  .superRefine((catalog, context) => {
    for (const key of TERM_KEYS) {
      if (!catalog.terms.some((term) => term.key === key)) context.addIssue({ code: 'custom', path: ['terms'], message: `term ${key} is missing` });
    }
    for (const tier of TIERS) {
      if (!catalog.plans.some((plan) => plan.tier === tier)) context.addIssue({ code: 'custom', path: ['plans'], message: `plan ${tier} is missing` });
    }
  });

export type BillingTerm = z.infer<typeof billingTermSchema>;
export type Plan = z.infer<typeof planSchema>;
export type Promotion = z.infer<typeof promotionSchema>;
export type MembershipCatalog = z.infer<typeof membershipCatalogSchema>;

export * from './membership-pricing';
