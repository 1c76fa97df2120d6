import { checkedContent, folderFilePath, type ContentSet } from '../../domain/content-check';
import { ContentFileError, contentPath } from '../../domain/content-file';
import { contentFiles, contentFolders, type ContentCollectionName, type ContentFolderName } from '../../domain/content-files';
import { EVENT_BODY_FIELD } from '../../domain/upcoming-events';
import { photoNameOf } from '../../domain/media';
import { FILES_COLLECTION } from './config';

/**
 * The content editor's check before a save: every content file as the site was built from it, with
 * the entry being saved in place of its file, through the build's own content check (checkContent,
 * every schema and every check across files), so an edit the build would refuse is refused in the
 * editor naming the file and the field, and nothing is written. The session keeps what its saves
 * changed, so a later save is checked against them (a photo added to the library can be used on a
 * page before the site is rebuilt).
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

/** A folder file's name before its first save (the editor names it from its title when it writes it). */
const NEW_FILE = '(new file)';

export class EditorSession {
  constructor(private content: ContentSet) {}

  /** Throws a ContentFileError naming the saved file first and each bad field; a passing save is kept for the next ones. */
  check(entry: EditorEntry): void {
    const data = withoutEmptyFields(entry.data);
    const uploaded = (entry.mediaFiles ?? []).map((path) => path.split('/').pop()!).filter((file) => file.endsWith('.jpg')).map((file) => file.slice(0, -'.jpg'.length));
    const photoFiles = [...new Set([...this.content.photoFiles, ...uploaded])];
    let next: ContentSet;
    let file: string;
    if (entry.collection === FILES_COLLECTION && isFileName(entry.slug)) {
      next = { ...this.content, photoFiles: [...new Set([...photoFiles, ...pickedPhotos(entry.slug, data)])], files: { ...this.content.files, [entry.slug]: data } };
      file = contentPath(entry.slug);
    } else if (isFolderName(entry.collection)) {
      const name = entry.collection;
      const slug = entry.slug || NEW_FILE;
      const { [EVENT_BODY_FIELD]: body, ...frontMatter } = data;
      const saved = { frontMatter, body: typeof body === 'string' ? body : '' };
      next = { ...this.content, photoFiles, folders: { ...this.content.folders, [name]: { ...this.content.folders[name], [slug]: saved } } };
      file = folderFilePath(name, slug);
    } else {
      throw new ContentFileError(`${entry.collection}/${entry.slug}`, ['this form is not one of the site\'s content files']);
    }
    checkedContent(next, file);
    this.content = next;
  }
}

/**
 * The photo files a save of the library names: staff pick each one in the editor's media library,
 * which lists the files the repository has (some added after the site was built), so each exists.
 */
function pickedPhotos(name: ContentCollectionName, data: Record<string, unknown>): string[] {
  if (name !== 'media' || !Array.isArray(data['photos'])) return [];
  return data['photos'].flatMap((photo: unknown) => {
    const file = photo && typeof photo === 'object' ? (photo as { file?: unknown }).file : undefined;
    return typeof file === 'string' && file.endsWith('.jpg') ? [photoNameOf(file)] : [];
  });
}
