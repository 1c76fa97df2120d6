import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './runtime/project-root';

/**
 * The README and docs/ stay true to the code: every `npm run …` they name is a script of
 * package.json, every path they name in backticks exists, and every link to another document leads
 * to a file. A renamed command or moved file fails here instead of misleading a newcomer.
 */
const docsFolder = join(projectRoot, 'docs');
const documents = ['README.md', ...(existsSync(docsFolder) ? readdirSync(docsFolder) : []).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
const scripts = Object.keys((JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);
const TOP_FOLDERS = ['src', 'dev', 'netlify', 'tests', 'docs', 'public', '.ci'];

/** `npm run name` and `npm name` for the scripts npm runs without `run` (start, test). */
export function commandsIn(text: string): string[] {
  return [...text.matchAll(/\bnpm (?:run ([\w:-]+)|(start|test)\b)/g)].map((match) => match[1] ?? match[2]!);
}

/** Paths in backticks that start at one of the project's top folders; placeholders (`<name>`, `*`, `{id}`) are left out. */
export function pathsIn(text: string): string[] {
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1]!.replace(/[:#].*$/, '').replace(/[.,;)]+$/, ''))
    .filter((path) => TOP_FOLDERS.some((folder) => path === folder || path.startsWith(`${folder}/`)))
    .filter((path) => !/[<>*{}…]/.test(path));
}

/** Relative links of markdown: [text](path), without a scheme or an anchor-only target. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!.replace(/#.*$/, '')).filter((target) => target !== '' && !/^[a-z]+:/i.test(target));
}

describe('documentation', () => {
  it('reads commands, paths and links', () => {
    const text = 'Run `npm start`, then npm run bench:api and npm test. See `src/features/league/` and `src/features/<feature>/`, [docs](docs/api.md#x) and [site](https://example.com).';
    expect(commandsIn(text)).toEqual(['start', 'bench:api', 'test']);
    expect(pathsIn(text)).toEqual(['src/features/league/']);
    expect(linksIn(text)).toEqual(['docs/api.md']);
  });

  it.each(documents)('%s names only commands that exist', (document) => {
    const text = readFileSync(join(projectRoot, document), 'utf8');
    expect(commandsIn(text).filter((name) => !scripts.includes(name))).toEqual([]);
  });

  it.each(documents)('%s names only paths that exist', (document) => {
    const text = readFileSync(join(projectRoot, document), 'utf8');
    expect(pathsIn(text).filter((path) => !existsSync(join(projectRoot, path)))).toEqual([]);
  });

  it.each(documents)('%s links only to files that exist', (document) => {
    const text = readFileSync(join(projectRoot, document), 'utf8');
    expect(linksIn(text).filter((target) => !existsSync(resolve(dirname(join(projectRoot, document)), target)))).toEqual([]);
  });

  it('docs/architecture.md names every feature folder and every paid product', () => {
    const text = readFileSync(join(projectRoot, 'docs/architecture.md'), 'utf8');
    const features = readdirSync(join(projectRoot, 'src/features'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(features.length).toBeGreaterThan(3);
    expect(features.filter((name) => !text.includes(`\`src/features/${name}/\``))).toEqual([]);
    const products = features.filter((name) => existsSync(join(projectRoot, 'src/features', name, 'server/paid-product.ts')));
    const registered = readFileSync(join(projectRoot, 'src/features/paid-products.ts'), 'utf8');
    expect(products.filter((name) => !registered.includes(`./${name}/server/paid-product`))).toEqual([]);
  });
});
