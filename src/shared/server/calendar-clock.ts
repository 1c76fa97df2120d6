/**
 * The instant the site's calendar rules read as "now" on the server: which league sessions take
 * registrations, whether the membership promotion runs, whether opening notices go out. Local runs
 * and tests may fix it with CALENDAR_NOW (an ISO instant), so a suite run against the shipped content
 * passes in any month; a deployed site never honours it (it reads the real clock and logs once why).
 * Only calendar decisions read it: expiries, records' times and sessions keep the real clock.
 */
import { isProduction } from './env';

export const CALENDAR_NOW_VARIABLE = 'CALENDAR_NOW';

let warned = false;

export function calendarNow(env: NodeJS.ProcessEnv = process.env, realNow: () => Date = () => new Date()): Date {
  const fixed = env[CALENDAR_NOW_VARIABLE]?.trim();
  if (!fixed) return realNow();
  if (isProduction(env)) {
    // A test setting left on a deployed site must not move its calendar: the real clock wins.
    if (!warned) console.error(`[calendar] ${CALENDAR_NOW_VARIABLE} is set on a deployed site: ignored, the real clock is read`);
    warned = true;
    return realNow();
  }
  const at = Date.parse(fixed);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(fixed) || Number.isNaN(at)) throw new Error(`${CALENDAR_NOW_VARIABLE} must be an ISO instant like 2026-12-01T18:00:00Z, got ${JSON.stringify(fixed)}`);
  return new Date(at);
}
