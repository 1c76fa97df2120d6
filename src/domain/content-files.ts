import type { z } from 'zod';
import { bayBookingContentSchema } from './bay-booking/content';
import { resolveBayBooking } from './bay-booking/config';
import { photoReferences, type ContentContext } from './content-context';
import type { Filled } from './content-template';
import { leagueSchema } from './league';
import { libraryPhotoNames, mediaSchema } from './media';
import { membershipCatalogSchema } from './membership';
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
  /** What the file gets wrong against the others beyond photos and sessions (each problem names the file to fix). */
  crossCheck?(data: Data, context: ContentContext): readonly string[];
}

interface ContentFileOptions<Data> {
  photos?: (data: Data) => readonly string[];
  markdown?: readonly string[];
  images?: readonly string[];
  crossCheck?: (data: Data, context: ContentContext) => readonly string[];
}

function contentFile<Data extends Record<string, unknown>>(
  file: string,
  schema: z.ZodType<Data>,
  { photos = photoReferences, markdown = [], images = [], crossCheck }: ContentFileOptions<Data> = {},
): ContentFile<Data> {
  return { file, schema, photos, markdown, images, ...(crossCheck ? { crossCheck } : {}) };
}

/**
 * Every content file, by collection name, with its schema: the one list both ways of reading content
 * use. src/content.config.ts declares a collection per entry (the pages' path; `astro sync`, `check`
 * and `build` refuse a malformed file) and src/data parses the files the functions import with the
 * same schema. A file missing here fails content.config.test.ts. The photos in src/content/media/
 * belong to `media`.
 */
export const contentFiles = {
  site: contentFile('site.json', siteSchema),
  memberships: contentFile('memberships.json', membershipCatalogSchema),
  'membership-page': contentFile('membership-page.json', membershipPageSchema, { markdown: ['faq.items.answer'] }),
  league: contentFile('league.json', leagueSchema),
  'league-page': contentFile('league-page.json', leaguePageSchema),
  events: contentFile('events.json', eventsSchema),
  menu: contentFile('menu.json', menuSchema),
  home: contentFile('home.json', homeSchema),
  about: contentFile('about.json', aboutSchema),
  contact: contentFile('contact.json', contactSchema),
  navigation: contentFile('navigation.json', navigationSchema),
  media: contentFile('media.json', mediaSchema, { photos: libraryPhotoNames, images: ['photos.file'] }),
  'bay-booking': contentFile('bay-booking.json', bayBookingContentSchema, {
    crossCheck: (data, context) => resolveBayBooking(data, { site: context.site, events: context, league: context.league, memberships: context.memberships }).problems,
  }),
};

export type ContentCollectionName = keyof typeof contentFiles;

/** A content file as pages read it: validated, checked against the other files, templates filled. */
export type ContentOf<Name extends ContentCollectionName> = Filled<z.output<(typeof contentFiles)[Name]['schema']>>;

/** "src/content/league.json": how errors and staff name a file. */
export function contentPath(name: ContentCollectionName): string {
  return `src/content/${contentFiles[name].file}`;
}

/** A folder of markdown files staff add to and delete from, one entry per file. */
export interface ContentFolder<Data extends Record<string, unknown> = Record<string, unknown>> {
  /** Path inside src/content/. */
  folder: string;
  schema: z.ZodType<Data>;
  /** What the schema reads from one file: its front matter and its markdown body. */
  fields(frontMatter: Readonly<Record<string, unknown>>, body: string): Record<string, unknown>;
}

/** Every folder of markdown files, by collection name; src/content.config.ts declares a collection per entry. */
export const contentFolders = {
  'upcoming-events': { folder: EVENTS_FOLDER, schema: upcomingEventSchema, fields: eventFileFields },
} satisfies Record<string, ContentFolder>;

export type ContentFolderName = keyof typeof contentFolders;

/** The folder of photo files that media.json describes. */
export const PHOTO_FOLDER = 'media';
