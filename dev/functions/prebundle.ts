// The first step of bundling the functions: esbuild bundles each function source in netlify/functions
// with everything it imports, packages included, tree-shaken and minified, into one ES module per
// function in the folder netlify.toml names as the functions folder. Netlify's bundler then packs
// those files as it packs any function (dev/functions/bundle.ts), and finds no package left to copy.
//
// Why not leave packages to Netlify's bundler: it copies every file a package may load (Stripe's
// whole SDK in both module formats, every zod locale), 3.6 to 5.6 MB a function; bundled here, a
// function carries only the code it reaches (the largest ships under 2 MB with Netlify's own files).
//
// `npm run build` runs this before zisi; on Netlify the build command runs it, and Netlify's build
// bundles its output right after, so the deploy and the local runtime pack the same files.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { projectRoot } from '../runtime/project-root';

/** The function sources: one file a function, as the tests import them. */
export const FUNCTION_SOURCES_DIRECTORY = join(projectRoot, 'netlify', 'functions');

const SOURCE_FILE = /\.(?:[cm]?ts|[cm]?js)$/;
const TEST_FILE = /\.test\.[cm]?[jt]s$/;

/** The functions of a source folder: its top-level source files, tests left out, sorted. */
export async function functionSources(sourceDirectory: string): Promise<string[]> {
  const entries = await readdir(sourceDirectory, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name) && !TEST_FILE.test(entry.name))
    .map((entry) => join(sourceDirectory, entry.name))
    .sort();
}

/** A function's name: its source file's name without the extension, as Netlify names it. */
export const functionName = (file: string) => basename(file, extname(file));

/**
 * Optional modules a library loads only for a feature the site never uses, left out of the bundles:
 * each import of them resolves to a module that refuses to load. React Email's render loads prettier
 * only for `pretty` output (260 KB), which the mail never asks for.
 */
export const OMITTED_MODULES = ['prettier/standalone', 'prettier/plugins/html'];

const omitUnusedModules: Plugin = {
  name: 'omit-unused-modules',
  setup(build) {
    const filter = new RegExp(`^(?:${OMITTED_MODULES.map((name) => name.replace(/[/.]/g, '\\$&')).join('|')})$`);
    build.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'omitted' }));
    build.onLoad({ filter: /.*/, namespace: 'omitted' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is not part of the function bundles (dev/functions/prebundle.ts)`)});`,
      loader: 'js',
    }));
  },
};

/** Where the prebundle step writes what went into each file (read by `npm run bench:functions`). */
export const metafilePath = (outDirectory: string) => `${outDirectory}.meta.json`;

export interface PrebundleOptions {
  sourceDirectory: string;
  outDirectory: string;
  /** The deploy's Node version: the bundles' target. */
  nodeVersion: string;
}

/** Bundles each function source into `<outDirectory>/<name>.mjs` (folder emptied first); returns esbuild's metafile. */
export async function prebundleFunctions({ sourceDirectory, outDirectory, nodeVersion }: PrebundleOptions): Promise<Metafile> {
  const entryPoints = await functionSources(sourceDirectory);
  await rm(outDirectory, { recursive: true, force: true });
  await mkdir(outDirectory, { recursive: true });
  if (entryPoints.length === 0) return { inputs: {}, outputs: {} };
  const result = await build({
    entryPoints,
    outdir: outDirectory,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: `node${nodeVersion.split('.')[0]}`,
    // Minified for size; names kept so stack traces in the function log stay readable.
    minify: true,
    keepNames: true,
    legalComments: 'none',
    // Libraries' production builds (React renders the mail templates several times faster and the
    // bundle is smaller). The site's own code reads its settings from an env object, never from this.
    define: { 'process.env.NODE_ENV': '"production"' },
    // Packages written as CommonJS call require(); an ES module has none of its own.
    banner: { js: "import { createRequire as __functionRequire } from 'node:module'; const require = __functionRequire(import.meta.url);" },
    plugins: [omitUnusedModules],
    metafile: true,
    logLevel: 'warning',
    absWorkingDir: projectRoot,
  });
  await writeFile(metafilePath(outDirectory), JSON.stringify(result.metafile));
  return result.metafile;
}
