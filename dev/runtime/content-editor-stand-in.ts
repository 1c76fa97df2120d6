// The content editor's local backend: decap-server (the CMS's own file-system proxy) on a free
// loopback port, so /admin/content edits the files instead of committing to GitHub. It edits the
// working tree's src/content/; in private runs (tests) CONTENT_EDITOR_ROOT when set, else a
// throw-away copy of src/content/. The site reaches it on its own origin at /admin/content/api/v1
// (dev/runtime/request-bridge.ts for `npm start`, the content-editor integration's proxy in `npm run dev`).
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { freePort } from '../free-port.mjs';
import { CONTENT_EDITOR_PATH } from '../../src/features/content-editor/config';
import { projectRoot } from './project-root';
import type { RunningStandIn, StandIn } from './stand-ins';

/** How long decap-server may take to answer after it starts. */
const START_LIMIT_MS = 15_000;

/** decap-server's own entry (its package's bin), run by this Node. */
function serverScript(): string {
  return join(dirname(createRequire(import.meta.url).resolve('decap-server/package.json')), 'dist', 'index.js');
}

async function answersInfo(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'info' }) });
    return response.ok;
  } catch {
    return false;
  }
}

/** The folder whose src/content/ the editor writes, and how to clean up after it. */
async function editedRoot(privateRun: boolean): Promise<{ root: string; cleanup?: () => Promise<void> }> {
  const chosen = process.env['CONTENT_EDITOR_ROOT']?.trim();
  if (chosen) return { root: chosen };
  if (!privateRun) return { root: projectRoot };
  const root = await mkdtemp(join(tmpdir(), 'content-editor-'));
  await cp(join(projectRoot, 'src', 'content'), join(root, 'src', 'content'), { recursive: true });
  return { root, cleanup: () => rm(root, { recursive: true, force: true }) };
}

export const contentEditor: StandIn = {
  name: 'the content editor backend',
  async start(context): Promise<RunningStandIn> {
    const { root, cleanup } = await editedRoot(context.private);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [serverScript()], {
      cwd: root,
      env: { ...process.env, PORT: String(port), BIND_HOST: '127.0.0.1', MODE: 'fs', GIT_REPO_DIRECTORY: root, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const close = async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await cleanup?.();
    };
    const deadline = Date.now() + START_LIMIT_MS;
    while (!(await answersInfo(`${url}/api/v1`))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        await close();
        throw new Error(`decap-server did not start on ${url}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const where = relative(projectRoot, join(root, 'src', 'content')) || 'src/content';
    return {
      env: { CONTENT_EDITOR_BACKEND: url },
      notes: [`Content editor: ${context.siteUrl}${CONTENT_EDITOR_PATH} edits ${where.startsWith('..') ? join(root, 'src', 'content') : where}/ (no sign-in on this machine)`],
      close,
    };
  },
};
