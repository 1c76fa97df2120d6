// `npm start`: builds the site and serves dist/ exactly as production would — static files,
// netlify.toml/_redirects redirects and headers through Netlify's own local runtime library (@netlify/dev's
// NetlifyDev), and the functions at their `config.path`, loaded once and kept warm as deployed instances
// are (dev/function-host.ts) — offline, with local stand-ins for the hosted services.
//
//   node --import tsx dev/start.ts [--no-build] [--port N] [--private]
//
//   --no-build   serve the existing dist/
//   --port N     listen on N (else $PORT, else 8888; 0 = a free port)
//   --private    tests: an own throw-away redis-server on a free port without persistence (never
//                127.0.0.1:6379 nor .data/), a throw-away admin password, a free port unless --port
//
// Prints one line when ready (`Ready: http://localhost:8888 — admin password: …`) and stops cleanly on
// SIGINT/SIGTERM. The parts live in dev/runtime/: the command line (args), the stand-ins for the
// hosted services (*-stand-in, run by stand-ins), supervision and shutdown (supervisor), the static
// site (static-site) and the HTTP server in front of it and the functions (request-bridge). Never deployed.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from './free-port.mjs';
import { loadFunctionHost } from './function-host';
import { adminPassword } from './runtime/admin-password-stand-in';
import { parseRuntimeArgs } from './runtime/args';
import { projectRoot } from './runtime/project-root';
import { startRequestBridge } from './runtime/request-bridge';
import { startStandIns } from './runtime/stand-ins';
import { assertSiteBuilt, startStaticSite, stopStaticSite, warmUp } from './runtime/static-site';
import { store } from './runtime/store-stand-in';
import { stripe } from './runtime/stripe-stand-in';
import { assertPortFree, astroCommand, installShutdown, startChild } from './runtime/supervisor';

/** The hosted services `npm start` stands in for, started in this order. */
const STAND_INS = [store, adminPassword, stripe];

async function main(): Promise<void> {
  const shutdown = installShutdown();
  try {
    const args = parseRuntimeArgs(process.argv.slice(2));
    await assertPortFree(args.port);

    if (args.build) {
      const build = startChild(...astroCommand(['build']));
      shutdown.onShutdown(() => build.stop());
      const code = await build.exit;
      if (shutdown.shuttingDown()) return;
      if (code !== 0) throw new Error(`astro build failed (exit ${code})`);
    }
    await assertSiteBuilt();

    const port = args.port === 0 ? await freePort() : args.port;
    const origin = `http://localhost:${port}`;
    await assertPortFree(port);

    const standIns = await startStandIns(STAND_INS, { private: args.private, siteUrl: origin });
    shutdown.onShutdown(() => standIns.close());
    if (shutdown.shuttingDown()) return;
    const site = await startStaticSite(origin);
    shutdown.onShutdown(() => stopStaticSite(site));
    if (shutdown.shuttingDown()) return;
    const functions = await loadFunctionHost(join(projectRoot, 'netlify', 'functions'));
    if (shutdown.shuttingDown()) return;
    const bridge = await startRequestBridge({ port, origin, site, functions });
    shutdown.onShutdown(() => bridge.close());

    await warmUp(site, origin);
    if (shutdown.shuttingDown()) return;

    for (const note of standIns.notes) process.stdout.write(`${note}\n`);
    process.stdout.write(`Ready: ${[origin, ...standIns.readyPhrases].join(' — ')}\n`);
  } catch (error) {
    await shutdown.fail(error);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main();
}
