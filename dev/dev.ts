// `npm run dev`: `astro dev` with hot reload, the functions served inside it by @netlify/vite-plugin
// (astro.config.mjs adds it when NETLIFY_VITE_PLUGIN=1), and the same local stand-ins as `npm start`
// (Redis + Upstash REST bridge, admin password, Stripe emulator, mail catcher, the content editor's
// local backend, SITE_URL): /admin/content edits src/content/ and the page hot-reloads.
//
//   node --import tsx dev/dev.ts [--port N] [--private]
//
//   --port N     astro dev's port (else $PORT, else 4321; 0 = a free port)
//   --private    an own throw-away redis-server without persistence, as in `dev/start.ts --private`
//
// Never deployed.
import { pathToFileURL } from 'node:url';
import { freePort } from './free-port.mjs';
import { adminPassword } from './runtime/admin-password-stand-in';
import { parseRuntimeArgs } from './runtime/args';
import { startStandIns } from './runtime/stand-ins';
import { store } from './runtime/store-stand-in';
import { mail } from './runtime/mail-stand-in';
import { stripe } from './runtime/stripe-stand-in';
import { contentEditor } from './runtime/content-editor-stand-in';
import { assertPortFree, astroCommand, installShutdown, startChild } from './runtime/supervisor';

const DEFAULT_DEV_PORT = 4321;
/** The hosted services `npm run dev` stands in for, started in this order. */
const STAND_INS = [store, adminPassword, stripe, mail, contentEditor];
/** How long astro dev may take to stop on SIGTERM before it is killed. */
const ASTRO_STOP_LIMIT_MS = 8000;

async function main(): Promise<void> {
  const shutdown = installShutdown();
  try {
    const env = { ...process.env };
    if (!process.argv.includes('--port') && !env['PORT']?.trim()) env['PORT'] = String(DEFAULT_DEV_PORT);
    const args = parseRuntimeArgs(process.argv.slice(2), env, false);
    const port = args.port === 0 ? await freePort() : args.port;
    await assertPortFree(port);
    const origin = `http://localhost:${port}`;

    const standIns = await startStandIns(STAND_INS, { private: args.private, siteUrl: origin });
    shutdown.onShutdown(() => standIns.close());
    if (shutdown.shuttingDown()) return;
    process.env['NETLIFY_VITE_PLUGIN'] = '1';
    for (const note of standIns.notes) process.stdout.write(`${note}\n`);
    process.stdout.write(`Dev server: ${[origin, standIns.readyPhraseOf(adminPassword), standIns.readyPhraseOf(mail)].filter(Boolean).join(' — ')}\n`);

    const astro = startChild(...astroCommand(['dev', '--port', String(port)]));
    shutdown.onShutdown(() => astro.stop(ASTRO_STOP_LIMIT_MS));
    const code = await astro.exit;
    if (shutdown.shuttingDown()) return;
    // astro dev ended on its own (crashed or was killed): clean up and pass its exit code on.
    await shutdown.fail(new Error(`astro dev exited with code ${code}`));
  } catch (error) {
    await shutdown.fail(error);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main();
}
