import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './support/chromium';
import { shippedOpenInstant } from './support/shipped-calendar';

const root = fileURLToPath(new URL('..', import.meta.url));

/** One free port per run, chosen once in the main process; workers inherit it through the environment. */
function freePort(name: string): string {
  const chosen = process.env[name] ?? execFileSync(process.execPath, [fileURLToPath(new URL('./support/free-port.mjs', import.meta.url))], { encoding: 'utf8' });
  process.env[name] = chosen;
  return chosen;
}

const port = freePort('E2E_PORT');
export const baseURL = `http://localhost:${port}`;
/**
 * The folder whose src/content/ the runtime's content editor writes: a copy of the shipped content made
 * once per run (workers inherit it), so the editor's e2e never touches the working tree.
 */
function contentEditorRoot(): string {
  const existing = process.env['CONTENT_EDITOR_ROOT'];
  if (existing) return existing;
  const root = mkdtempSync(join(tmpdir(), 'e2e-content-'));
  cpSync(fileURLToPath(new URL('../src/content', import.meta.url)), join(root, 'src', 'content'), { recursive: true });
  process.env['CONTENT_EDITOR_ROOT'] = root;
  return root;
}
const contentRoot = contentEditorRoot();

/** The runtime's local mail catcher (its web page and JSON API), where the e2e tests find what the site sent. */
export const mailCatcherURL = `http://127.0.0.1:${freePort('E2E_MAIL_PORT')}`;

export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env['CI']),
  retries: process.env['CI'] ? 1 : 0,
  // Two browsers at a time: on CI's 2 cores more only make every page slower.
  workers: 2,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env['CI'] ? [['list'], ['github']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    {
      name: 'phone',
      // Headers do not depend on the width: the desktop project checks them.
      // One width is enough for the mail: what is sent does not depend on it; nor for the content editor's files.
      // League play saves its week once per run, and the event quote journey takes every bay of one
      // evening: the desktop project runs them, each checking 390 px itself.
      // Moving a booking is the manage page's journey at any width: the desktop project runs it.
      testIgnore: [/runtime\.spec\.ts/, /admin\.spec\.ts/, /security-headers\.spec\.ts/, /mail\.spec\.ts/, /content-editor\.spec\.ts/, /league-play\.spec\.ts/, /event-quote-journey\.spec\.ts/, /bay-reschedule\.spec\.ts/],
      use: { browserName: 'chromium', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
    },
    {
      name: 'desktop',
      testIgnore: [/runtime\.spec\.ts/, /admin\.spec\.ts/],
      use: { browserName: 'chromium', viewport: { width: 1440, height: 900 } },
    },
    // The admin journey deletes every registration of the run's shared store ('Delete All'), so it
    // runs after the other projects; it checks the 390 px layout itself.
    {
      name: 'admin',
      testMatch: /admin\.spec\.ts/,
      dependencies: ['phone', 'desktop'],
      use: { browserName: 'chromium', viewport: { width: 1440, height: 900 } },
    },
    // The runtime's own start/stop tests start further runtimes (each a CPU spike while it loads), so
    // they run last, once every browser test is done, and never slow a browser journey down.
    {
      name: 'runtime',
      testMatch: /runtime\.spec\.ts/,
      dependencies: ['admin'],
      fullyParallel: false,
    },
  ],
  webServer: {
    // The production build (dist/, built by the test command before this runs) through the local runtime,
    // with a private redis-server and free ports, so a run never touches local data.
    command: `node --import tsx dev/start.ts --no-build --private --port ${port}`,
    cwd: root,
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      ADMIN_PASSWORD: process.env['E2E_ADMIN_PASSWORD'] ?? 'e2e-admin-password',
      MAIL_CATCHER_PORT: new URL(mailCatcherURL).port,
      CONTENT_EDITOR_ROOT: contentRoot,
      // The functions read the league's registration windows at this instant (a moment the shipped
      // sessions take registrations), so a run passes in any month; the pages' tests set the browser's clock to match.
      CALENDAR_NOW: shippedOpenInstant().toISOString(),
      ASTRO_TELEMETRY_DISABLED: '1',
      NETLIFY_TELEMETRY_DISABLED: '1',
    },
  },
});
