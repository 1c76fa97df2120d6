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
import { basename, extname, join, sep } from 'node:path';
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
 * Modules a package loads whose code the site never runs, left out of the bundles: the module `path`
 * as `importer` (a file of a package) requires it gets a stand-in whose every export throws when
 * called. React DOM's server entry loads its streaming renderer beside the static one; the mail is
 * rendered with renderToStaticMarkup only (src/shared/mail/render.ts), so 118 KB less per sending function.
 */
export const OMITTED_MODULES: readonly { importer: string; path: string }[] = [
  { importer: 'react-dom/server.node.js', path: './cjs/react-dom-server.node.production.js' },
];

const omitUnusedModules: Plugin = {
  name: 'omit-unused-modules',
  setup(build) {
    const paths = new Set(OMITTED_MODULES.map((omitted) => omitted.path));
    const filter = new RegExp(`^(?:${[...paths].map((path) => path.replace(/[/.]/g, '\\$&')).join('|')})$`);
    build.onResolve({ filter }, (args) => {
      const importer = args.importer.split(sep).join('/');
      const omitted = OMITTED_MODULES.find((entry) => entry.path === args.path && importer.endsWith(`/node_modules/${entry.importer}`));
      return omitted ? { path: `${omitted.importer} → ${omitted.path}`, namespace: 'omitted' } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: 'omitted' }, (args) => ({
      contents: `const refuse = (name) => () => { throw new Error(${JSON.stringify(`${args.path} (`)} + name + ${JSON.stringify(') is not part of the function bundles (dev/functions/prebundle.ts)')}); };
module.exports = new Proxy({}, { get: (_, name) => (typeof name === 'string' && name !== '__esModule' ? refuse(name) : undefined) });`,
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
