import { defineCollection } from 'astro:content';
import { contentFiles } from './domain/content-files';
import { contentFileLoader } from './lib/content-file-loader';

/**
 * One collection per file in src/content/, each validated by its schema from src/domain. Pages and
 * server functions read the same files through src/data/*; these collections make `astro sync`,
 * `astro check` and `astro build` reject a malformed file with its name and the field.
 */
export const collections = Object.fromEntries(
  Object.entries(contentFiles).map(([name, contentFile]) => [name, defineCollection({ loader: contentFileLoader(contentFile) })]),
);
