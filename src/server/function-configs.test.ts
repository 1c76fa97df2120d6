import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { functionFiles, functionsDirectory as directory } from '../../tests/support/function-paths';

const files = functionFiles();

/**
 * Netlify reads each function's `config` statically, without running the module: its path must be a
 * string literal or an array of string literals, or the deploy (and the local runtime) refuses it.
 */
describe('function configs', () => {
  it('keeps tests and helpers out of the functions directory (every file there is deployed)', () => {
    expect(readdirSync(directory).filter((name) => !name.endsWith('.ts') || name.endsWith('.test.ts'))).toEqual([]);
  });

  it.each(files)('$name declares a static /api path', ({ name, paths }) => {
    expect(paths, `${name} must export a config with literal paths`).not.toBeNull();
    for (const path of paths!) expect(path).toMatch(/^\/api\//);
  });

  it('gives every path to one function only', () => {
    const all = files.flatMap((file) => file.paths ?? []);
    expect(new Set(all).size).toBe(all.length);
  });
});
