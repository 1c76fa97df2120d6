// The functions bundled as Netlify's build bundles them: Netlify's own bundler
// (@netlify/zip-it-and-ship-it, "zisi") called with the options @netlify/build gives it, from
// netlify.toml as Netlify's config library reads it, over the folder netlify.toml names as the
// functions folder. The local runtime serves these bundles (dev/function-host.ts), so what the tests
// exercise is what deploys.
//
// That folder holds the functions already bundled with their packages (dev/functions/prebundle.ts,
// run first here and by the build command on Netlify). zisi bundles every function with a default
// export (Functions API v2) with "nft" (esbuild again, then @vercel/nft tracing node_modules) unless
// `[functions] node_bundler` is "none", which netlify.toml sets: each prebundled file ships as it
// is, beside Netlify's bootstrap (___netlify-bootstrap.mjs, the Lambda adapter of the v2 API), its
// telemetry loader and the entry ___netlify-entry-point.mjs. "none" is one of the bundlers Netlify's
// config accepts (@netlify/config's validation: esbuild, nft, zisi, none) and the one override zisi
// honours for v2 functions (its getBundlerName); nft's second esbuild pass re-printed the minified
// prebundle about 25 % larger and had nothing left to trace. Netlify zips each folder; the local
// build keeps the folders (archiveFormat "none"), which hold the same files.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { resolveConfig } from '@netlify/config';
import { zipFunctions, type Config as FunctionsConfig, type FunctionConfig, type FunctionResult } from '@netlify/zip-it-and-ship-it';
import { projectRoot } from '../runtime/project-root';
import { FUNCTION_SOURCES_DIRECTORY, prebundleFunctions } from './prebundle';

/** Where `npm run build` writes the bundles (one folder per function and zisi's manifest.json). */
export const FUNCTIONS_BUNDLE_DIRECTORY = join(projectRoot, '.netlify', 'functions-bundled');
export const MANIFEST_FILE = 'manifest.json';

type NodeBundler = NonNullable<FunctionConfig['nodeBundler']>;

/** One `[functions]` entry of netlify.toml as Netlify's config library returns it. */
interface TomlFunctionConfig {
  external_node_modules?: string[];
  included_files?: string[];
  ignored_node_modules?: string[];
  name?: string;
  node_bundler?: NodeBundler | 'esbuild';
  schedule?: string;
}

export interface FunctionsBuildSettings {
  /** netlify.toml's functions folder (absolute): where the prebundled functions go. */
  functionsDirectory: string;
  buildDir: string;
  repositoryRoot: string;
  /** zisi's per-function settings, keyed by the function-name globs of netlify.toml. */
  config: FunctionsConfig;
  /** The Node version the deploy builds with, which sets the bundles' target and runtime. */
  nodeVersion: string;
}

/**
 * The functions folder, settings and Node version Netlify's build would use for this repository in a
 * production deploy, read offline (no account, no site lookups).
 */
export async function functionsBuildSettings(): Promise<FunctionsBuildSettings> {
  // resolveConfig is untyped (`any`) in @netlify/config; the fields read here are checked below.
  const resolved = await resolveConfig({ cwd: projectRoot, repositoryRoot: projectRoot, offline: true, context: 'production', mode: 'buildbot' });
  const functionsDirectory: unknown = resolved.config?.functionsDirectory;
  if (typeof functionsDirectory !== 'string') throw new Error('netlify.toml declares no functions folder ([build] functions)');
  const environment = (resolved.config?.build?.environment ?? {}) as Record<string, string | undefined>;
  // @netlify/build: AWS_LAMBDA_JS_RUNTIME when set, else the Node version of the build (NODE_VERSION).
  const nodeVersion = environment['AWS_LAMBDA_JS_RUNTIME'] ?? environment['NODE_VERSION'] ?? process.versions.node;
  const buildDir = String(resolved.buildDir);
  const tomlConfig = (resolved.config?.functions ?? {}) as Record<string, TomlFunctionConfig>;
  const config: FunctionsConfig = {};
  for (const [glob, entry] of Object.entries(tomlConfig)) config[glob] = zisiFunctionConfig(entry, buildDir, nodeVersion);
  return { functionsDirectory, buildDir, repositoryRoot: String(resolved.repositoryRoot), config, nodeVersion };
}

/**
 * One netlify.toml `[functions]` entry in zisi's terms, translated as @netlify/build translates it
 * (its normalizeFunctionConfig): `esbuild` becomes `esbuild_zisi` (esbuild with the legacy bundler as
 * fallback); the others (`none`, `nft`, `zisi`) pass as they are. Rust and Go settings are left out: the site has no such function.
 */
export function zisiFunctionConfig(entry: TomlFunctionConfig, buildDir: string, nodeVersion: string): FunctionConfig {
  const config: FunctionConfig = { includedFilesBasePath: buildDir, nodeVersion };
  if (entry.external_node_modules) config.externalNodeModules = entry.external_node_modules;
  if (entry.included_files) config.includedFiles = entry.included_files;
  if (entry.ignored_node_modules) config.ignoredNodeModules = entry.ignored_node_modules;
  if (entry.name) config.name = entry.name;
  if (entry.schedule) config.schedule = entry.schedule;
  if (entry.node_bundler) config.nodeBundler = entry.node_bundler === 'esbuild' ? 'esbuild_zisi' : entry.node_bundler;
  return config;
}

export interface BundleOptions {
  /** The folder of function sources; netlify/functions when omitted. */
  sourceDirectory?: string;
  outDirectory?: string;
  /** Where the prebundled functions go; netlify.toml's functions folder when omitted. */
  prebundleDirectory?: string;
}

/** Bundles each function with its packages into netlify.toml's functions folder, as the build command does. */
export async function prebundle(options: Pick<BundleOptions, 'sourceDirectory' | 'prebundleDirectory'> = {}): Promise<string> {
  // Other sources go elsewhere, never over the site's own prebundled functions.
  if (options.sourceDirectory && !options.prebundleDirectory) throw new Error('prebundle: other function sources need their own prebundleDirectory');
  const settings = await functionsBuildSettings();
  const outDirectory = options.prebundleDirectory ?? settings.functionsDirectory;
  await prebundleFunctions({ sourceDirectory: options.sourceDirectory ?? FUNCTION_SOURCES_DIRECTORY, outDirectory, nodeVersion: settings.nodeVersion });
  return outDirectory;
}

/**
 * Prebundles every function, then bundles them into `outDirectory` (emptied first) with zisi's
 * manifest.json; returns zisi's results.
 */
export async function bundleFunctions(options: BundleOptions = {}): Promise<FunctionResult[]> {
  const settings = await functionsBuildSettings();
  const outDirectory = options.outDirectory ?? FUNCTIONS_BUNDLE_DIRECTORY;
  const prebundled = await prebundle(options);
  await rm(outDirectory, { recursive: true, force: true });
  return zipFunctions([prebundled], outDirectory, {
    archiveFormat: 'none',
    basePath: settings.buildDir,
    repositoryRoot: settings.repositoryRoot,
    config: settings.config,
    manifest: join(outDirectory, MANIFEST_FILE),
    // Netlify's build passes its account's feature flags; zisi's defaults are what it gets without any.
    featureFlags: { traceWithNft: false },
    configFileDirectories: [join(settings.buildDir, '.netlify', 'functions-internal')],
  });
}
