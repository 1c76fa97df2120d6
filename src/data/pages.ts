import type { z } from 'zod';
import aboutRaw from '../content/about.json';
import contactRaw from '../content/contact.json';
import eventsRaw from '../content/events.json';
import homeRaw from '../content/home.json';
import leaguePageRaw from '../content/league-page.json';
import membershipPageRaw from '../content/membership-page.json';
import menuRaw from '../content/menu.json';
import { ContentFileError, parseContentFile } from '../domain/content-file';
import {
  aboutSchema,
  contactSchema,
  eventsSchema,
  homeSchema,
  leaguePageSchema,
  membershipPageSchema,
  menuSchema,
  photoReferences,
} from '../domain/page-content';
import { league } from './league';
import { checkPhotoReferences } from './media';

/** Validates a page's content file and the photos it names; a problem fails the build naming the file. */
function loadPage<Schema extends z.ZodType>(file: string, schema: Schema, raw: unknown): z.output<Schema> {
  const content = parseContentFile(file, schema, raw);
  checkPhotoReferences(file, photoReferences(content));
  return content;
}

export const home = loadPage('src/content/home.json', homeSchema, homeRaw);
export const about = loadPage('src/content/about.json', aboutSchema, aboutRaw);
export const events = loadPage('src/content/events.json', eventsSchema, eventsRaw);
export const menu = loadPage('src/content/menu.json', menuSchema, menuRaw);
export const leaguePage = loadPage('src/content/league-page.json', leaguePageSchema, leaguePageRaw);
export const contact = loadPage('src/content/contact.json', contactSchema, contactRaw);
export const membershipPage = loadPage('src/content/membership-page.json', membershipPageSchema, membershipPageRaw);

const unknownSessions = events.upcoming.items.flatMap((item, index) =>
  item.kind === 'league' && !league.sessions.some((session) => session.id === item.sessionId)
    ? [`upcoming.items[${index}].sessionId: no session "${item.sessionId}" in src/content/league.json`]
    : [],
);
if (unknownSessions.length > 0) throw new ContentFileError('src/content/events.json', unknownSessions);
