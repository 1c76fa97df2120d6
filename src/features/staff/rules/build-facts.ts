/**
 * Facts the staff pages take from the build (pure: the caller passes the settings and data):
 * names of the configured membership prices, and the build's version line.
 */
import type { MembershipCatalog } from '../../memberships/rules/membership';

/**
 * Price id → plan name ("Bogey+ · 12 Months") for every tier and term whose Stripe price is pinned by
 * an environment variable (STRIPE_PRICE_{SLUG}_{TERM}); prices found by lookup key show their nickname.
 */
export function knownPriceNames(
  catalog: Pick<MembershipCatalog, 'plans' | 'terms'>,
  pinnedPriceId: (slug: string, term: string) => string | null,
): Record<string, string> {
  const names: Record<string, string> = {};
  for (const plan of catalog.plans) {
    for (const term of catalog.terms) {
      const id = pinnedPriceId(plan.slug, term.key);
      if (id) names[id] = `${plan.tier} · ${term.label}`;
    }
  }
  return names;
}

/** "0.1.0 · abc1234 · built Oct 3, 2025" (the commit when the build knows it). */
export function buildVersionLine(version: string, commit: string | null, builtAt: Date): string {
  const day = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', year: 'numeric', month: 'short', day: 'numeric' }).format(builtAt);
  return [version, commit, `built ${day}`].filter(Boolean).join(' · ');
}
