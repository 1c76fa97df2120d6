/**
 * What the staff pages take from the build (run while building, never shipped as code): the league
 * facts the islands need (so they ship no zod), the names of configured membership prices, and
 * the build's version line.
 */
import pkg from '../../../package.json' with { type: 'json' };
import { league } from '../../features/league/catalogue';
import { membershipCatalog } from '../../features/memberships/catalogue';
import { buildVersionLine, knownPriceNames as namesFor } from '../../features/staff/rules/build-facts';
import { readCommitRef, readPriceOverride } from '../../shared/server/env';
import type { LeagueFacts } from '../../features/staff/islands/types';

export function leagueFacts(): LeagueFacts {
  return {
    sessions: league.sessions.map(({ id, name, filterLabel }) => ({ id, name, filterLabel })),
    teeTimes: {
      days: league.teeTimes.days.map(({ id, label }) => ({ id, label })),
      slots: league.teeTimes.slots.map(({ id, label }) => ({ id, label })),
    },
  };
}

export function knownPriceNames(env: NodeJS.ProcessEnv): Record<string, string> {
  return namesFor(membershipCatalog, (slug, term) => readPriceOverride(slug, term, env));
}

export function buildVersion(env: NodeJS.ProcessEnv, builtAt: Date): string {
  return buildVersionLine(pkg.version, readCommitRef(env), builtAt);
}
