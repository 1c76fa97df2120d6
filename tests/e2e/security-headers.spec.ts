// Security headers as the local runtime serves them (Netlify's own header handling, reading the build's
// dist/_headers): every built page, an unknown path, a few static files, and every function path.
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIResponse } from '@playwright/test';
import site from '../../src/content/site.json' with { type: 'json' };
import { FUNCTION_SECURITY_HEADERS, parsePolicy, STATIC_SECURITY_HEADERS } from '../../src/security/headers';
import { functionFiles } from '../support/function-paths';
import { CONTENT_EDITOR_PATH } from '../../src/features/content-editor/config';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

/** Every built page as the path a visitor requests: `about/index.html` → `/about`, `404.html` → `/404.html`. */
const pagePaths = readdirSync(dist, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.html'))
  .map((file) => `/${file.split('\\').join('/')}`.replace(/\/index\.html$/, '') || '/')
  .sort();

/** Every function path, with a placeholder for route parameters. */
const functionPaths = functionFiles().flatMap((file) => (file.paths ?? []).map((path) => path.replace(/:[A-Za-z]+/g, 'security-check')));

/** Independent of the build's own scanner: hashes of the inline <script>s that are not JSON data blocks. */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc=/i.test(` ${attributes}`) || /type=["']?application\/(?:ld\+)?json/i.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text!).digest('base64')}'`);
  }
  return [...hashes].sort();
}

function expectHeaders(response: APIResponse, expected: Readonly<Record<string, string>>, what: string): void {
  const headers = response.headers();
  for (const [name, value] of Object.entries(expected)) expect(headers[name.toLowerCase()], `${what}: ${name}`).toBe(value);
  // The essentials, whatever src/security/headers.ts says.
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['strict-transport-security'], what).toMatch(/^max-age=(\d+)/);
  expect(Number(/^max-age=(\d+)/.exec(headers['strict-transport-security'] ?? '')?.[1]), `${what}: HSTS max-age`).toBeGreaterThanOrEqual(31_536_000);
  expect(headers['referrer-policy'], what).toBeTruthy();
  expect(headers['permissions-policy'], what).toContain('camera=()');
}

/** The content editor alone: the CMS's 'unsafe-eval', GitHub's API and photo previews; still nothing inline by default, framed by no one. */
async function expectEditorPolicy(response: APIResponse): Promise<void> {
  const policy = parsePolicy(response.headers()['content-security-policy'] ?? '');
  expect(policy.get('script-src')?.sort()).toEqual(["'self'", "'unsafe-eval'", ...inlineScriptHashes(await response.text())].sort());
  expect(policy.get('connect-src')).toContain('https://api.github.com');
  expect(policy.get('frame-src')).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(response.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
}

async function expectPagePolicy(response: APIResponse, what: string): Promise<void> {
  const header = response.headers()['content-security-policy'];
  expect(header, `${what}: Content-Security-Policy`).toBeTruthy();
  const policy = parsePolicy(header!);
  const scripts = policy.get('script-src') ?? [];
  expect(scripts, what).toContain("'self'");
  expect(scripts, what).not.toContain("'unsafe-inline'");
  expect(scripts, what).not.toContain("'unsafe-eval'");
  expect(scripts.filter((source) => source.startsWith("'sha256-")).sort(), `${what}: script hashes = the page's inline scripts`).toEqual(inlineScriptHashes(await response.text()));
  expect(policy.get('frame-src'), what).toEqual([new URL(site.map.embedUrl).origin]);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('object-src'), what).toEqual(["'none'"]);
  expect(policy.get('base-uri'), what).toEqual(["'self'"]);
  expect(policy.get('default-src'), what).toEqual(["'self'"]);
}

test.describe('security headers', () => {
  test('every page carries the security headers and a policy allowing exactly its inline scripts', async ({ request }) => {
    expect(pagePaths).toContain('/');
    expect(pagePaths).toContain('/admin/login');
    for (const path of pagePaths) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      if (path === CONTENT_EDITOR_PATH) {
        const { 'Cross-Origin-Opener-Policy': _opener, ...common } = STATIC_SECURITY_HEADERS;
        expectHeaders(response, common, path);
        await expectEditorPolicy(response);
        continue;
      }
      expectHeaders(response, STATIC_SECURITY_HEADERS, path);
      await expectPagePolicy(response, path);
    }
    expect(pagePaths).toContain(CONTENT_EDITOR_PATH);
    const missing = await request.get('/no-such-page/at-all');
    expect(missing.status()).toBe(404);
    expectHeaders(missing, STATIC_SECURITY_HEADERS, '404');
    await expectPagePolicy(missing, '404');
  });

  test('static files other than pages carry them too', async ({ request }) => {
    const home = await (await request.get('/')).text();
    const asset = /\/_astro\/[^"']+\.js/.exec(home)?.[0] ?? /\/_astro\/[^"']+/.exec(home)?.[0];
    for (const path of ['/robots.txt', '/favicon.svg', '/sitemap-index.xml', ...(asset ? [asset] : [])]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expectHeaders(response, STATIC_SECURITY_HEADERS, path);
    }
  });

  test('every function answer carries the security headers and a policy that allows nothing', async ({ request }) => {
    // Every function with a public path (scheduled ones have none) is reached at least once.
    expect(functionPaths.length).toBeGreaterThanOrEqual(functionFiles().filter((file) => file.schedule === null).length);
    for (const path of functionPaths) {
      const response = await request.get(path, { maxRedirects: 0 });
      // A redirect (the e-mailed sign-in link) has no body; every other answer is JSON.
      if (response.status() === 303) expect(response.headers()['location'], path).toBeTruthy();
      else expect(response.headers()['content-type'], path).toContain('application/json');
      expectHeaders(response, FUNCTION_SECURITY_HEADERS, path);
      const policy = parsePolicy(response.headers()['content-security-policy'] ?? '');
      expect(policy.get('default-src'), path).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), path).toEqual(["'none'"]);
    }
  });

  test('no page breaks its policy in the browser', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`));
    });
    // Staff pages send a visitor without a session on to the login page themselves: follow that, as a
    // visitor's browser would, instead of racing page.goto against it.
    const trimmed = (path: string) => path.replace(/\/+$/, '') || '/';
    // The content editor is not behind the staff sign-in: it signs in with GitHub (locally: no sign-in).
    const landsOn = (path: string) => (path.startsWith('/admin') && path !== '/admin/login' && path !== CONTENT_EDITOR_PATH ? '/admin/login' : trimmed(path));
    for (const path of pagePaths) {
      await page.goto(path, { waitUntil: 'commit' });
      // A guard may replace the page before it loads (an awaited navigation would then abort): the
      // address is polled, then the load of the page it landed on awaited.
      await expect.poll(() => trimmed(new URL(page.url()).pathname), { message: path }).toBe(landsOn(path));
      await page.waitForLoadState('load');
      // Islands that load on interaction (the booking dialog) are run too: reach for their trigger.
      const trigger = page.locator('[data-booking-trigger]').first();
      if ((await trigger.count()) > 0) await trigger.hover();
      await page.waitForFunction(() => [...document.querySelectorAll('astro-island')].every((island) => !island.hasAttribute('ssr')));
    }
    expect(violations).toEqual([]);
  });
});
