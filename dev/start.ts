// `npm start`: builds the site and the function bundles (dev/build.ts) and serves them exactly as
// production would — static files, netlify.toml/_redirects redirects and headers through Netlify's own
// local runtime library (@netlify/dev's NetlifyDev), and the functions as Netlify's bundler bundled them,
// at their `config.path`, loaded once and kept warm as deployed instances are (dev/function-host.ts),
// scheduled functions run on their schedule (dev/functions/scheduler.ts) — offline, with local
// stand-ins for the hosted services.
//
//   node --import tsx dev/start.ts [--no-build] [--port N] [--private]
//
//   --no-build   serve the existing dist/ and .netlify/functions-bundled/
//   --port N     listen on N (else $PORT, else 8888; 0 = a free port)
//   --private    tests: an own throw-away redis-server on a free port without persistence (never
//                127.0.0.1:6379 nor .data/), a throw-away admin password, a free port unless --port
//
// Prints one line when ready (`Ready: http://localhost:8888 — admin password: …`) and stops cleanly on
// SIGINT/SIGTERM. The parts live in dev/runtime/: the command line (args), the stand-ins for the
// hosted services (*-stand-in, run by stand-ins), supervision and shutdown (supervisor), the static
// site (static-site), the HTTP server in front of it and the functions (request-bridge) and the
// runtime's own endpoint (control); the functions' bundling, hosting and schedules in dev/functions/.
// Never deployed.
import { pathToFileURL } from 'node:url';
import { freePort } from './free-port.mjs';
import { buildSiteAndFunctions } from './build';
import { assertBundlesMatchSources, loadBundledFunctionHost, readBundleManifest } from './functions/bundled-functions';
import { FUNCTION_SOURCES_DIRECTORY } from './functions/prebundle';
import { Scheduler } from './functions/scheduler';
import { adminPassword } from './runtime/admin-password-stand-in';
import { parseRuntimeArgs } from './runtime/args';
import { startRequestBridge } from './runtime/request-bridge';
import { startStandIns } from './runtime/stand-ins';
import { assertSiteBuilt, startStaticSite, stopStaticSite, warmUp } from './runtime/static-site';
import { store } from './runtime/store-stand-in';
import { mail } from './runtime/mail-stand-in';
import { stripe } from './runtime/stripe-stand-in';
import { contentEditor } from './runtime/content-editor-stand-in';
import { assertPortFree, installShutdown } from './runtime/supervisor';

/** The hosted services `npm start` stands in for, started in this order. */
const STAND_INS = [store, adminPassword, stripe, mail, contentEditor];

async function main(): Promise<void> {
  const shutdown = installShutdown();
  try {
    const args = parseRuntimeArgs(process.argv.slice(2));
    await assertPortFree(args.port);

    if (args.build) {
      await buildSiteAndFunctions((child) => shutdown.onShutdown(() => child.stop()));
      if (shutdown.shuttingDown()) return;
    }
    await assertSiteBuilt();
    await assertBundlesMatchSources(await readBundleManifest(), FUNCTION_SOURCES_DIRECTORY);

    const port = args.port === 0 ? await freePort() : args.port;
    const origin = `http://localhost:${port}`;
    await assertPortFree(port);

    const standIns = await startStandIns(STAND_INS, { private: args.private, siteUrl: origin });
    shutdown.onShutdown(() => standIns.close());
    if (shutdown.shuttingDown()) return;
    const site = await startStaticSite(origin);
    shutdown.onShutdown(() => stopStaticSite(site));
    if (shutdown.shuttingDown()) return;
    const functions = await loadBundledFunctionHost();
    // Calls still running (waitUntil work) finish before the stand-ins they use stop.
    shutdown.onShutdown(() => functions.drain());
    if (shutdown.shuttingDown()) return;
    const scheduler = new Scheduler(functions, origin);
    const bridge = await startRequestBridge({ port, origin, site, functions, scheduler, editorBackend: standIns.env['CONTENT_EDITOR_BACKEND'] });
    shutdown.onShutdown(() => bridge.close());
    scheduler.start();
    shutdown.onShutdown(async () => scheduler.stop());

    await warmUp(site, origin);
    if (shutdown.shuttingDown()) return;

    for (const note of standIns.notes) process.stdout.write(`${note}\n`);
    process.stdout.write('  The built site shows saved edits after the next build (npm start again); npm run dev shows them at once.\n');
    process.stdout.write(`Ready: ${[origin, ...standIns.readyPhrases].join(' — ')}\n`);
  } catch (error) {
    await shutdown.fail(error);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main();
}
