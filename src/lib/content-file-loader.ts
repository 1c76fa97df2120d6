import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import { ContentFileError, parseContentFile } from '../domain/content-file';
import { finishContent, type ContentContext } from '../domain/content-context';
import { contentFiles, PHOTO_FOLDER, type ContentCollectionName, type ContentFile } from '../domain/content-files';

/** Reads one content file and validates it, throwing a ContentFileError that names `shownAs` and the field. */
export async function readContentFile<Data extends Record<string, unknown>>(location: string | URL, shownAs: string, schema: ContentFile<Data>['schema']): Promise<Data> {
  const text = await readFile(location, 'utf8');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ContentFileError(shownAs, [`not valid JSON: ${error instanceof Error ? error.message : String(error)}`]);
  }
  return parseContentFile(shownAs, schema, raw);
}

/** The files other content files refer to, read from the project under `root` (each validated). */
const CONTEXT_FILES = ['site', 'memberships', 'league', 'events', 'media'] as const satisfies readonly ContentCollectionName[];

/** Where a content file lives and how errors name it ("src/content/site.json"). */
function locate(name: ContentCollectionName, srcDir: URL, root: URL): { location: string; shownAs: string } {
  const location = fileURLToPath(new URL(`content/${contentFiles[name].file}`, srcDir));
  return { location, shownAs: path.relative(fileURLToPath(root), location).split(path.sep).join('/') };
}


/** Everything a content file may name in the others: the facts its templates use, the photos, the league sessions. */
export async function readContentContext(srcDir: URL, root: URL): Promise<ContentContext> {
  const read = <Data extends Record<string, unknown>>(name: ContentCollectionName, schema: ContentFile<Data>['schema']) => {
    const { location, shownAs } = locate(name, srcDir, root);
    return readContentFile(location, shownAs, schema);
  };
  const [site, memberships, league, events, media, files] = await Promise.all([
    read('site', contentFiles.site.schema),
    read('memberships', contentFiles.memberships.schema),
    read('league', contentFiles.league.schema),
    read('events', contentFiles.events.schema),
    read('media', contentFiles.media.schema),
    readdir(fileURLToPath(new URL(`content/${PHOTO_FOLDER}/`, srcDir))),
  ]);
  const photoFiles = files.filter((file) => file.endsWith('.jpg')).map((file) => file.slice(0, -'.jpg'.length));
  return { site, memberships, league, maxGuests: events.maxGuests, rental: events.rental, media, photoFiles };
}

/**
 * An Astro content loader for one JSON file under src/content/: the collection holds a single entry
 * (id = collection name) validated by the project's own zod schema, checked against the files it
 * names (photos, league sessions) and with its templates filled. Astro's `schema` option expects
 * Astro's bundled zod 3, so the loader validates instead; a bad file fails sync, check and build.
 */
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

export function contentFileLoader(contentFile: ContentFile): Loader {
  const { file, schema } = contentFile;
  return {
    name: 'content-file',
    load: async ({ collection, config, store, logger, watcher, renderMarkdown }: LoaderContext) => {
      if (!file.endsWith('.json')) throw new Error(`content-file loader: ${file} is not JSON; add a parser for it`);
      const location = fileURLToPath(new URL(`content/${file}`, config.srcDir));
      const shownAs = path.relative(fileURLToPath(config.root), location).split(path.sep).join('/');
      const sync = async () => {
        const parsed = await readContentFile(location, shownAs, schema);
        const context = await readContentContext(config.srcDir, config.root);
        const finished = finishContent(shownAs, parsed, contentFile.photos(parsed), context, contentFile.crossCheck?.(parsed, context));
        // Markdown fields reach the pages as HTML.
        const data = (await renderAtPaths(finished, contentFile.markdown, async (text) => (await renderMarkdown(text)).html)) as Record<string, unknown>;
        store.clear();
        store.set({ id: collection, data, filePath: shownAs });
      };
      await sync();
      // In `astro dev`, re-validate when staff save this file or one it refers to; a mistake is reported, the last good data stays.
      const watched = new Set([location, ...CONTEXT_FILES.map((name) => locate(name, config.srcDir, config.root).location)]);
      watched.forEach((each) => watcher?.add(each));
      watcher?.on('change', (changed) => {
        if (!watched.has(path.resolve(changed))) return;
        sync().catch((error: unknown) => logger.error(error instanceof Error ? error.message : String(error)));
      });
    },
  };
}
