// `npm run build`: the production build of the site (astro build → dist/) and, side by side, the
// function bundles Netlify's bundler makes (→ .netlify/functions-bundled/, dev/functions/bundle.ts),
// which `npm start` and the tests serve. On Netlify (NETLIFY=true) only the site is built: Netlify's
// build bundles the functions itself, the same way, right after the build command.
//
//   node --import tsx dev/build.ts
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleFunctions, FUNCTIONS_BUNDLE_DIRECTORY } from './functions/bundle';
import { projectRoot } from './runtime/project-root';
import { astroCommand, startChild, type StartedChild } from './runtime/supervisor';

async function bundleAndReport(): Promise<void> {
  const started = performance.now();
  const results = await bundleFunctions();
  const bundlers = [...new Set(results.map((result) => result.bundler))].join(', ');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`Functions: ${results.length} bundled by Netlify's bundler (${bundlers}) into ${relative(projectRoot, FUNCTIONS_BUNDLE_DIRECTORY)}/ in ${seconds} s\n`);
}

/**
 * Builds the site and the function bundles at the same time; rejects when either fails. `onChild`
 * receives the Astro process, so a caller can stop it on shutdown.
 */
export async function buildSiteAndFunctions(onChild: (child: StartedChild) => void = () => {}): Promise<void> {
  const site = startChild(...astroCommand(['build']));
  onChild(site);
  const onNetlify = process.env['NETLIFY'] === 'true';
  if (onNetlify) process.stdout.write("Functions: not bundled here: Netlify's build bundles them after this command\n");
  const [siteBuild, functionsBuild] = await Promise.allSettled([site.exit, onNetlify ? Promise.resolve() : bundleAndReport()]);
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
