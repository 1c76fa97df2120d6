import { z } from 'zod';

/**
 * Membership plans, billing terms, prices and the monthly promotion (src/content/memberships.json).
 * Pages render from it and the server charges from it: the client never decides an amount.
 */
export const TERM_KEYS = ['1-month', '3-month', '6-month', '12-month'] as const;
export type TermKey = (typeof TERM_KEYS)[number];
export const termKeySchema = z.enum(TERM_KEYS);

export const TIERS = ['Practice', 'Bogey', 'Bogey+'] as const;
export type Tier = (typeof TIERS)[number];
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

export function findPlan(catalog: MembershipCatalog, tier: Tier): Plan {
  const plan = catalog.plans.find((candidate) => candidate.tier === tier);
  if (!plan) throw new Error(`No plan for tier ${tier}`);
  return plan;
}

export function findTerm(catalog: MembershipCatalog, key: TermKey): BillingTerm {
  const term = catalog.terms.find((candidate) => candidate.key === key);
  if (!term) throw new Error(`No billing term ${key}`);
  return term;
}

/** The tier named in a query string (?tier=Bogey%2B); anything unknown falls back to Practice. */
export function tierFromQuery(value: string | null | undefined): Tier {
  const parsed = tierSchema.safeParse(value?.trim());
  return parsed.success ? parsed.data : 'Practice';
}

export interface TermSavings {
  monthlyRate: number;
  /** 1-month rate minus this term's rate. */
  savingsPerMonth: number;
  /** Savings per month over the 1-month rate, rounded to a whole percent. */
  savingsPercent: number;
  /** Savings per month times the months in the term. */
  packageSavings: number;
  /** What one billing period costs: monthly rate times months. */
  chargePerPeriod: number;
}

/** Spec section 3 "Derived values" for one plan and term. */
export function termSavings(plan: Plan, term: BillingTerm): TermSavings {
  const base = plan.monthlyRates['1-month'];
  const monthlyRate = plan.monthlyRates[term.key];
  const savingsPerMonth = base - monthlyRate;
  return {
    monthlyRate,
    savingsPerMonth,
    savingsPercent: Math.round((savingsPerMonth / base) * 100),
    packageSavings: savingsPerMonth * term.months,
    chargePerPeriod: monthlyRate * term.months,
  };
}

/** The Stripe price lookup key of a tier and term: membership_bogey-plus_12-month. */
export function priceLookupKey(plan: Plan, term: TermKey): string {
  return `membership_${plan.slug}_${term}`;
}

/** Whole dollars as shown on the page: $1,188. */
export function formatDollars(amount: number): string {
  return `$${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}
