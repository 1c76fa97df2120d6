import { defineCollection } from 'astro:content';
import { contentFiles, contentFolders } from './domain/content-files';
import { contentFileLoader } from './lib/content-file-loader';
import { contentFolderLoader } from './lib/content-folder-loader';

/**
 * One collection per file in src/content/ and one per folder of markdown files (an entry per file), each validated by its schema from src/domain, checked
 * against the files it names and with its templates filled. Pages, layouts and components read them
 * through `content()` (src/lib/content.ts); `astro sync`, `astro check` and `astro build` reject a
 * malformed file with its name and the field. The functions' bundler has no astro:content: they read
 * the few files they need through src/data with the same schemas.
 */
export const collections = Object.fromEntries([
  ...Object.entries(contentFiles).map(([name, contentFile]) => [name, defineCollection({ loader: contentFileLoader(contentFile) })]),
  ...Object.entries(contentFolders).map(([name, folder]) => [name, defineCollection({ loader: contentFolderLoader(folder) })]),
]);
