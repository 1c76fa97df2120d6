import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import { ContentFileError, parseContentFile } from '../domain/content-file';
import type { ContentFile } from '../domain/content-files';

/** Reads one content file and validates it, throwing a ContentFileError that names `shownAs` and the field. */
export async function readContentFile(
  location: string | URL,
  shownAs: string,
  schema: ContentFile['schema'],
): Promise<Record<string, unknown>> {
  const text = await readFile(location, 'utf8');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ContentFileError(shownAs, [`not valid JSON: ${error instanceof Error ? error.message : String(error)}`]);
  }
  return parseContentFile(shownAs, schema, raw);
}

/**
 * An Astro content loader for one JSON file under src/content/: the collection holds a single entry
 * (id = collection name) validated by the project's own zod schema. Astro's `schema` option expects
 * Astro's bundled zod 3, so the loader validates instead; a bad file fails sync, check and build.
 */
export function contentFileLoader({ file, schema }: ContentFile): Loader {
  return {
    name: 'content-file',
    load: async ({ collection, config, store, logger, watcher }: LoaderContext) => {
      if (!file.endsWith('.json')) throw new Error(`content-file loader: ${file} is not JSON; add a parser for it`);
      const location = fileURLToPath(new URL(`content/${file}`, config.srcDir));
      const shownAs = path.relative(fileURLToPath(config.root), location).split(path.sep).join('/');
      const sync = async () => {
        const data = await readContentFile(location, shownAs, schema);
        store.clear();
        store.set({ id: collection, data, filePath: shownAs });
      };
      await sync();
      // In `astro dev`, re-validate when staff save the file; a mistake is reported, the last good data stays.
      watcher?.add(location);
      watcher?.on('change', (changed) => {
        if (path.resolve(changed) !== location) return;
        sync().catch((error: unknown) => logger.error(error instanceof Error ? error.message : String(error)));
      });
    },
  };
}
