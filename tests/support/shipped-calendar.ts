// Calendar instants for the suites that run the built site (end-to-end, reliability, API benchmarks):
// their functions read the shipped league content, so the calendar clock (CALENDAR_NOW, local runs
// only) is fixed at instants derived from src/content/league.json by the site's own rules. A run then
// passes in any month; rolling the season forward moves the instants with it.
import { readFileSync } from 'node:fs';
import { leagueSchema, type League } from '../../src/features/league/rules/league';
import { sessionWindows } from '../../src/features/league/rules/registration-window';

const HOUR_MS = 3_600_000;

/** The league as shipped, validated (read from the file: Playwright's loader imports no JSON modules). */
export function shippedLeague(): League {
  return leagueSchema.parse(JSON.parse(readFileSync(new URL('../../src/content/league.json', import.meta.url), 'utf8')));
}

/**
 * A moment every session switched on takes registrations: 12 hours before the first closing (noon
 * in Verona when it closes at midnight), after every opening. Throws when the shipped sessions are
 * never open together, naming why, since the registration journeys need two sessions.
 */
export function shippedOpenInstant(league: League = shippedLeague()): Date {
  const sessions = sessionWindows(league).filter((session) => session.open);
  const firstClose = Math.min(...sessions.map((session) => Date.parse(session.closesAt)));
  const lastOpen = Math.max(0, ...sessions.map((session) => (session.opensAt ? Date.parse(session.opensAt) : 0)));
  const instant = firstClose - 12 * HOUR_MS;
  if (sessions.length < 2 || lastOpen > instant) {
    throw new Error('src/content/league.json: the suites need two sessions taking registrations at the same time (registration opening before the first one closes)');
  }
  return new Date(instant);
}

/** A moment after every shipped session has closed: nothing takes registrations, nothing opens later. */
export function shippedClosedInstant(league: League = shippedLeague()): Date {
  const lastClose = Math.max(...sessionWindows(league).map((session) => Date.parse(session.closesAt)));
  return new Date(lastClose + 7 * 24 * HOUR_MS);
}
