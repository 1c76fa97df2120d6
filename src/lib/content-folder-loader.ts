import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import { ContentFileError, parseContentFile } from '../domain/content-file';
import { finishContent } from '../domain/content-context';
import type { ContentFolder } from '../domain/content-files';
import { readContentContext } from './content-file-loader';
import { parseMarkdownFile } from './markdown-file';

/**
 * An Astro content loader for a folder of markdown files under src/content/ (one entry per file, id =
 * file name without .md): each file's front matter and body validated by the project's schema, its
 * references checked against the other files, and its body rendered to HTML. A bad file fails sync,
 * check and build with its name and the field.
 */
export function contentFolderLoader({ folder, schema, fields }: ContentFolder): Loader {
  return {
    name: 'content-folder',
    load: async ({ config, store, logger, watcher, renderMarkdown }: LoaderContext) => {
      const directory = fileURLToPath(new URL(`content/${folder}/`, config.srcDir));
      const shownAs = (file: string) => path.relative(fileURLToPath(config.root), path.join(directory, file)).split(path.sep).join('/');
      const sync = async () => {
        const files = (await readdir(directory)).filter((file) => file.endsWith('.md')).sort();
        const context = await readContentContext(config.srcDir, config.root);
        const entries = await Promise.all(
          files.map(async (file) => {
            let markdown;
            try {
              markdown = parseMarkdownFile(await readFile(path.join(directory, file), 'utf8'));
            } catch (error) {
              throw new ContentFileError(shownAs(file), [error instanceof Error ? error.message : String(error)]);
            }
            const parsed = parseContentFile(shownAs(file), schema, fields(markdown.frontMatter, markdown.body));
            const checked = finishContent(shownAs(file), parsed, [], context);
            const rendered = await renderMarkdown(markdown.body);
            return { id: file.slice(0, -'.md'.length), data: { ...checked, html: rendered.html }, filePath: shownAs(file) };
          }),
        );
        store.clear();
        for (const entry of entries) store.set(entry);
      };
      await sync();
      // In `astro dev`, an added, changed or deleted file reloads the folder; a mistake is reported, the last good entries stay.
      watcher?.add(directory);
      const reload = (changed: string) => {
        if (path.dirname(path.resolve(changed)) !== path.resolve(directory)) return;
        sync().catch((error: unknown) => logger.error(error instanceof Error ? error.message : String(error)));
      };
      watcher?.on('change', reload);
      watcher?.on('add', reload);
      watcher?.on('unlink', reload);
    },
  };
}
