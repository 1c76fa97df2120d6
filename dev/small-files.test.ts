// Small modules with one job each: no source file in src, netlify or dev over 400 lines. A file that
// grows past it holds more than one job; split it by job rather than raising the limit.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const MAX_LINES = 400;
const SOURCE_FOLDERS = ['src', 'netlify', 'dev'];
const SOURCE_FILE = /\.(ts|tsx|mjs|astro)$/;
/** Files allowed past the limit, and why. */
const EXCEPTIONS: Record<string, string> = {
  'dev/stripe-emulator/api.ts': 'the Stripe emulator’s API table: one entry per route of Stripe’s API the product calls, read as a table',
};

/** Every source file under a folder (paths from the project root, with '/'), skipping installed and hidden folders. */
function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : sourceFiles(path);
    return SOURCE_FILE.test(entry.name) ? [path] : [];
  });
}

/** Lines as an editor numbers them: a last line without its newline still counts. */
function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

const files = SOURCE_FOLDERS.flatMap(sourceFiles).map((path) => ({ path, lines: lineCount(readFileSync(join(root, path), 'utf8')) }));

describe('small files', () => {
  it('counts lines as an editor does', () => {
    expect([lineCount(''), lineCount('one'), lineCount('one\n'), lineCount('one\ntwo'), lineCount('one\n\n')]).toEqual([0, 1, 1, 2, 2]);
  });

  it('finds the sources of every kind in every folder', () => {
    const found = new Set(files.map((file) => file.path));
    for (const path of ['src/pages/index.astro', 'src/features/bay-booking/islands/BayBooking.tsx', 'dev/free-port.mjs', 'dev/bench/api.ts']) expect(found).toContain(path);
    expect(files.some((file) => file.path.startsWith('netlify/functions/'))).toBe(true);
    expect(files.every((file) => !file.path.split('/').includes('node_modules'))).toBe(true);
  });

  it(`no source file has more than ${MAX_LINES} lines`, () => {
    const over = files.filter((file) => file.lines > MAX_LINES && !(file.path in EXCEPTIONS)).map((file) => `${file.path}: ${file.lines} lines`);
    expect(over).toEqual([]);
  });

  it('each exception still exists and still needs to be one', () => {
    for (const path of Object.keys(EXCEPTIONS)) expect(files.find((file) => file.path === path)?.lines ?? 0, `${path} is under ${MAX_LINES} lines (or gone): take it off the exceptions`).toBeGreaterThan(MAX_LINES);
  });
});
