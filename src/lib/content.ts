import { getEntry } from 'astro:content';
import type { ContentCollectionName, ContentOf } from '../domain/content-files';

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
