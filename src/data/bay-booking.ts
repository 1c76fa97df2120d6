import raw from '../content/bay-booking.json';
import eventsRaw from '../content/events.json';
import { ContentFileError, parseContentFile } from '../domain/content-file';
import { contentFiles, contentPath } from '../domain/content-files';
import { resolveBayBooking } from '../domain/bay-booking/config';
import { league } from './league';
import { membershipCatalog } from './memberships';
import { site } from './site';

const content = parseContentFile(contentPath('bay-booking'), contentFiles['bay-booking'].schema, raw);
const events = parseContentFile(contentPath('events'), contentFiles.events.schema, eventsRaw);
const resolved = resolveBayBooking(content, { site, events, league, memberships: membershipCatalog });
if (resolved.problems.length > 0) throw new ContentFileError(contentPath('bay-booking'), resolved.problems);

/** Bays, prices, hours, window and policy for booking (src/content/bay-booking.json), resolved against the files it takes facts from. */
export const bayBooking = resolved.config;
