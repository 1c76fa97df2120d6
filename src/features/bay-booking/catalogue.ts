import raw from '../../content/bay-booking.json';
import eventsRaw from '../../content/events.json';
import { contentPath, contentProblemsError, parseContentFile } from '../../domain/content-file';
import { eventsSchema } from '../../domain/page-content';
import { resolveBayBooking } from './rules/config';
import { bayBookingContentSchema } from './rules/content';
import { league } from '../league/catalogue';
import { membershipCatalog } from '../memberships/catalogue';
import { site } from '../../data/site';

const content = parseContentFile(contentPath('bay-booking'), bayBookingContentSchema, raw);
const events = parseContentFile(contentPath('events'), eventsSchema, eventsRaw);
const resolved = resolveBayBooking(content, { site, events, league, memberships: membershipCatalog });
if (resolved.problems.length > 0) throw contentProblemsError(resolved.problems, contentPath('bay-booking'));

/** Bays, prices, hours, window and policy for booking (src/content/bay-booking.json), resolved against the files it takes facts from. */
export const bayBooking = resolved.config;
