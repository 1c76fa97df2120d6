// `npm run dev`: `astro dev` with hot reload, the functions served inside it by @netlify/vite-plugin
// (astro.config.mjs adds it when NETLIFY_VITE_PLUGIN=1), and the same local stand-ins as `npm start`
// (Redis + Upstash REST bridge, admin password, SITE_URL).
//
//   node --import tsx dev/dev.ts [--port N] [--private]
//
//   --port N     astro dev's port (else $PORT, else 4321; 0 = a free port)
//   --private    an own throw-away redis-server without persistence, as in `dev/start.ts --private`
//
// Never deployed.
import type { ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import {
  assertPortFree,
  installShutdown,
  astroCommand,
  parseRuntimeArgs,
  runChild,
  startStandIns,
  type StandIns,
} from './start';
import { freePort } from './redis-server';

const DEFAULT_DEV_PORT = 4321;

async function main(): Promise<void> {
  let standIns: StandIns | undefined;
  let child: ChildProcess | undefined;

  const stopChild = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    const force = setTimeout(() => running.kill('SIGKILL'), 8000);
    await exited;
    clearTimeout(force);
  };

  const shutdown = installShutdown(async () => {
    await stopChild();
    await standIns?.close();
  });

  try {
    const env = { ...process.env };
    if (!process.argv.includes('--port') && !env['PORT']?.trim()) env['PORT'] = String(DEFAULT_DEV_PORT);
    const args = parseRuntimeArgs(process.argv.slice(2), env, false);
    const port = args.port === 0 ? await freePort() : args.port;
    await assertPortFree(port);
    const origin = `http://localhost:${port}`;

    standIns = await startStandIns({ private: args.private, siteUrl: origin });
    if (shutdown.shuttingDown()) return;
    process.env['NETLIFY_VITE_PLUGIN'] = '1';
    process.stdout.write(`Store: ${standIns.storeDescription}\n`);
    process.stdout.write(`Dev server: ${origin} — ${standIns.adminDescription}\n`);

    const code = await runChild(...astroCommand(['dev', '--port', String(port)]), (running) => {
      if (running) child = running;
    });
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
