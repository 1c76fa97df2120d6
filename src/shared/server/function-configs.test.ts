import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { functionFiles, functionsDirectory as directory } from '../../../tests/support/function-paths';
import { compileRoutePattern, matchRoutePattern } from '../../../dev/function-host';
import type { Endpoint } from '../contract/endpoint';

const files = functionFiles();
/** Functions with a public path; scheduled ones have none (only the scheduler calls them) and no contract. */
const routed = files.filter((file) => file.schedule === null);
const scheduled = files.filter((file) => file.schedule !== null);

/**
 * Netlify reads each function's `config` statically, without running the module: its path must be a
 * string literal or an array of string literals, or the deploy (and the local runtime) refuses it.
 */
describe('function configs', () => {
  it('keeps tests and helpers out of the functions directory (every file there is deployed)', () => {
    expect(readdirSync(directory).filter((name) => !name.endsWith('.ts') || name.endsWith('.test.ts'))).toEqual([]);
  });

  it.each(routed)('$name declares a static /api path', ({ name, paths }) => {
    expect(paths, `${name} must export a config with literal paths`).not.toBeNull();
    for (const path of paths!) expect(path).toMatch(/^\/api\//);
  });

  it.each(scheduled)('$name declares a literal schedule and no path', ({ paths, schedule }) => {
    expect(paths).toBeNull();
    expect(schedule).toMatch(/^(\S+ ){4}\S+$|^@(hourly|daily|weekly|monthly|yearly)$/);
  });

  it('gives every path to one function only', () => {
    const all = files.flatMap((file) => file.paths ?? []);
    expect(new Set(all).size).toBe(all.length);
  });

  it('never lets two paths match the same request (a parameter would swallow another route\'s word)', () => {
    const all = files.flatMap((file) => (file.paths ?? []).map((path) => ({ path, pattern: compileRoutePattern(path, file.name) })));
    const ambiguous = all.flatMap((a, i) => all.slice(i + 1).filter((b) => overlapping(a.pattern.segments, b.pattern.segments)).map((b) => `${a.path} and ${b.path}`));
    expect(ambiguous).toEqual([]);
  });

  it('finds the overlap it guards against', () => {
    const segments = (path: string) => compileRoutePattern(path, 'test').segments;
    expect(overlapping(segments('/api/x/day/:date'), segments('/api/x/:id/cancel'))).toBe(true);
    expect(overlapping(segments('/api/x/day/:date'), segments('/api/x/cancel/:id'))).toBe(false);
    expect(overlapping(segments('/api/x/*'), segments('/api/x/day/:date'))).toBe(true);
    expect(matchRoutePattern(compileRoutePattern('/api/x/:id/cancel', 'test'), '/api/x/day/cancel')).toEqual({ id: 'day' });
  });
});

/** Whether some pathname matches both patterns: segment by segment, two words differ or a length differs (a trailing * takes any rest). */
function overlapping(a: readonly string[], b: readonly string[]): boolean {
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    const x = a[index];
    const y = b[index];
    if (x === '*' || y === '*') return true;
    if (x === undefined || y === undefined) return false;
    if (!x.startsWith(':') && !y.startsWith(':') && x !== y) return false;
  }
  return true;
}

/** Contract folders: each feature's `contract/` and the shared one; a contract module is named as its function. */
const src = new URL('../../', import.meta.url);
const contractFolders = [
  new URL('shared/contract/', src),
  ...readdirSync(new URL('features/', src), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(new URL(`features/${entry.name}/contract/`, src)))
    .map((entry) => new URL(`features/${entry.name}/contract/`, src)),
];
const contractOf = (name: string) => contractFolders.map((folder) => new URL(`${name.replace(/\.ts$/, "")}.ts`, folder)).find((file) => existsSync(file));

/**
 * Every function answers the contract module of the same name in a contract folder: its endpoints'
 * paths are exactly the function's config paths, so a new endpoint is one contract and one function.
 */
describe('function contracts', () => {
  it.each(routed)('$name serves the paths of its contract module', async ({ name, paths }) => {
    const file = contractOf(name);
    expect(file, `${name}: no contract module named ${name}.ts in ${contractFolders.map((folder) => folder.pathname).join(', ')}`).toBeDefined();
    const contract = (await import(file!.href)) as Record<string, unknown>;
    const endpoints = Object.values(contract).filter((value): value is Endpoint => typeof value === 'object' && value !== null && 'method' in value && 'path' in value);
    expect(endpoints.length, `${name}: no endpoint declared`).toBeGreaterThan(0);
    expect([...new Set(endpoints.map((endpoint) => endpoint.path))].sort()).toEqual([...(paths ?? [])].sort());
  });
});

/** A module's imports that are not `import type`. */
const runtimeImports = (source: string) => [...source.matchAll(/^import (?!type )[^;]*? from '([^']+)';$/gm)].map((match) => match[1]!);

/**
 * Whether a module, and every module of ours it imports at run time, imports no package but zod/mini:
 * what an island may load through a contract.
 */
function isLightweight(file: URL, seen = new Set<string>()): boolean {
  if (seen.has(file.href)) return true;
  seen.add(file.href);
  return runtimeImports(readFileSync(file, 'utf8')).every((from) => {
    if (from === 'zod/mini') return true;
    if (!from.startsWith('.')) return false;
    const target = [`${from}.ts`, from].map((path) => new URL(path, file)).find((candidate) => existsSync(candidate) && candidate.pathname.endsWith('.ts'));
    return target !== undefined && isLightweight(target, seen);
  });
}

/**
 * Islands import contract modules for their endpoints, so a contract may hold only what bundlers drop
 * when unused: zod/mini schemas, and form schemas (classic zod) as types only.
 */
describe('contract modules', () => {
  const endpointModules = routed.map(({ name }) => contractOf(name)).filter((file): file is URL => file !== undefined);
  it.each(endpointModules.map((file) => [file.pathname.split('/src/')[1], file] as const))('%s imports zod/mini, and other schemas as types only', (_name, file) => {
    expect(isLightweight(file)).toBe(true);
  });
});
