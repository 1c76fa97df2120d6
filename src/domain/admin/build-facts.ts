/**
 * Facts the staff pages take from the build (pure: the caller passes the environment and data):
 * names of the configured membership prices, and the build's version line.
 */
import type { MembershipCatalog } from '../membership';

/**
 * Price id → plan name ("Bogey+ · 12 Months") for every tier and term whose Stripe price is pinned by
 * an environment variable (STRIPE_PRICE_{SLUG}_{TERM}); prices found by lookup key show their nickname.
 */
export function knownPriceNames(
  catalog: Pick<MembershipCatalog, 'plans' | 'terms'>,
  env: Readonly<Record<string, string | undefined>>,
  variableName: (slug: string, term: string) => string,
): Record<string, string> {
  const names: Record<string, string> = {};
  for (const plan of catalog.plans) {
    for (const term of catalog.terms) {
      const id = env[variableName(plan.slug, term.key)]?.trim();
      if (id) names[id] = `${plan.tier} · ${term.label}`;
    }
  }
  return names;
}

/** "0.1.0 · abc1234 · built Oct 3, 2025" (the commit from Netlify's COMMIT_REF when present). */
export function buildVersionLine(version: string, env: Readonly<Record<string, string | undefined>>, builtAt: Date): string {
  const commit = env['COMMIT_REF']?.trim().slice(0, 7);
  const day = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', year: 'numeric', month: 'short', day: 'numeric' }).format(builtAt);
  return [version, commit, `built ${day}`].filter(Boolean).join(' · ');
}
