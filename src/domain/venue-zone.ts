/**
 * The venue's time zone (Verona, Wisconsin): every day and time a person reads or a rule depends on is
 * this zone's. A module of its own, so a page that needs only the zone (/book) loads no formatter.
 */
export const VENUE_TIME_ZONE = 'America/Chicago';
