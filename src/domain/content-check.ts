import type { z } from 'zod';
import { checkContentFile, contentPath, contentProblemsError, type ContentProblem } from './content-file';
import { crossFileProblems, fillContent, type ContentContext } from './content-context';
import { contentFiles, contentFolders, type ContentCollectionName, type ContentFile, type ContentFolderName, type ContentOf } from './content-files';
import type { Filled } from './content-template';

/**
 * The content check: every rule the files under src/content/ must hold, alone and together. Each
 * file's schema; the photos and league sessions it names; its checks against the others (bay booking's
 * posted rates, opening hours, rental cards, tee times and plan terms; the event quotes' bays, rental
 * cards and calendar); its templates filled. The one list of checks for the build and the editor: the
 * build runs it on the files as they are (src/lib/content-set.ts, for every collection) and the content
 * editor on the same files with the one being saved replaced (src/features/content-editor/validate.ts),
 * so a save the build would refuse is refused before anything is written.
 */

/** A markdown file of a content folder: its front matter and its body. */
export interface MarkdownEntry {
  frontMatter: Record<string, unknown>;
  body: string;
}

/** Every content file as read, before any check. */
export interface ContentSet {
  /** Each JSON file's data, by collection name (undefined when the file is missing). */
  files: Record<ContentCollectionName, unknown>;
  /** Each folder's markdown files, by file name without ".md". */
  folders: Record<ContentFolderName, Record<string, MarkdownEntry>>;
  /** Names of the image files in src/content/media/, without extension. */
  photoFiles: readonly string[];
}

/** A folder's markdown file as pages read it (before its body is rendered). */
export type FolderData<Name extends ContentFolderName> = Filled<z.output<(typeof contentFolders)[Name]['schema']>>;

/** Every file checked, its templates filled. */
export interface CheckedContent {
  files: { [Name in ContentCollectionName]: ContentOf<Name> };
  folders: { [Name in ContentFolderName]: Record<string, FolderData<Name>> };
}

export type ContentCheck = { ok: true; content: CheckedContent } | { ok: false; problems: ContentProblem[] };

/** "src/content/events/trivia.md": how errors name a folder's file. */
export function folderFilePath(name: ContentFolderName, entry: string): string {
  return `src/content/${contentFolders[name].folder}/${entry}.md`;
}

const fileNames = Object.keys(contentFiles) as ContentCollectionName[];
const folderNames = Object.keys(contentFolders) as ContentFolderName[];

/** Runs every check on `set`: the checked content, or every problem, each naming its files and fields. */
export function checkContent(set: ContentSet): ContentCheck {
  const problems: ContentProblem[] = [];
  const parsed = new Map<ContentCollectionName, Record<string, unknown>>();
  for (const name of fileNames) {
    const checked = checkContentFile(contentPath(name), contentFiles[name].schema, set.files[name]);
    if (checked.ok) parsed.set(name, checked.data);
    else problems.push(...checked.problems);
  }
  const folderEntries = folderNames.flatMap((name) =>
    Object.entries(set.folders[name]).flatMap(([entry, { frontMatter, body }]) => {
      const { schema, fields } = contentFolders[name];
      const checked = checkContentFile(folderFilePath(name, entry), schema, fields(frontMatter, body));
      if (checked.ok) return [{ name, entry, data: checked.data }];
      problems.push(...checked.problems);
      return [];
    }),
  );
  const context = contextOf(parsed, set.photoFiles);
  // The checks across files need every file they read; a file that fails its own schema is told first.
  if (!context) return { ok: false, problems };

  const files: Partial<Record<ContentCollectionName, unknown>> = {};
  for (const [name, data] of parsed) {
    // The file's own entry in the list: its photos and cross-check take the data its schema gave.
    const contentFile = contentFiles[name] as ContentFile;
    const file = contentPath(name);
    problems.push(...crossFileProblems(file, contentFile.photos(data), data, context), ...(contentFile.crossCheck?.(data, context) ?? []));
    files[name] = fillContent(data, context);
  }
  const folders = Object.fromEntries(folderNames.map((name) => [name, {} as Record<string, unknown>])) as Record<ContentFolderName, Record<string, unknown>>;
  for (const { name, entry, data } of folderEntries) {
    problems.push(...crossFileProblems(folderFilePath(name, entry), [], data, context));
    folders[name][entry] = fillContent(data, context);
  }
  if (problems.length > 0) return { ok: false, problems };
  // Every file passed its schema and its checks: each holds its collection's shape.
  return { ok: true, content: { files, folders } as CheckedContent };
}

/** The checked content of `set`, or a ContentFileError naming every problem (those involving `first`, the file being saved, under its name). */
export function checkedContent(set: ContentSet, first?: string): CheckedContent {
  const result = checkContent(set);
  if (!result.ok) throw contentProblemsError(result.problems, first);
  return result.content;
}

/** What files may refer to in the others, once every file it is made of has passed its schema. */
function contextOf(parsed: ReadonlyMap<ContentCollectionName, unknown>, photoFiles: readonly string[]): ContentContext | undefined {
  const [site, memberships, league, events, media, bayBooking] = (['site', 'memberships', 'league', 'events', 'media', 'bay-booking'] as const).map((name) => parsed.get(name));
  if (!site || !memberships || !league || !events || !media || !bayBooking) return undefined;
  // Each value passed its own file's schema (contentFiles), whose output these types describe.
  const eventsPage = events as z.output<(typeof contentFiles)['events']['schema']>;
  return {
    site: site as ContentContext['site'],
    memberships: memberships as ContentContext['memberships'],
    league: league as ContentContext['league'],
    maxGuests: eventsPage.maxGuests,
    rental: eventsPage.rental,
    bayBooking: bayBooking as ContentContext['bayBooking'],
    media: media as ContentContext['media'],
    photoFiles,
  };
}
