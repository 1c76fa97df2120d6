import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { functionFiles, functionsDirectory as directory } from '../../tests/support/function-paths';
import type { Endpoint } from '../domain/api/endpoint';

const files = functionFiles();

/**
 * Netlify reads each function's `config` statically, without running the module: its path must be a
 * string literal or an array of string literals, or the deploy (and the local runtime) refuses it.
 */
describe('function configs', () => {
  it('keeps tests and helpers out of the functions directory (every file there is deployed)', () => {
    expect(readdirSync(directory).filter((name) => !name.endsWith('.ts') || name.endsWith('.test.ts'))).toEqual([]);
  });

  it.each(files.filter((file) => !file.schedule))('$name declares a static /api path', ({ name, paths }) => {
    expect(paths, `${name} must export a config with literal paths`).not.toBeNull();
    for (const path of paths!) expect(path).toMatch(/^\/api\//);
  });

  it.each(files.filter((file) => file.schedule))('$name runs on a literal five-field schedule and has no path', ({ paths, schedule }) => {
    expect(paths).toBeNull();
    expect(schedule!.split(' ')).toHaveLength(5);
  });

  it('gives every path to one function only', () => {
    const all = files.flatMap((file) => file.paths ?? []);
    expect(new Set(all).size).toBe(all.length);
  });
});

/**
 * Every function answers the contract module of the same name in src/domain/api: its endpoints'
 * paths are exactly the function's config paths, so a new endpoint is one contract and one function.
 */
describe('function contracts', () => {
  it.each(files.filter((file) => !file.schedule))('$name serves the paths of src/domain/api/$name', async ({ name, paths }) => {
    const contract = (await import(`../domain/api/${name}`)) as Record<string, unknown>;
    const endpoints = Object.values(contract).filter((value): value is Endpoint => typeof value === 'object' && value !== null && 'method' in value && 'path' in value);
    expect(endpoints.length, `${name}: no endpoint declared`).toBeGreaterThan(0);
    expect([...new Set(endpoints.map((endpoint) => endpoint.path))].sort()).toEqual([...(paths ?? [])].sort());
  });
});

/**
 * Islands import contract modules for their endpoints, so a contract may hold only what bundlers drop
 * when unused: zod/mini schemas, and form schemas (classic zod) as types only.
 */
describe('contract modules', () => {
  const folder = new URL('../domain/api/', import.meta.url);
  it.each(readdirSync(folder).filter((name) => name.endsWith('.ts')))('%s imports zod/mini, and other schemas as types only', (name) => {
    const source = readFileSync(new URL(name, folder), 'utf8');
    const runtimeImports = [...source.matchAll(/^import (?!type )[^;]*? from '([^']+)';$/gm)].map((match) => match[1]);
    expect(runtimeImports.filter((from) => from !== 'zod/mini' && !from!.startsWith('./'))).toEqual([]);
  });
});
