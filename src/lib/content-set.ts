import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkedContent, type CheckedContent, type ContentSet, type MarkdownEntry } from '../domain/content-check';
import { contentFileName, contentPath, contentProblem, contentProblemsError, type ContentProblem } from '../domain/content-file';
import { contentFiles, contentFolders, PHOTO_FOLDER, type ContentCollectionName, type ContentFolderName } from '../domain/content-files';
import { parseMarkdownFile } from './markdown-file';

/**
 * The content files as the build reads them: every file under src/content/ (by its path there:
 * "site.json", "events/trivia.md"), made into the set the content check takes. The build's loaders
 * and the content editor page read the same set this way.
 */

/** The files' texts by path inside src/content/, and the photo files' names. */
export interface ContentTexts {
  texts: Readonly<Record<string, string>>;
  photoFiles: readonly string[];
}

/** The set the content check takes; throws a ContentFileError naming each file that is not valid JSON or has no front matter. */
export function contentSetFromTexts({ texts, photoFiles }: ContentTexts): ContentSet {
  const problems: ContentProblem[] = [];
  const files = Object.fromEntries(
    (Object.keys(contentFiles) as ContentCollectionName[]).map((name) => {
      const text = texts[contentFileName(name)];
      if (text === undefined) return [name, undefined];
      try {
        return [name, JSON.parse(text) as unknown];
      } catch (error) {
        problems.push(contentProblem(`not valid JSON: ${error instanceof Error ? error.message : String(error)}`, { file: contentPath(name), field: '' }));
        return [name, undefined];
      }
    }),
  ) as Record<ContentCollectionName, unknown>;
  const folders = Object.fromEntries(
    (Object.keys(contentFolders) as ContentFolderName[]).map((name) => {
      const prefix = `${contentFolders[name].folder}/`;
      const entries: Record<string, MarkdownEntry> = {};
      for (const [file, text] of Object.entries(texts)) {
        if (!file.startsWith(prefix) || !file.endsWith('.md') || file.slice(prefix.length).includes('/')) continue;
        try {
          entries[file.slice(prefix.length, -'.md'.length)] = parseMarkdownFile(text);
        } catch (error) {
          problems.push(contentProblem(error instanceof Error ? error.message : String(error), { file: `src/content/${file}`, field: '' }));
        }
      }
      return [name, entries];
    }),
  ) as Record<ContentFolderName, Record<string, MarkdownEntry>>;
  if (problems.length > 0) throw contentProblemsError(problems);
  return { files, folders, photoFiles };
}

/** Reads every content file and photo name of the project whose source folder is `srcDir`. */
export async function readContentTexts(srcDir: URL): Promise<ContentTexts> {
  const directory = fileURLToPath(new URL('content/', srcDir));
  const jsonFiles = Object.values(contentFiles).map(({ file }) => file);
  const folderFiles = await Promise.all(
    Object.values(contentFolders).map(async ({ folder }) => (await readdir(path.join(directory, folder))).filter((file) => file.endsWith('.md')).map((file) => `${folder}/${file}`)),
  );
  const read = await Promise.all(
    [...jsonFiles, ...folderFiles.flat()].map(async (file) => [file, await readFile(path.join(directory, file), 'utf8').catch(() => undefined)] as const),
  );
  const texts = Object.fromEntries(read.filter((entry): entry is readonly [string, string] => entry[1] !== undefined));
  const photoFiles = (await readdir(path.join(directory, PHOTO_FOLDER))).filter((file) => file.endsWith('.jpg')).map((file) => file.slice(0, -'.jpg'.length));
  return { texts, photoFiles };
}

let last: { key: string; checked: Promise<CheckedContent> } | undefined;

/**
 * The project's content, checked (every collection's loader asks; the files are checked once while
 * they stay the same). Rejects with a ContentFileError naming every file and field at fault.
 */
export async function readCheckedContent(srcDir: URL): Promise<CheckedContent> {
  const texts = await readContentTexts(srcDir);
  const key = JSON.stringify(texts);
  if (last?.key !== key) last = { key, checked: Promise.resolve().then(() => checkedContent(contentSetFromTexts(texts))) };
  return last.checked;
}
