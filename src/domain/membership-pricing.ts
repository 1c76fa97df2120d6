/**
 * Membership pricing as pure functions, free of zod so the checkout island can ship them cheaply.
 * The catalogue and its schema live in membership.ts (src/content/memberships.json).
 */
import type { BillingTerm, MembershipCatalog, Plan } from './membership';

export const TERM_KEYS = ['1-month', '3-month', '6-month', '12-month'] as const;
export type TermKey = (typeof TERM_KEYS)[number];

export const TIERS = ['Practice', 'Bogey', 'Bogey+'] as const;
export type Tier = (typeof TIERS)[number];

export function isTier(value: unknown): value is Tier {
  return typeof value === 'string' && (TIERS as readonly string[]).includes(value);
}

export function isTermKey(value: unknown): value is TermKey {
  return typeof value === 'string' && (TERM_KEYS as readonly string[]).includes(value);
}

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
  const tier = value?.trim();
  return isTier(tier) ? tier : 'Practice';
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

export { formatMoney } from './money';
