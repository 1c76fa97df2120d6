import { defineCollection } from 'astro:content';
import { contentFiles, contentFolders, type ContentCollectionName, type ContentFolderName } from './domain/content-files';
import { contentFileLoader } from './lib/content-file-loader';
import { contentFolderLoader } from './lib/content-folder-loader';

/**
 * One collection per file in src/content/ and one per folder of markdown files (an entry per file),
 * each taken from the content check of every file (src/domain/content-check.ts: schemas, references,
 * checks across files, templates filled), the same check the content editor runs before a save.
 * Pages, layouts and components read them through `content()` (src/lib/content.ts); `astro sync`,
 * `astro check` and `astro build` reject a malformed file with its name and the field. The functions'
 * bundler has no astro:content: they read the few files they need through the features' catalogues
 * with the same schemas.
 */
export const collections = Object.fromEntries([
  ...(Object.keys(contentFiles) as ContentCollectionName[]).map((name) => [name, defineCollection({ loader: contentFileLoader(name) })]),
  ...(Object.keys(contentFolders) as ContentFolderName[]).map((name) => [name, defineCollection({ loader: contentFolderLoader(name) })]),
]);
