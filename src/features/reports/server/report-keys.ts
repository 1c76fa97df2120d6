/**
 * Where the report aggregates live: one hash per venue-local day (`report:day:2026-11-28`, fields
 * from rules/tally.ts) and the running count of active members.
 */
export const REPORT_DAY_PREFIX = 'report:day:';
export const reportDayKey = (date: string): string => `${REPORT_DAY_PREFIX}${date}`;
export const MEMBERS_ACTIVE_KEY = 'report:members:active';
/** Running totals of every day so far, for what a report needs as of a day (the gift card liability). */
export const REPORT_RUNNING_KEY = 'report:running';
