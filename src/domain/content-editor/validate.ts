import { ContentFileError, parseContentFile } from '../content-file';
import { finishContent, type ContentContext } from '../content-context';
import { contentFiles, contentFolders, contentPath, type ContentCollectionName, type ContentFile, type ContentFolderName } from '../content-files';
import { FILES_COLLECTION } from './config';

/**
 * The content editor's check before a save: the entry as it would be written, run through the same
 * schema and cross-file checks as the build (parseContentFile, finishContent), so an edit the build
 * would refuse is refused in the editor with the same message, and nothing is written. The session
 * remembers what a save changed in the files others refer to (photos, league sessions, capacity), so a
 * photo added to the library can be used on a page before the site is rebuilt.
 */

/** An entry as the editor hands it over: which form, its data, and the files uploaded with it. */
export interface EditorEntry {
  collection: string;
  /** A file form's name (a `contentFiles` key) or an event file's name without ".md". */
  slug: string;
  data: Record<string, unknown>;
  /** Paths of the media uploaded with this save ("src/content/media/new.jpg"). */
  mediaFiles?: readonly string[];
}

type Path = Array<string | number>;

/** Where the editor left an object's field empty ("" or null): the same as not set, so it is left out of the file. */
export function emptyFieldPaths(data: unknown, path: Path = []): Path[] {
  if (Array.isArray(data)) return data.flatMap((item, index) => emptyFieldPaths(item, [...path, index]));
  if (!data || typeof data !== 'object') return [];
  return Object.entries(data).flatMap(([key, value]) => (value === '' || value === null || value === undefined ? [[...path, key]] : emptyFieldPaths(value, [...path, key])));
}

export function withoutEmptyFields<T>(data: T): T {
  if (Array.isArray(data)) return data.map(withoutEmptyFields) as T;
  if (!data || typeof data !== 'object') return data;
  const kept = Object.entries(data).filter(([, value]) => value !== '' && value !== null && value !== undefined);
  return Object.fromEntries(kept.map(([key, value]) => [key, withoutEmptyFields(value)])) as T;
}

const isFileName = (name: string): name is ContentCollectionName => Object.hasOwn(contentFiles, name);
const isFolderName = (name: string): name is ContentFolderName => Object.hasOwn(contentFolders, name);

export class EditorSession {
  constructor(private context: ContentContext) {}

  /** Throws a ContentFileError naming the file and each bad field; a passing save updates what other files may refer to. */
  check(entry: EditorEntry): void {
    const data = withoutEmptyFields(entry.data);
    const uploaded = (entry.mediaFiles ?? []).map((path) => path.split('/').pop()!).filter((file) => file.endsWith('.jpg')).map((file) => file.slice(0, -'.jpg'.length));
    if (entry.collection === FILES_COLLECTION && isFileName(entry.slug)) {
      const name = entry.slug;
      const file = contentPath(name);
      const parsed = parseContentFile(file, contentFiles[name].schema, data);
      const context = this.contextAfter(name, parsed, uploaded);
      const contentFile = contentFiles[name] as ContentFile;
      finishContent(file, parsed, contentFile.photos(parsed), context, contentFile.crossCheck?.(parsed, context));
      this.context = context;
      return;
    }
    if (isFolderName(entry.collection)) {
      const { folder, schema, fields } = contentFolders[entry.collection];
      // A new file has no name until it is saved (its title's slug).
      const file = `src/content/${folder}/${entry.slug || '(new file)'}.md`;
      const body = typeof data['body'] === 'string' ? data['body'] : '';
      const parsed = parseContentFile(file, schema, fields(data, body));
      finishContent(file, parsed, [], this.context);
      return;
    }
    throw new ContentFileError(`${entry.collection}/${entry.slug}`, ['this form is not one of the site\'s content files']);
  }

  /** The context with a just-checked file in place of the version the page was built with. */
  private contextAfter(name: ContentCollectionName, parsed: unknown, uploaded: readonly string[]): ContentContext {
    const photoFiles = [...new Set([...this.context.photoFiles, ...uploaded])];
    switch (name) {
      case 'site':
        return { ...this.context, photoFiles, site: parsed as ContentContext['site'] };
      case 'memberships':
        return { ...this.context, photoFiles, memberships: parsed as ContentContext['memberships'] };
      case 'league':
        return { ...this.context, photoFiles, league: parsed as ContentContext['league'] };
      case 'events':
        return { ...this.context, photoFiles, maxGuests: (parsed as { maxGuests: number }).maxGuests, rental: (parsed as Pick<ContentContext, 'rental'>).rental };
      case 'media': {
        // The library's photo files are picked through the editor's media library, so each exists.
        const media = parsed as ContentContext['media'];
        return { ...this.context, media, photoFiles: [...new Set([...photoFiles, ...Object.keys(media.photos)])] };
      }
      default:
        return { ...this.context, photoFiles };
    }
  }
}
