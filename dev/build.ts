// `npm run build`: the production build of the site (astro build → dist/) and, side by side, the
// functions: each bundled with its packages into netlify.toml's functions folder
// (dev/functions/prebundle.ts), then by Netlify's bundler (→ .netlify/functions-bundled/,
// dev/functions/bundle.ts), which `npm start` and the tests serve. On Netlify (NETLIFY=true) the
// second step is left to Netlify's build, which runs it the same way right after the build command.
//
//   node --import tsx dev/build.ts
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleFunctions, FUNCTIONS_BUNDLE_DIRECTORY, prebundle } from './functions/bundle';
import { projectRoot } from './runtime/project-root';
import { astroCommand, startChild, type StartedChild } from './runtime/supervisor';

async function bundleAndReport(): Promise<void> {
  const started = performance.now();
  const results = await bundleFunctions();
  const bundlers = [...new Set(results.map((result) => result.bundler))].join(', ');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`Functions: ${results.length} bundled by Netlify's bundler (${bundlers}) into ${relative(projectRoot, FUNCTIONS_BUNDLE_DIRECTORY)}/ in ${seconds} s\n`);
}

async function prebundleForNetlify(): Promise<void> {
  const directory = await prebundle();
  process.stdout.write(`Functions: bundled with their packages into ${relative(projectRoot, directory)}/; Netlify's build packs them after this command\n`);
}

/**
 * Builds the site and the function bundles at the same time; rejects when either fails. `onChild`
 * receives the Astro process, so a caller can stop it on shutdown.
 */
export async function buildSiteAndFunctions(onChild: (child: StartedChild) => void = () => {}): Promise<void> {
  const site = startChild(...astroCommand(['build']));
  onChild(site);
  const onNetlify = process.env['NETLIFY'] === 'true';
  const [siteBuild, functionsBuild] = await Promise.allSettled([site.exit, onNetlify ? prebundleForNetlify() : bundleAndReport()]);
  if (siteBuild.status === 'rejected') throw siteBuild.reason;
  if (siteBuild.value !== 0) throw new Error(`astro build failed (exit ${siteBuild.value})`);
  if (functionsBuild.status === 'rejected') throw new Error(`bundling the functions failed: ${(functionsBuild.reason as Error).message ?? String(functionsBuild.reason)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildSiteAndFunctions().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`Error: ${(error as Error).message ?? String(error)}\n`);
      process.exit(1);
    },
  );
}
