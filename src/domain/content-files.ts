import type { z } from 'zod';
import { bayBookingContentSchema } from '../features/bay-booking/rules/content';
import { quoteContentSchema } from '../features/event-requests/rules/quote-content';
import { resolveBayBooking, type BayBookingSources } from '../features/bay-booking/rules/config';
import { resolveQuoteConfig } from '../features/event-requests/rules/quote-config';
import { photoReferences, type ContentContext } from './content-context';
import { contentFileName, type ContentProblem } from './content-file';
import type { Filled } from './content-template';
import { giftCardsContentSchema } from '../features/gift-cards/rules/content';
import { leagueSchema } from '../features/league/rules/league';
import { leaguePlaySchema } from '../features/league/rules/play-content';
import { libraryPhotoNames, mediaSchema } from './media';
import { membershipCatalogSchema } from '../features/memberships/rules/membership';
import { navigationSchema } from './navigation';
import {
  aboutSchema,
  contactSchema,
  eventsSchema,
  homeSchema,
  leaguePageSchema,
  membershipPageSchema,
  menuSchema,
} from './page-content';
import { siteSchema } from './site';
import { EVENTS_FOLDER, eventFileFields, upcomingEventSchema } from './upcoming-events';
import { POLICIES_FOLDER, policyFileFields, policyPageSchema } from './policies';

/** A file staff edit under src/content/, the schema it must match and the photos it uses. */
export interface ContentFile<Data extends Record<string, unknown> = Record<string, unknown>> {
  /** Path inside src/content/. */
  file: string;
  schema: z.ZodType<Data>;
  /** The photo names the parsed file uses; each needs an image file and an alt text. */
  photos(data: Data): readonly string[];
  /** Fields staff write in markdown, as dotted paths (a list's items without index: "faq.items.answer"); pages read them as HTML. */
  markdown: readonly string[];
  /** Fields holding an image file's address, as dotted paths: staff upload or pick the file. */
  images: readonly string[];
  /** What the file gets wrong against the others beyond photos and sessions (each problem names every file and field involved). */
  crossCheck?(data: Data, context: ContentContext): readonly ContentProblem[];
}

interface ContentFileOptions<Data> {
  photos?: (data: Data) => readonly string[];
  markdown?: readonly string[];
  images?: readonly string[];
  crossCheck?: (data: Data, context: ContentContext) => readonly ContentProblem[];
}

function contentFile<Data extends Record<string, unknown>>(
  schema: z.ZodType<Data>,
  { photos = photoReferences, markdown = [], images = [], crossCheck }: ContentFileOptions<Data> = {},
): Omit<ContentFile<Data>, 'file'> {
  return { schema, photos, markdown, images, ...(crossCheck ? { crossCheck } : {}) };
}

/** Each declared file with its file name, the JSON file of its collection's name. */
function named<Declared extends Record<string, { schema: z.ZodType }>>(declared: Declared): { [Name in keyof Declared]: Declared[Name] & { file: string } } {
  return Object.fromEntries(Object.entries(declared).map(([name, file]) => [name, { file: contentFileName(name), ...file }])) as { [Name in keyof Declared]: Declared[Name] & { file: string } };
}

/** What bay booking takes its prices, hours, league nights and member benefits from. */
const bookingSources = (context: ContentContext): BayBookingSources => ({ site: context.site, events: context, league: context.league, memberships: context.memberships });

/**
 * Every content file, by collection name, with its schema and its checks against the others: the one
 * list the content check (content-check.ts) runs for the build and for the content editor's saves.
 * src/content.config.ts declares a collection per entry (the pages' path; `astro sync`, `check` and
 * `build` refuse a malformed file) and the features' catalogues parse the files the functions import
 * with the same schema. A file missing here fails content.config.test.ts. The photos in src/content/media/
 * belong to `media`.
 */
export const contentFiles = named({
  site: contentFile(siteSchema),
  memberships: contentFile(membershipCatalogSchema),
  'membership-page': contentFile(membershipPageSchema, { markdown: ['faq.items.answer'] }),
  league: contentFile(leagueSchema),
  'league-page': contentFile(leaguePageSchema),
  'league-play': contentFile(leaguePlaySchema),
  events: contentFile(eventsSchema),
  menu: contentFile(menuSchema),
  home: contentFile(homeSchema),
  about: contentFile(aboutSchema),
  contact: contentFile(contactSchema),
  navigation: contentFile(navigationSchema),
  media: contentFile(mediaSchema, { photos: libraryPhotoNames, images: ['photos.file'] }),
  'bay-booking': contentFile(bayBookingContentSchema, {
    crossCheck: (data, context) => resolveBayBooking(data, bookingSources(context)).problems,
  }),
  'gift-cards': contentFile(giftCardsContentSchema),
  'event-quotes': contentFile(quoteContentSchema, {
    // The quotes' bays and calendar are bay booking's (its bays and types resolve even when its prices do not: those problems are its own file's).
    crossCheck: (data, context) => resolveQuoteConfig(data, resolveBayBooking(context.bayBooking, bookingSources(context)).config, context.rental).problems,
  }),
});

export type ContentCollectionName = keyof typeof contentFiles;

/** A content file as pages read it: validated, checked against the other files, templates filled. */
export type ContentOf<Name extends ContentCollectionName> = Filled<z.output<(typeof contentFiles)[Name]['schema']>>;


/** A folder of markdown files staff add to and delete from, one entry per file. */
export interface ContentFolder<Data extends Record<string, unknown> = Record<string, unknown>> {
  /** Path inside src/content/. */
  folder: string;
  schema: z.ZodType<Data>;
  /** What the schema reads from one file: its front matter and its markdown body. */
  fields(frontMatter: Readonly<Record<string, unknown>>, body: string): Record<string, unknown>;
  /** The parsed field holding the markdown body (its placeholders filled): pages read it as HTML. */
  bodyField: string;
}

/** Every folder of markdown files, by collection name; src/content.config.ts declares a collection per entry. */
export const contentFolders = {
  'upcoming-events': { folder: EVENTS_FOLDER, schema: upcomingEventSchema, fields: eventFileFields, bodyField: 'description' },
  policies: { folder: POLICIES_FOLDER, schema: policyPageSchema, fields: policyFileFields, bodyField: 'body' },
} satisfies Record<string, ContentFolder>;

export type ContentFolderName = keyof typeof contentFolders;

/** The folder of photo files that media.json describes. */
export const PHOTO_FOLDER = 'media';
