import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const directory = new URL('../../netlify/functions/', import.meta.url);
const functionFiles = readdirSync(directory).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

/**
 * Netlify reads each function's `config` statically, without running the module: its path must be a
 * string literal or an array of string literals, or the deploy (and the local runtime) refuses it.
 */
describe('function configs', () => {
  it('keeps tests and helpers out of the functions directory (every file there is deployed)', () => {
    expect(readdirSync(directory).filter((name) => !name.endsWith('.ts') || name.endsWith('.test.ts'))).toEqual([]);
  });

  it.each(functionFiles)('%s declares a static /api path', (name) => {
    const source = readFileSync(new URL(name, directory), 'utf8');
    const match = /export const config: Config = \{ path: (?<path>'[^'`$]+'|\[(?:'[^'`$]+'(?:, )?)+\]) \};/.exec(source);
    expect(match, `${name} must export a config with literal paths`).not.toBeNull();
    const paths = [...match!.groups!['path']!.matchAll(/'([^']+)'/g)].map((found) => found[1]!);
    for (const path of paths) expect(path).toMatch(/^\/api\//);
  });

  it('gives every path to one function only', () => {
    const all = functionFiles.flatMap((name) => [...readFileSync(new URL(name, directory), 'utf8').matchAll(/path: [^;]*/g)].flatMap((found) => [...found[0].matchAll(/'([^']+)'/g)].map((path) => path[1])));
    expect(new Set(all).size).toBe(all.length);
  });
});
