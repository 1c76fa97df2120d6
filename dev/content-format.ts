// `npm run content:format`: writes every JSON file under src/content/ exactly as the content editor
// (Decap CMS) saves it: its keys in the order of the editor's Immutable.js maps, two-space JSON and a
// final newline. Run it after editing a content file by hand or adding fields, so the editor's next
// save changes only what staff changed. Never deployed.
//
//   node --import tsx dev/content-format.ts
import { readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fromJS } from 'immutable';
import { projectRoot } from './runtime/project-root';

export const CONTENT_DIRECTORY = join(projectRoot, 'src', 'content');

/** A content file's text as the editor writes `data`. */
export function asEditorWrites(data: unknown): string {
  return `${JSON.stringify(fromJS(data).toJS(), null, 2)}\n`;
}

/** The JSON files under src/content/ (not in its folders). */
export function contentJsonFiles(): string[] {
  return readdirSync(CONTENT_DIRECTORY).filter((file) => file.endsWith('.json')).sort();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const file of contentJsonFiles()) {
    const location = join(CONTENT_DIRECTORY, file);
    const text = await readFile(location, 'utf8');
    const formatted = asEditorWrites(JSON.parse(text));
    if (formatted !== text) {
      await writeFile(location, formatted);
      process.stdout.write(`formatted src/content/${file}\n`);
    }
  }
}
