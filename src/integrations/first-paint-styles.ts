/**
 * Astro integration: after the build, every page carries in its <head> only the CSS its own markup and
 * scripts can use (src/integrations/page-styles.ts), and links the site's stylesheet at the end of
 * <body>, where it no longer holds back the first paint: one hashed file (cached for a year, see
 * netlify.toml) that every page shares, for what only appears after an interaction.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { pageTokens, usedCss } from './page-styles';

const STYLESHEET = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/_astro\/[^"]+\.css)"[^>]*>/g;
/** Scripts a page runs or hydrates, by URL. */
const SCRIPT_URL = /\b(?:src|component-url|renderer-url|before-hydration-url)="(\/_astro\/[^"]+\.js)"/g;
const IMPORT = /\bimport\s*(?:[^'"]*?from\s*)?["']\.\/([^"']+\.js)["']|\bimport\(["']\.\/([^"']+\.js)["']\)/g;

/** The text of every script the page may run: its own and, transitively, what they import. */
async function scriptText(directory: string, html: string): Promise<string> {
  const seen = new Set<string>();
  const queue = [...html.matchAll(SCRIPT_URL)].map((match) => match[1]!);
  let text = '';
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const file = join(directory, url);
    if (!existsSync(file)) continue;
    const source = await readFile(file, 'utf8');
    text += `\n${source}`;
    for (const match of source.matchAll(IMPORT)) queue.push(posix.join(posix.dirname(url), match[1] ?? match[2]!));
  }
  return text;
}

/** The page with its used CSS inline in <head> and its stylesheets moved to the end of <body>. */
export async function withFirstPaintStyles(directory: string, html: string): Promise<string> {
  const links = [...html.matchAll(STYLESHEET)];
  const headEnd = html.indexOf('</head>');
  const headLinks = links.filter((link) => (link.index ?? 0) < headEnd);
  if (headLinks.length === 0) return html;
  const css = (await Promise.all(headLinks.map((link) => readFile(join(directory, link[1]!), 'utf8')))).join('\n');
  const used = usedCss(css, pageTokens(`${html}\n${await scriptText(directory, html)}`));
  let result = html;
  for (const [index, link] of headLinks.entries()) result = result.replace(link[0], index === 0 ? `<style>${used}</style>` : '');
  return result.replace('</body>', `${headLinks.map((link) => link[0]).join('')}</body>`);
}

async function htmlFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).map((entry) => join(entry.parentPath, entry.name));
}

export function firstPaintStyles(): AstroIntegration {
  return {
    name: 'first-paint-styles',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const directory = fileURLToPath(dir);
        const files = await htmlFiles(directory);
        for (const file of files) await writeFile(file, await withFirstPaintStyles(directory, await readFile(file, 'utf8')));
        logger.info(`${files.length} pages: the CSS they use inline, the stylesheet after the content`);
      },
    },
  };
}
