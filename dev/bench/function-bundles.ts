// What each function bundle ships, for `npm run bench:functions`: its size on disk and zipped, the size
// of each package it carries, and the libraries it ships but never calls, with the import chain that
// brings each one in. The chains come from esbuild run on the function source with the settings
// Netlify's bundler gives it (bundle the project's modules, packages external, tree-shaken), so they
// are the imports the deployed code keeps.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import type { BundledFunction } from '../functions/bundled-functions';
import { projectRoot } from '../runtime/project-root';

/** Bytes a zip spends per file besides the compressed data: local header, central directory entry, data descriptor. */
const ZIP_OVERHEAD_PER_FILE = 30 + 46 + 16;
const ZIP_END_RECORD = 22;

export interface BundleSize {
  files: number;
  /** Bytes of every file, as unpacked on the function's disk. */
  unzipped: number;
  /** The folder deflated as zisi's archiver zips it (default level, headers included). */
  zipped: number;
  /** Bytes per shipped package (top-level folder of node_modules), Netlify's files and the function's own code. */
  parts: Map<string, number>;
}

async function filesOf(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Netlify's own files in every bundle: its bootstrap, telemetry loader and entry point. */
export const NETLIFY_FILES = "(Netlify's ___netlify-* files)";
/** The function file: the function and the project's modules, bundled by esbuild. */
export const OWN_CODE = '(the function and project modules)';

/** What a file of the bundle belongs to: a package (`stripe`, `@upstash/redis`), Netlify's files or the function's own code. */
function partOf(relativePath: string): string {
  if (relativePath.startsWith('___netlify-')) return NETLIFY_FILES;
  const parts = relativePath.split(sep);
  const index = parts.lastIndexOf('node_modules');
  if (index < 0) return OWN_CODE;
  const name = parts[index + 1]!;
  return name.startsWith('@') ? `${name}/${parts[index + 2]}` : name;
}

export async function bundleSize(directory: string): Promise<BundleSize> {
  const files = await filesOf(directory);
  const parts = new Map<string, number>();
  let unzipped = 0;
  let zipped = ZIP_END_RECORD;
  for (const file of files) {
    const path = relative(directory, file);
    const size = (await stat(file)).size;
    unzipped += size;
    zipped += deflateRawSync(await readFile(file)).length + ZIP_OVERHEAD_PER_FILE + 2 * Buffer.byteLength(path);
    const part = partOf(path);
    parts.set(part, (parts.get(part) ?? 0) + size);
  }
  return { files: files.length, unzipped, zipped, parts };
}

/** A library a function may ship without needing it, and the code that shows it does need it. */
export interface LibraryRule {
  library: string;
  /** Packages that make up the library in a bundle. */
  packages: string[];
  /** Also shipped when the function's own code includes such a module (mail templates are .tsx). */
  modules?: RegExp;
  /** Found in the function's tree-shaken code when it uses the library. */
  uses: RegExp;
  /** What using it means, for the report. */
  meaning: string;
}

export const LIBRARY_RULES: LibraryRule[] = [
  { library: 'Stripe SDK', packages: ['stripe'], uses: /\bnew Stripe\d*\(|\bStripe\d*\.webhooks\./, meaning: 'talks to Stripe (builds a client or checks a webhook signature)' },
  { library: 'React / mail templates', packages: ['react', 'react-dom'], modules: /\.tsx$/, uses: /\.sendMail\(/, meaning: 'sends mail' },
];

export interface UnusedLibrary {
  library: string;
  meaning: string;
  bytes: number;
  /** From the function file to the module that imports the library: project paths, then the package. */
  chain: string[];
}

interface SourceAnalysis {
  metafile: Metafile;
  code: string;
}

/** The function source bundled as Netlify's bundler bundles it, without writing anything. */
async function analyse(sourceFile: string, nodeVersion: string): Promise<SourceAnalysis> {
  const result = await build({
    entryPoints: [sourceFile],
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: `node${nodeVersion.split('.')[0]}`,
    metafile: true,
    write: false,
    logLevel: 'silent',
    absWorkingDir: projectRoot,
  });
  return { metafile: result.metafile, code: result.outputFiles[0]?.text ?? '' };
}

/** The shortest import chain from the entry to a module that imports one of `targets` (package names or module paths). */
export function importChain(metafile: Metafile, entry: string, isTarget: (path: string, external: boolean) => boolean): string[] | undefined {
  const previous = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const current = queue.shift()!;
    for (const imported of metafile.inputs[current]?.imports ?? []) {
      if (isTarget(imported.path, imported.external === true)) {
        const chain = [imported.path];
        for (let at: string | null = current; at !== null; at = previous.get(at) ?? null) chain.unshift(at);
        return chain;
      }
      if (!imported.external && !previous.has(imported.path)) {
        previous.set(imported.path, current);
        queue.push(imported.path);
      }
    }
  }
  return undefined;
}

/** The libraries of LIBRARY_RULES this bundle ships while the function's code never uses them. */
export async function unusedLibraries(bundle: BundledFunction, size: BundleSize, nodeVersion: string): Promise<UnusedLibrary[]> {
  const { metafile, code } = await analyse(bundle.mainFile, nodeVersion);
  const entry = relative(projectRoot, bundle.mainFile).split(sep).join('/');
  const found: UnusedLibrary[] = [];
  for (const rule of LIBRARY_RULES) {
    const bytes = rule.packages.reduce((sum, name) => sum + (size.parts.get(name) ?? 0), 0);
    const modules = rule.modules ? Object.keys(metafile.inputs).filter((path) => rule.modules!.test(path)) : [];
    if ((bytes === 0 && modules.length === 0) || rule.uses.test(code)) continue;
    const chain = importChain(metafile, entry, (path, external) => (external ? rule.packages.some((name) => path === name || path.startsWith(`${name}/`)) : modules.includes(path)));
    found.push({ library: rule.library, meaning: rule.meaning, bytes, chain: chain ?? [entry, '…'] });
  }
  return found;
}
