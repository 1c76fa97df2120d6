import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Staff pages run under a policy without 'unsafe-eval', and classic zod probes `new Function` as its
 * object schemas are built: what a staff island loads with the page must never reach it (zod/mini
 * does not probe, and a schema loaded on demand by `import()` is outside the page's load).
 */
const folder = dirname(fileURLToPath(import.meta.url));
const root = resolve(folder, '../../../..');
const features = resolve(root, 'src/features');

/** The modules a file loads with it: runtime imports and re-exports, not types, not `import()`. */
function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^(?:import|export) (?!type )(?:[^;]*? from )?'([^']+)';$/gm)].map((match) => match[1]!);
}

function resolveModule(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  return ['', '.ts', '.tsx', '/index.ts'].map((suffix) => base + suffix).find((candidate) => existsSync(candidate) && candidate.match(/\.tsx?$/)) ?? null;
}

/** Every package a file reaches through its static imports, with the chain that reaches it. */
function packagesReached(entry: string): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const seen = new Set<string>();
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      const next = resolveModule(file, specifier);
      if (next) visit(next, [...chain, next.replace(`${root}/`, '')]);
      else if (!specifier.startsWith('.') && !reached.has(specifier)) reached.set(specifier, chain);
    }
  };
  visit(entry, [entry]);
  return reached;
}

describe('staff islands', () => {
  // The staff kit beside this file, and each feature's staff islands in its admin/ folder.
  const folders = [folder, ...readdirSync(features).map((name) => resolve(features, name, 'admin')).filter((path) => existsSync(path))];
  const islands = folders.flatMap((path) => readdirSync(path).filter((name) => name.endsWith('.tsx')).map((name) => resolve(path, name).replace(`${root}/`, '')));
  it('are found', () => expect(islands).toEqual(expect.arrayContaining(['src/features/staff/islands/AdminDashboard.tsx', 'src/features/bay-booking/admin/BayDay.tsx'])));
  it.each(islands)('%s loads no classic zod with the page', (name) => {
    const reached = packagesReached(resolve(root, name));
    // On failure: the chain of modules that reaches classic zod.
    expect(reached.get('zod') ?? null).toBeNull();
  });
});
