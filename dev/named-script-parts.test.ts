// Redis scripts name their parts: every script in src is declared through src/shared/server/script.ts,
// which binds each key and argument to a Lua local, so no script text counts KEYS or ARGV positions.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The helper itself writes the bindings. */
const BINDER = 'src/shared/server/script.ts';

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('Redis scripts', () => {
  it('count no KEYS or ARGV positions outside the helper that binds them to names', () => {
    const positional = sourceFiles('src').filter((path) => path !== BINDER && /\b(KEYS|ARGV)\s*[[,)]|unpack\(\s*(KEYS|ARGV)\b/.test(readFileSync(join(root, path), 'utf8')));
    expect(positional).toEqual([]);
  });
});
