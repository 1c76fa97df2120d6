import type { z } from 'zod';
import { getCollection, getEntry } from 'astro:content';
import type { ContentCollectionName, ContentFolderName, ContentOf, contentFolders } from '../domain/content-files';

/**
 * A content file as pages, layouts and components read it: the collection's one entry, validated,
 * checked against the other files and with its templates filled by src/lib/content-file-loader.ts.
 */
export async function content<Name extends ContentCollectionName>(name: Name): Promise<ContentOf<Name>> {
  const entry = await getEntry(name, name);
  if (!entry) throw new Error(`No entry in the ${name} collection (src/content.config.ts)`);
  // The loader stored exactly this shape: its schema's output with the templates filled.
  return entry.data as ContentOf<Name>;
}

/** One markdown file of a content folder: its validated fields and its body as HTML. */
export type FolderEntryOf<Name extends ContentFolderName> = z.output<(typeof contentFolders)[Name]['schema']> & { html: string };

/** Every file of a content folder, as src/lib/content-folder-loader.ts stored it. */
export async function folderContent<Name extends ContentFolderName>(name: Name): Promise<Array<FolderEntryOf<Name>>> {
  const entries = await getCollection(name);
  // The loader stored exactly this shape: the schema's output and the rendered body.
  return entries.map((entry) => entry.data as FolderEntryOf<Name>);
}

/** One file of a content folder by its name (without ".md"), or undefined when the folder has none. */
export async function folderEntry<Name extends ContentFolderName>(name: Name, id: string): Promise<FolderEntryOf<Name> | undefined> {
  const entry = await getEntry(name, id);
  // The loader stored exactly this shape: the schema's output and the rendered body.
  return entry ? (entry.data as FolderEntryOf<Name>) : undefined;
}
