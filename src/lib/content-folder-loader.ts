import type { Loader, LoaderContext } from 'astro/loaders';
import { folderFilePath } from '../domain/content-check';
import { contentFolders, type ContentFolderName } from '../domain/content-files';
import { resyncOnContentChange } from './content-file-loader';
import { readCheckedContent } from './content-set';

/**
 * An Astro content loader for a folder of markdown files under src/content/ (one entry per file, id =
 * file name without .md), taken from the content check of every file (src/domain/content-check.ts:
 * front matter and body validated, references checked against the other files, placeholders filled),
 * its body rendered to HTML. A problem in any content file fails sync, check and build with its name
 * and the field.
 */
export function contentFolderLoader(name: ContentFolderName): Loader {
  const { bodyField } = contentFolders[name];
  return {
    name: 'content-folder',
    load: async (context: LoaderContext) => {
      const { config, store, renderMarkdown } = context;
      const sync = async () => {
        const checked = await readCheckedContent(config.srcDir);
        const files = Object.entries(checked.folders[name] as Record<string, Record<string, unknown>>).sort(([a], [b]) => a.localeCompare(b));
        const entries = await Promise.all(
          files.map(async ([id, data]) => {
            const rendered = await renderMarkdown(String(data[bodyField] ?? ''));
            return { id, data: { ...data, html: rendered.html }, filePath: folderFilePath(name, id) };
          }),
        );
        store.clear();
        for (const entry of entries) store.set(entry);
      };
      await sync();
      resyncOnContentChange(context, sync);
    },
  };
}
