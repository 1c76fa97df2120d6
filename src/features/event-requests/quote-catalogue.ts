import raw from '../../content/event-quotes.json';
import eventsRaw from '../../content/events.json';
import { contentPath, contentProblemsError, parseContentFile } from '../../domain/content-file';
import { eventsSchema } from '../../domain/page-content';
import { bayBooking } from '../bay-booking/catalogue';
import { resolveQuoteConfig } from './rules/quote-config';
import { quoteContentSchema } from './rules/quote-content';

const content = parseContentFile(contentPath('event-quotes'), quoteContentSchema, raw);
const events = parseContentFile(contentPath('events'), eventsSchema, eventsRaw);
const resolved = resolveQuoteConfig(content, bayBooking, events.rental);
if (resolved.problems.length > 0) throw contentProblemsError(resolved.problems, contentPath('event-quotes'));

/** Spaces, packages, deposit rule and policy for event quotes (src/content/event-quotes.json), resolved against bay booking and the rental cards. */
export const quoteConfig = resolved.config;
