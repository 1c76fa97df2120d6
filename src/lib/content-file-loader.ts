import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import { contentPath } from '../domain/content-file';
import { contentFiles, type ContentCollectionName } from '../domain/content-files';
import { readCheckedContent } from './content-set';

/** `data` with the string at each dotted path (list items without index) passed through `render`. */
export async function renderAtPaths(data: unknown, paths: readonly string[], render: (text: string) => Promise<string>): Promise<unknown> {
  const visit = async (value: unknown, path: string): Promise<unknown> => {
    if (Array.isArray(value)) return Promise.all(value.map((item) => visit(item, path)));
    if (value && typeof value === 'object') {
      const entries = await Promise.all(Object.entries(value).map(async ([key, item]) => [key, await visit(item, path ? `${path}.${key}` : key)] as const));
      return Object.fromEntries(entries);
    }
    return typeof value === 'string' && paths.includes(path) ? render(value) : value;
  };
  return paths.length === 0 ? data : visit(data, '');
}

/**
 * In `astro dev`, runs `sync` again when staff save, add or delete any content file (a file may be
 * checked against any other); a mistake is reported and the last good data stays.
 */
export function resyncOnContentChange({ config, watcher, logger }: Pick<LoaderContext, 'config' | 'watcher' | 'logger'>, sync: () => Promise<void>): void {
  if (!watcher) return;
  const directory = path.resolve(fileURLToPath(new URL('content/', config.srcDir)));
  watcher.add(directory);
  const resync = (changed: string) => {
    if (!path.resolve(changed).startsWith(`${directory}${path.sep}`)) return;
    sync().catch((error: unknown) => logger.error(error instanceof Error ? error.message : String(error)));
  };
  watcher.on('change', resync);
  watcher.on('add', resync);
  watcher.on('unlink', resync);
}

/**
 * An Astro content loader for one JSON file under src/content/: the collection holds a single entry
 * (id = collection name), taken from the content check of every file (src/domain/content-check.ts:
 * its schema, its references and its checks against the others, its templates filled). Astro's
 * `schema` option expects Astro's bundled zod 3, so the loader validates instead; a problem in any
 * content file fails sync, check and build, naming the file and the field.
 */
export function contentFileLoader(name: ContentCollectionName): Loader {
  return {
    name: 'content-file',
    load: async (context: LoaderContext) => {
      const { config, store, renderMarkdown } = context;
      const sync = async () => {
        const checked = await readCheckedContent(config.srcDir);
        // Markdown fields reach the pages as HTML.
        const data = (await renderAtPaths(checked.files[name], contentFiles[name].markdown, async (text) => (await renderMarkdown(text)).html)) as Record<string, unknown>;
        store.clear();
        store.set({ id: name, data, filePath: contentPath(name) });
      };
      await sync();
      resyncOnContentChange(context, sync);
    },
  };
}
