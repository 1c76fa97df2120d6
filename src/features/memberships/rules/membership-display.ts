import { formatMoney, termSavings, type BillingTerm, type MembershipCatalog, type Plan } from './membership';

/** What the memberships page prints for one plan on one billing term: rate, charge and savings. */
export interface PlanTermView {
  /** "$99" */
  monthlyRate: string;
  /** "$1,188 billed every 12 months" / "$189 billed monthly" */
  billing: string;
  /** "Save $90/month (48%)", or null on the month-to-month term (nothing saved). */
  savings: string | null;
  /** "Total package savings: $1,080", or null when nothing is saved. */
  packageSavings: string | null;
  /** "$1,188 / 12 months", "$189 / month": the charge per billing period, short (comparison table). */
  charge: string;
  savingsPerMonth: string;
  savingsPercent: string;
  packageSavingsAmount: string;
}

export function planTermView(plan: Plan, term: BillingTerm): PlanTermView {
  const numbers = termSavings(plan, term);
  const saves = numbers.savingsPerMonth > 0;
  return {
    monthlyRate: formatMoney(numbers.monthlyRate),
    billing: term.months === 1 ? `${formatMoney(numbers.chargePerPeriod)} billed monthly` : `${formatMoney(numbers.chargePerPeriod)} billed every ${term.months} months`,
    savings: saves ? `Save ${formatMoney(numbers.savingsPerMonth)}/month (${numbers.savingsPercent}%)` : null,
    packageSavings: saves ? `Total package savings: ${formatMoney(numbers.packageSavings)}` : null,
    charge: term.months === 1 ? `${formatMoney(numbers.chargePerPeriod)} / month` : `${formatMoney(numbers.chargePerPeriod)} / ${term.months} months`,
    savingsPerMonth: formatMoney(numbers.savingsPerMonth),
    savingsPercent: `${numbers.savingsPercent}%`,
    packageSavingsAmount: formatMoney(numbers.packageSavings),
  };
}

/** The best percent saved on a term across the plans ("Save up to 50%"), 0 for the month-to-month term. */
export function bestSavingsPercent(catalog: MembershipCatalog, term: BillingTerm): number {
  return Math.max(...catalog.plans.map((plan) => termSavings(plan, term).savingsPercent));
}

/** The checkout address of a plan: a plain link, so choosing a plan is a full page load. */
export function checkoutHref(plan: Plan): string {
  return `/membership-checkout?tier=${encodeURIComponent(plan.tier)}`;
}

/** CSS that shows only the figures of the checked term: [data-term] elements inside .term-scope. */
export function termSelectorCss(catalog: MembershipCatalog): string {
  return [
    '.term-scope [data-term]{display:none}',
    ...catalog.terms.map((term) => `.term-scope:has(input[name="term"][value="${term.key}"]:checked) [data-term="${term.key}"]{display:revert}`),
  ].join('\n');
}
