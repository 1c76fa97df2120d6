import { emptyFieldPaths, type EditorSession } from './validate';

/**
 * What the content editor does before the CMS writes an entry (its `preSave` event): the entry is
 * checked with every other content file (EditorSession); a refusal throws a ContentFileError naming
 * the file and the fields, which the CMS shows, and the CMS writes nothing. A passing entry is
 * written without the fields staff emptied.
 */

/** The part of Immutable.js the CMS hands to event handlers. */
export interface ImmutableValue {
  get(key: string): ImmutableValue | string | undefined;
  toJS(): unknown;
  deleteIn(path: ReadonlyArray<string | number>): ImmutableValue;
}

/** The entry's data as the CMS is to write it; throws when the build would refuse it. */
export function preSave(session: EditorSession, entry: ImmutableValue): ImmutableValue {
  const data = entry.get('data') as ImmutableValue;
  const plain = data.toJS() as Record<string, unknown>;
  const mediaFiles = ((entry.get('mediaFiles') as ImmutableValue | undefined)?.toJS() ?? []) as Array<{ path?: string }>;
  session.check({
    collection: String(entry.get('collection')),
    slug: String(entry.get('slug') ?? ''),
    data: plain,
    mediaFiles: mediaFiles.flatMap((file) => (file.path ? [file.path] : [])),
  });
  // Emptied optional fields are left out of the file, as if never set.
  return emptyFieldPaths(plain).reduce((kept, path) => kept.deleteIn(path), data);
}
