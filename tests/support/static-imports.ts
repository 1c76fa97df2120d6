// What a module loads with it: the packages its static imports reach (types and `import()` aside),
// each with the chain of files that brings it in. For tests that keep a library out of a bundle.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

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
export function packagesReached(entry: string): Map<string, string[]> {
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
