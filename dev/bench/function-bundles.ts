// What each function bundle ships, for `npm run bench:functions`: its size on disk and zipped, the size
// of each package it carries (the bytes esbuild's prebundle step kept of it, from its metafile), and
// the libraries it ships but never calls, with the import chain that brings each one in. The chains
// come from esbuild run on the function source (the project's modules bundled, packages external,
// tree-shaken), so they are the imports the deployed code keeps.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import type { BundledFunction } from '../functions/bundled-functions';
import { FUNCTION_SOURCES_DIRECTORY, functionName, functionSources } from '../functions/prebundle';
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
  /** Bytes per shipped package, Netlify's files and the function's own code. */
  parts: Map<string, number>;
}

async function filesOf(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Netlify's own files in every bundle: its bootstrap, telemetry loader and entry point. */
export const NETLIFY_FILES = "(Netlify's ___netlify-* files)";
/** The function file less the packages in it: the function and the project's modules. */
export const OWN_CODE = '(the function and project modules)';

/** The package a module path of esbuild's metafile belongs to (`stripe`, `@upstash/redis`), or undefined for the project's own. */
export function packageOf(path: string): string | undefined {
  const index = path.lastIndexOf('node_modules/');
  if (index < 0) return undefined;
  const [scope, name] = path.slice(index + 'node_modules/'.length).split('/');
  return scope!.startsWith('@') ? `${scope}/${name}` : scope;
}

/** Bytes of each package in the prebundled file `output` (a key of the metafile's outputs). */
export function packageBytes(metafile: Metafile, output: string): Map<string, number> {
  const bytes = new Map<string, number>();
  for (const [path, input] of Object.entries(metafile.outputs[output]?.inputs ?? {})) {
    const name = packageOf(path);
    if (name) bytes.set(name, (bytes.get(name) ?? 0) + input.bytesInOutput);
  }
  return bytes;
}

/**
 * The bundle's files, sizes and parts: Netlify's files, then the function file split into the
 * packages the prebundle step put in it (`packages`) and the rest, the function's own code.
 */
export async function bundleSize(directory: string, packages: Map<string, number> = new Map()): Promise<BundleSize> {
  const files = await filesOf(directory);
  const parts = new Map<string, number>();
  let unzipped = 0;
  let zipped = ZIP_END_RECORD;
  for (const file of files) {
    const path = relative(directory, file);
    const size = (await stat(file)).size;
    unzipped += size;
    zipped += deflateRawSync(await readFile(file)).length + ZIP_OVERHEAD_PER_FILE + 2 * Buffer.byteLength(path);
    if (path.startsWith('___netlify-')) {
      parts.set(NETLIFY_FILES, (parts.get(NETLIFY_FILES) ?? 0) + size);
      continue;
    }
    let own = size;
    for (const [name, bytes] of packages) {
      parts.set(name, (parts.get(name) ?? 0) + bytes);
      own -= bytes;
    }
    parts.set(OWN_CODE, (parts.get(OWN_CODE) ?? 0) + Math.max(0, own));
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
  const source = (await functionSources(FUNCTION_SOURCES_DIRECTORY)).find((file) => functionName(file) === bundle.name);
  if (!source) throw new Error(`${bundle.name}: no source in ${FUNCTION_SOURCES_DIRECTORY}`);
  const { metafile, code } = await analyse(source, nodeVersion);
  const entry = relative(projectRoot, source).split(sep).join('/');
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
