import { CONTENT_EDITOR_LINK } from '../staff/rules/pages';
import { contentFiles, contentFolders, PHOTO_FOLDER, type ContentCollectionName, type ContentFolderName } from '../../domain/content-files';
import { contentPath } from '../../domain/content-file';
import { PHOTO_PUBLIC_FOLDER } from '../../domain/media';
import { EVENT_BODY_FIELD } from '../../domain/upcoming-events';
import { formFields, type EditorField } from './fields';
import { fieldWords, isLongText } from './words';

/**
 * The content editor's configuration (Decap CMS, initialised by the editor page with this object):
 * one form per file of `contentFiles` and one folder collection per entry of `contentFolders`, each
 * form derived from the file's schema. Labels are typed by collection name, so a content file added
 * to `contentFiles` does not compile until staff have a name for it.
 */

/** The editor's address: the staff pages link to it, the build gives it its own headers. */
export const CONTENT_EDITOR_PATH = CONTENT_EDITOR_LINK.href;
/** Where the editor page loads the CMS bundle from (copied from node_modules at build, served by astro dev). */
export const CONTENT_EDITOR_BUNDLE = `${CONTENT_EDITOR_PATH}/cms/decap-cms.js`;
/** The editor page's own module (src/features/content-editor/editor-page.ts, bundled on its own). */
export const CONTENT_EDITOR_SCRIPT = `${CONTENT_EDITOR_PATH}/editor.js`;
/** Where the page reaches the local backend (decap-server) on a local run: same origin, so its policy stays 'self'. */
export const CONTENT_EDITOR_LOCAL_API = `${CONTENT_EDITOR_PATH}/api/v1`;
/** The collection holding the single-file forms. */
export const FILES_COLLECTION = 'settings';

/** What staff read each file as in the editor's list. */
export const EDITOR_FILE_LABELS: Record<ContentCollectionName, string> = {
  site: 'Venue facts: name, address, phone, opening hours, rates, links',
  memberships: 'Membership plans and prices',
  'membership-page': 'Memberships page: texts and questions',
  league: 'League: sessions, tee times and prices',
  'league-page': 'League page: texts',
  'league-play': 'League play: handicaps, points, flights, awards, playoff rule',
  events: 'Events page: texts, bay rental prices, spaces',
  menu: 'Menu: dishes, drinks and prices',
  home: 'Home page',
  about: 'About page',
  contact: 'Contact page',
  navigation: 'Menus and footer links',
  media: 'Photo library: photos and their descriptions',
  'bay-booking': 'Bay booking on the site: bays, prices, booking rules',
  'gift-cards': 'Gift cards: amounts, card text, terms',
  'event-quotes': 'Event quotes: private spaces, party packages, deposit and cancellation policy, rate names',
};

export interface EditorFolder {
  label: string;
  singular: string;
  /** The front matter in this order; the markdown body last. */
  order: readonly string[];
  /** The markdown body's label and hint. */
  body: { label: string; hint: string };
  /** The folder's files are fixed (each one a page the site links to): staff edit them, never add or delete one. */
  fixed?: boolean;
}

export const EDITOR_FOLDER_LABELS: Record<ContentFolderName, EditorFolder> = {
  'upcoming-events': {
    label: 'Upcoming events',
    singular: 'Event',
    order: ['title', 'kind', 'day', 'date', 'sessionId', 'startTime', 'endTime', 'type', 'featured'],
    body: { label: fieldWords.label(EVENT_BODY_FIELD), hint: fieldWords.hint(EVENT_BODY_FIELD) ?? '' },
  },
  policies: {
    label: 'Policy pages (privacy, terms, accessibility)',
    singular: 'Policy page',
    order: ['staffNote', 'title', 'description'],
    body: {
      label: 'Page text',
      hint: 'In markdown: "## " starts a heading, **bold**, lists and links. {phone}, {email}, {cancellationHours} and {teamPrice} are filled in from the site settings, so they stay true when those change.',
    },
    fixed: true,
  },
};

export interface EditorSettings {
  /** The GitHub repository the editor commits to ("owner/name"), null when unknown (local runs use the local backend). */
  repo: string | null;
  branch: string;
  /** The public site, for the editor's "view site" link. */
  siteUrl: string;
  /** The venue's logo (site.json), on the editor's sign-in page instead of the CMS's own. */
  logo: string;
  /** Saves become pull requests (drafts, review, publish) instead of commits on the branch. */
  editorialWorkflow: boolean;
}

export interface EditorConfig {
  load_config_file: false;
  backend: Record<string, unknown>;
  publish_mode?: 'editorial_workflow';
  media_folder: string;
  public_folder: string;
  site_url: string;
  display_url: string;
  logo: { src: string };
  collections: Array<Record<string, unknown>>;
}

/** "https://github.com/owner/name(.git)" or "owner/name" → "owner/name"; null for anything else. */
export function githubRepo(value: string | undefined): string | null {
  const match = /^(?:https:\/\/github\.com\/)?([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(value?.trim() ?? '');
  return match ? match[1]! : null;
}

const byOrder = (order: readonly string[]) => (a: EditorField, b: EditorField) => order.indexOf(a.name) - order.indexOf(b.name);

/** The editor's whole configuration; `samples` is each file's current content (the keys of its maps). */
export function editorConfig(settings: EditorSettings, samples: Partial<Record<ContentCollectionName, unknown>>): EditorConfig {
  const files = (Object.keys(contentFiles) as ContentCollectionName[]).map((name) => ({
    name,
    label: EDITOR_FILE_LABELS[name],
    file: contentPath(name),
    fields: formFields(contentFiles[name].schema, { words: fieldWords, longText: isLongText, markdown: contentFiles[name].markdown, images: contentFiles[name].images, sample: samples[name] }),
  }));
  const folders = (Object.keys(contentFolders) as ContentFolderName[]).map((name) => {
    const { folder, schema, bodyField } = contentFolders[name];
    const { label, singular, order, body, fixed = false } = EDITOR_FOLDER_LABELS[name];
    // The field the markdown body parses into is edited as the body, last.
    const fields = formFields(schema, { words: fieldWords, longText: isLongText })
      .filter((each) => each.name !== bodyField)
      .sort(byOrder(order));
    return {
      name,
      label,
      label_singular: singular,
      folder: `src/content/${folder}`,
      create: !fixed,
      delete: !fixed,
      extension: 'md',
      format: 'frontmatter',
      slug: '{{slug}}',
      summary: '{{title}}',
      editor: { preview: false },
      fields: [...fields, { name: EVENT_BODY_FIELD, label: body.label, hint: body.hint, widget: 'markdown' }],
    };
  });
  return {
    load_config_file: false,
    backend: {
      name: 'github',
      ...(settings.repo ? { repo: settings.repo } : {}),
      branch: settings.branch,
      // Sign-in through Netlify's OAuth provider (Site configuration → Access & security → OAuth).
      base_url: 'https://api.netlify.com',
      auth_endpoint: 'auth',
      squash_merges: true,
    },
    ...(settings.editorialWorkflow ? { publish_mode: 'editorial_workflow' as const } : {}),
    media_folder: `src/content/${PHOTO_FOLDER}`,
    public_folder: PHOTO_PUBLIC_FOLDER,
    site_url: settings.siteUrl,
    display_url: settings.siteUrl,
    logo: { src: settings.logo },
    collections: [
      { name: FILES_COLLECTION, label: 'Pages and settings', label_singular: 'Page', editor: { preview: false }, files },
      ...folders,
    ],
  };
}
