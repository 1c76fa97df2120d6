// The static side of the site as Netlify serves it: dist/ with the netlify.toml/_redirects redirects
// and headers, through Netlify's own local runtime library (@netlify/dev's NetlifyDev), offline.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, warn } from './log';
import { projectRoot } from './project-root';

export type StaticSite = InstanceType<(typeof import('@netlify/dev'))['NetlifyDev']>;

const quietLogger = {
  log: (...args: unknown[]) => {
    if (process.env['DEBUG_LOCAL_RUNTIME']) console.error('[netlify]', ...args);
  },
  warn: (...args: unknown[]) => console.error('[netlify]', ...args),
  error: (...args: unknown[]) => console.error('[netlify]', ...args),
};

/** Rejects unless dist/ holds a built site. */
export async function assertSiteBuilt(): Promise<void> {
  try {
    await readFile(join(projectRoot, 'dist', 'index.html'));
  } catch {
    throw new Error('dist/index.html not found: build the site first (npm run build), or run without --no-build');
  }
}

export async function startStaticSite(serverAddress: string): Promise<StaticSite> {
  const { NetlifyDev } = await import('@netlify/dev');
  const site = new NetlifyDev({
    projectRoot,
    serverAddress,
    // Offline: no API token (no account, no linked-site lookups), none of the hosted-only features.
    apiToken: '',
    aiGateway: { enabled: false },
    blobs: { enabled: false },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
    // Functions are served warm by dev/function-host.ts: NetlifyDev would build each one into a fresh
    // directory and start a new worker for every call.
    functions: { enabled: false },
    skipGitignore: true,
    logger: quietLogger,
  });
  await site.start();
  return site;
}

export async function stopStaticSite(site: StaticSite): Promise<void> {
  await site.stop().catch((error: unknown) => warn(`stopping the Netlify runtime: ${describe(error)}`));
}

/** The first request loads the static, redirect and header rules: made before the ready line. */
export async function warmUp(site: StaticSite, origin: string): Promise<void> {
  const response = await site.handle(new Request(new URL('/', origin)));
  await response?.body?.cancel().catch(() => {});
}

/** The site's 404 page with status 404 (with the header rules production applies to it). */
export async function notFoundPage(site: StaticSite, origin: string, method: string): Promise<Response> {
  const page = await site.handle(new Request(new URL('/404.html', origin), { method: 'GET' }));
  if (page && page.status === 200) {
    const headers = new Headers(page.headers);
    headers.set('content-type', 'text/html; charset=utf-8');
    headers.delete('etag');
    headers.delete('last-modified');
    return new Response(method === 'HEAD' ? null : page.body, { status: 404, headers });
  }
  await page?.body?.cancel().catch(() => {});
  try {
    const html = await readFile(join(projectRoot, 'dist', '404.html'));
    return new Response(method === 'HEAD' ? null : html, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } });
  } catch {
    return new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
}
