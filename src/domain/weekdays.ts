/**
 * The days of the week in the venue's order (Monday first). Free of zod: browser code (venue-local
 * time on the staff and booking pages) needs the days without loading the content schemas.
 */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
