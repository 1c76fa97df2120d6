import * as z from 'zod';
import type shippedCatalog from '../../../content/memberships.json';

/**
 * Membership plans, billing terms, prices and the monthly promotion (src/content/memberships.json).
 * Pages render from it and the server charges from it: the client never decides an amount. The plans
 * and terms are the file's own: a plan or a term added there is offered, priced and charged with no
 * change to the code.
 */

/**
 * A billing term's key ('1-month', '12-month', …), as memberships.json names the terms: the type
 * follows the file, and the schema checks that every plan prices every term the file lists.
 */
export type TermKey = keyof (typeof shippedCatalog)['plans'][number]['monthlyRates'];

/** A plan's name ('Practice', 'Bogey+', …): any name the catalogue lists. */
export type Tier = string;

const key = z.string().regex(/^[a-z0-9-]+$/, 'expected lowercase letters, digits and dashes, like 12-month');
const dollars = z.number().int().positive();

const billingTermShape = z.object({
  key,
  months: z.number().int().positive(),
  /** Label on the memberships page: "12 Months". */
  label: z.string().min(1),
  /** "annual", "quarterly", … */
  cadence: z.string().min(1),
  /** Label on the checkout page: "Monthly", "3 Months", … */
  checkoutLabel: z.string().min(1),
});

const planShape = z.object({
  tier: z.string().min(1),
  /** Used in Stripe lookup keys and element ids: practice, bogey, bogey-plus. */
  slug: z.string().regex(/^[a-z0-9-]+$/),
  description: z.string().min(1),
  playingRestrictions: z.string().min(1),
  guestsAllowed: z.string().min(1),
  dailyReservations: z.string().min(1),
  popular: z.boolean(),
  /** Monthly rate in whole dollars for each billing term, by term key. */
  monthlyRates: z.record(key, dollars),
});

const venueDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date like 2026-10-01');

/**
 * The membership promotion: on while `active` and, when content dates it, from the start of
 * `startsAt` to the end of `endsAt` (venue-local days); outside that the page shows no banner and
 * Checkout charges the regular price.
 */
export const promotionSchema = z
  .object({
    active: z.boolean(),
    name: z.string().min(1),
    headline: z.string().min(1),
    checkoutText: z.string().min(1),
    percentOff: z.number().positive().max(100),
    /** The Stripe coupon the server applies at checkout while the promotion runs. */
    couponId: z.string().regex(/^[A-Za-z0-9_-]+$/),
    /** First day of the promotion (venue-local); unset: since it was switched on. */
    startsAt: venueDate.optional(),
    /** Last day of the promotion (venue-local), included; unset: until it is switched off. */
    endsAt: venueDate.optional(),
  })
  .superRefine((promotion, context) => {
    if (promotion.startsAt && promotion.endsAt && promotion.endsAt < promotion.startsAt) {
      context.addIssue({ code: 'custom', path: ['endsAt'], message: `is before the first day (startsAt ${promotion.startsAt}): the promotion would never run` });
    }
  });

export type BillingTerm = Omit<z.infer<typeof billingTermShape>, 'key'> & { key: TermKey };
export type Plan = Omit<z.infer<typeof planShape>, 'monthlyRates'> & { monthlyRates: Record<TermKey, number> };
export type Promotion = z.infer<typeof promotionSchema>;
export type MembershipCatalog = {
  currency: string;
  defaultTerm: TermKey;
  terms: BillingTerm[];
  plans: Plan[];
  promotion: Promotion;
};

const duplicates = (values: readonly string[]) => values.filter((value, index) => values.indexOf(value) !== index);

/**
 * The catalogue: terms with distinct keys, plans with distinct names and slugs, every plan priced for
 * exactly the listed terms, a longer term never dearer per month than a shorter one (so every term
 * saves against the shortest), and a default term among the listed ones.
 */
export const membershipCatalogSchema = z
  .object({
    currency: z.string().length(3),
    defaultTerm: key,
    terms: z.array(billingTermShape).min(1),
    plans: z.array(planShape).min(1),
    promotion: promotionSchema,
  })
  .superRefine((catalog, context) => {
    const issue = (path: PropertyKey[], message: string) => context.addIssue({ code: 'custom', path, message });
    const keys = catalog.terms.map((term) => term.key);
    for (const repeated of duplicates(keys)) issue(['terms'], `term ${repeated} is listed twice`);
    for (const repeated of duplicates(catalog.plans.map((plan) => plan.tier))) issue(['plans'], `plan ${repeated} is listed twice`);
    for (const repeated of duplicates(catalog.plans.map((plan) => plan.slug))) issue(['plans'], `slug ${repeated} is used twice`);
    if (!keys.includes(catalog.defaultTerm)) issue(['defaultTerm'], `term ${catalog.defaultTerm} is not listed in terms`);
    const byLength = [...catalog.terms].sort((a, b) => a.months - b.months);
    catalog.plans.forEach((plan, index) => {
      for (const missing of keys.filter((term) => !(term in plan.monthlyRates))) issue(['plans', index, 'monthlyRates'], `the ${missing} rate is missing`);
      for (const extra of Object.keys(plan.monthlyRates).filter((term) => !keys.includes(term))) issue(['plans', index, 'monthlyRates'], `${extra} is not a listed term`);
      byLength.slice(1).forEach((term, position) => {
        const shorter = byLength[position]!;
        if ((plan.monthlyRates[term.key] ?? 0) > (plan.monthlyRates[shorter.key] ?? Infinity)) {
          issue(['plans', index, 'monthlyRates', term.key], `costs more per month than the shorter ${shorter.key} term`);
        }
      });
    });
  }) as unknown as z.ZodType<MembershipCatalog>;
