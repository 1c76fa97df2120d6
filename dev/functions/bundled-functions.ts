// The bundles of `npm run build` (dev/functions/bundle.ts) as the local runtime hosts them: routed by
// the configuration zisi reports in its manifest.json (paths, methods, schedule), and called through
// Netlify's bootstrap in the bundle, with the bundle's own copy of every module it ships.
//
// One bootstrap serves every function: each bundle's ___netlify-entry-point.mjs is
// `getLambdaHandler('./<bundled function file>')` over its own copy of the same bootstrap, which patches
// process-wide globals (fetch, http.request) when loaded. A deployed function has its process to itself;
// loading seventeen copies into one process would stack seventeen patches, so the host loads the
// bootstrap once (all copies are checked to be identical) and hands it each bundle's function file as
// the entry point does.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { FunctionHost, functionRoutes, type FunctionRunner, type HostedFunction } from '../function-host';
import { FUNCTIONS_BUNDLE_DIRECTORY, MANIFEST_FILE } from './bundle';
import { installLambdaStreaming, invokeLambdaHandler } from './lambda-bridge.mjs';
import { functionName, functionSources } from './prebundle';

export const ENTRY_FILE = '___netlify-entry-point.mjs';
export const BOOTSTRAP_FILE = '___netlify-bootstrap.mjs';
/** Netlify's limit for a synchronous function, which its bootstrap reads as the time left. */
const DEFAULT_TIMEOUT_SECONDS = 60;

const route = z.object({
  pattern: z.string(),
  methods: z.array(z.string()).default([]),
  prefer_static: z.boolean().optional(),
});

/** The part of zisi's manifest.json the runtime reads. */
const manifestSchema = z.object({
  functions: z.array(
    z.object({
      name: z.string(),
      path: z.string(),
      mainFile: z.string(),
      runtime: z.string(),
      bundler: z.string().optional(),
      buildData: z.object({ runtimeAPIVersion: z.number().optional() }).optional(),
      routes: z.array(route).optional(),
      excludedRoutes: z.array(z.unknown()).optional(),
      schedule: z.string().optional(),
      timeout: z.number().optional(),
    }),
  ),
});

export type BundleManifest = z.infer<typeof manifestSchema>;
export type BundledFunction = BundleManifest['functions'][number];

/** zisi's manifest of a bundle folder, or an error saying to build first. */
export async function readBundleManifest(directory = FUNCTIONS_BUNDLE_DIRECTORY): Promise<BundleManifest> {
  let text: string;
  try {
    text = await readFile(join(directory, MANIFEST_FILE), 'utf8');
  } catch {
    throw new Error(`${join(directory, MANIFEST_FILE)} not found: bundle the functions first (npm run build)`);
  }
  return manifestSchema.parse(JSON.parse(text));
}

/** The bundled function file its entry point hands the bootstrap, as an absolute path. */
export async function bundledFunctionFile(bundle: BundledFunction): Promise<string> {
  const entry = await readFile(join(bundle.path, ENTRY_FILE), 'utf8');
  const found = /getLambdaHandler\('(\.\/[^']+)'\)/.exec(entry);
  if (!found) throw new Error(`${join(bundle.path, ENTRY_FILE)}: not the v2 entry point the runtime knows (getLambdaHandler('./…'))`);
  return resolve(bundle.path, found[1]!);
}

/** Refuses what the local runtime would not serve as Netlify does, naming the function. */
function checkSupported(bundle: BundledFunction): void {
  if (bundle.runtime !== 'js' || bundle.buildData?.runtimeAPIVersion !== 2) {
    throw new Error(`${bundle.name}: only JavaScript/TypeScript functions with a default export (Functions API v2) are served locally`);
  }
  if (bundle.excludedRoutes && bundle.excludedRoutes.length > 0) throw new Error(`${bundle.name}: config.excludedPath is not supported by the local runtime`);
}

type BootstrapModule = { getLambdaHandler(entry: string): Parameters<typeof invokeLambdaHandler>[0] };

/** Every bundle's bootstrap, checked identical, loaded once. */
async function loadBootstrap(bundles: BundledFunction[]): Promise<BootstrapModule> {
  const digests = new Set<string>();
  for (const bundle of bundles) {
    digests.add(createHash('sha256').update(await readFile(join(bundle.path, BOOTSTRAP_FILE))).digest('hex'));
  }
  if (digests.size > 1) throw new Error(`the bundles in ${FUNCTIONS_BUNDLE_DIRECTORY} carry different Netlify bootstraps: rebuild them (npm run build)`);
  installLambdaStreaming();
  return (await import(pathToFileURL(join(bundles[0]!.path, BOOTSTRAP_FILE)).href)) as BootstrapModule;
}

/** Loads one bundle's function file now (not on its first call) and checks it exports a handler. */
async function warm(bundle: BundledFunction, file: string): Promise<void> {
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const handler = module['default'] as unknown;
  const isHandler = typeof handler === 'function' || (typeof handler === 'object' && handler !== null && typeof (handler as { fetch?: unknown }).fetch === 'function');
  if (!isHandler) throw new Error(`${bundle.name}: the bundled function exports no default handler`);
}

/** A hosted function for one bundle, called through the bootstrap. */
export async function hostBundle(bundle: BundledFunction, bootstrap: BootstrapModule): Promise<HostedFunction> {
  checkSupported(bundle);
  const file = await bundledFunctionFile(bundle);
  await warm(bundle, file);
  const handler = bootstrap.getLambdaHandler(pathToFileURL(file).href);
  const timeoutMs = (bundle.timeout ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
  const routes = bundle.routes ?? [];
  const run: FunctionRunner = (request, call) => invokeLambdaHandler(handler, request, { route: call.route, requestId: call.requestId, timeoutMs });
  return {
    name: bundle.name,
    file: bundle.mainFile,
    patterns: functionRoutes(bundle.name, bundle.mainFile, routes.map((entry) => entry.pattern), bundle.schedule),
    methods: routes[0]?.methods.map((method) => method.toUpperCase()) ?? [],
    preferStatic: routes.some((entry) => entry.prefer_static === true),
    schedule: bundle.schedule,
    run,
  };
}

/**
 * Checks that the bundles are those of the function sources (one per source file, no other), so an
 * outdated build is refused rather than served.
 */
export async function assertBundlesMatchSources(manifest: BundleManifest, sourceDirectory: string): Promise<void> {
  // Names sorted as names: sorted as files, 'a-b.ts' comes before 'a.ts'.
  const sources = (await functionSources(sourceDirectory)).map(functionName).sort();
  const bundled = manifest.functions.map((bundle) => bundle.name).sort();
  if (sources.join('\n') !== bundled.join('\n')) {
    const missing = sources.filter((name) => !bundled.includes(name));
    const extra = bundled.filter((name) => !sources.includes(name));
    throw new Error(
      `the function bundles do not match ${sourceDirectory} (not bundled: ${missing.join(', ') || 'none'}; no longer there: ${extra.join(', ') || 'none'}): run npm run build`,
    );
  }
}

/** The host for every bundle of the folder, each loaded once and warm. */
export async function loadBundledFunctionHost(directory = FUNCTIONS_BUNDLE_DIRECTORY): Promise<FunctionHost> {
  const manifest = await readBundleManifest(directory);
  if (manifest.functions.length === 0) return new FunctionHost([]);
  const bootstrap = await loadBootstrap(manifest.functions);
  const functions: HostedFunction[] = [];
  for (const bundle of [...manifest.functions].sort((a, b) => a.name.localeCompare(b.name))) functions.push(await hostBundle(bundle, bootstrap));
  return new FunctionHost(functions);
}
