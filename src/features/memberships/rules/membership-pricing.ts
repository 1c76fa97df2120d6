/**
 * Membership pricing as pure functions, free of zod so the checkout island can ship them cheaply.
 * The catalogue and its schema live in membership.ts (src/content/memberships.json).
 */
import type { BillingTerm, MembershipCatalog, Plan, TermKey, Tier } from './membership-schema';

/** The plan of a tier name, or undefined when the catalogue lists none. */
export function findPlanOf(catalog: Pick<MembershipCatalog, 'plans'>, tier: string): Plan | undefined {
  return catalog.plans.find((candidate) => candidate.tier === tier);
}

/** The billing term of a key, or undefined when the catalogue lists none. */
export function findTermOf(catalog: Pick<MembershipCatalog, 'terms'>, key: string): BillingTerm | undefined {
  return catalog.terms.find((candidate) => candidate.key === key);
}

export function findPlan(catalog: Pick<MembershipCatalog, 'plans'>, tier: Tier): Plan {
  const plan = findPlanOf(catalog, tier);
  if (!plan) throw new Error(`No plan for tier ${tier}`);
  return plan;
}

export function findTerm(catalog: Pick<MembershipCatalog, 'terms'>, key: string): BillingTerm {
  const term = findTermOf(catalog, key);
  if (!term) throw new Error(`No billing term ${key}`);
  return term;
}

/** The tier named in a query string (?tier=Bogey%2B); anything the catalogue does not list falls back to its first plan. */
export function tierFromQuery(catalog: Pick<MembershipCatalog, 'plans'>, value: string | null | undefined): Tier {
  return findPlanOf(catalog, value?.trim() ?? '')?.tier ?? catalog.plans[0]!.tier;
}

export interface TermSavings {
  monthlyRate: number;
  /** The plan's month-to-month rate minus this term's rate. */
  savingsPerMonth: number;
  /** Savings per month over the month-to-month rate, rounded to a whole percent. */
  savingsPercent: number;
  /** Savings per month times the months in the term. */
  packageSavings: number;
  /** What one billing period costs: monthly rate times months. */
  chargePerPeriod: number;
}

/**
 * Rate, savings and charge of one plan on one term. Savings are measured against the plan's
 * month-to-month rate: its highest monthly rate, the shortest term's (the catalogue's schema keeps
 * longer terms from costing more per month).
 */
export function termSavings(plan: Plan, term: BillingTerm): TermSavings {
  const base = Math.max(...Object.values<number>(plan.monthlyRates));
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

/** A promotion's days as instants (promotion-window.ts), so the browser decides with no time-zone work. */
export interface PromotionWindow {
  active: boolean;
  /** From this instant (ISO); null: since it was switched on. */
  from: string | null;
  /** Until this instant (ISO), excluded; null: until it is switched off. */
  until: string | null;
}

/** Whether the promotion runs at `now`: the banner shows and Checkout applies its coupon. */
export function isPromotionRunning(window: PromotionWindow, now: Date): boolean {
  const at = now.getTime();
  return window.active && (window.from === null || Date.parse(window.from) <= at) && (window.until === null || at < Date.parse(window.until));
}

export { formatMoney } from '../../../domain/money';
