import type { z } from 'zod';
import { leagueSchema } from './league';
import { mediaSchema } from './media';
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

/** A file staff edit under src/content/ and the schema it must match. */
export interface ContentFile {
  /** Path inside src/content/. */
  file: string;
  schema: z.ZodType<Record<string, unknown>>;
}

/**
 * Every content file, by collection name (its file name). src/content.config.ts declares one Astro
 * collection per entry, so `astro sync`, `astro check` and `astro build` refuse a malformed file; a
 * file missing here fails content-files.test.ts. The photos in src/content/media/ belong to `media`.
 */
export const contentFiles = {
  site: { file: 'site.json', schema: siteSchema },
  memberships: { file: 'memberships.json', schema: membershipCatalogSchema },
  'membership-page': { file: 'membership-page.json', schema: membershipPageSchema },
  league: { file: 'league.json', schema: leagueSchema },
  'league-page': { file: 'league-page.json', schema: leaguePageSchema },
  events: { file: 'events.json', schema: eventsSchema },
  menu: { file: 'menu.json', schema: menuSchema },
  home: { file: 'home.json', schema: homeSchema },
  about: { file: 'about.json', schema: aboutSchema },
  contact: { file: 'contact.json', schema: contactSchema },
  navigation: { file: 'navigation.json', schema: navigationSchema },
  media: { file: 'media.json', schema: mediaSchema },
} as const satisfies Record<string, ContentFile>;

export type ContentCollectionName = keyof typeof contentFiles;

/** The folder of photo files that media.json describes. */
export const PHOTO_FOLDER = 'media';
