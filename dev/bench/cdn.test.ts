import { createServer } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, listen, serverUrl } from '../http-server';
import { candidatePaths, startCdn, type CdnServer } from './cdn';

describe('candidatePaths', () => {
  it('tries the file, the folder index and the .html file, in that order', () => {
    expect(candidatePaths('/about')).toEqual(['/about', '/about/index.html', '/about.html']);
    expect(candidatePaths('/about/')).toEqual(['/about/index.html']);
    expect(candidatePaths('/')).toEqual(['/index.html']);
  });
});

describe('the CDN-like server of the page benchmarks', () => {
  let root: string;
  let cdn: CdnServer;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'cdn-test-'));
    const dist = join(root, 'dist');
    await mkdir(join(dist, 'about'), { recursive: true });
    await mkdir(join(dist, '_astro'), { recursive: true });
    await writeFile(join(dist, 'index.html'), '<h1>Home</h1>');
    await writeFile(join(dist, 'about', 'index.html'), '<h1>About</h1>');
    await writeFile(join(dist, '404.html'), '<h1>Not here</h1>');
    await writeFile(join(dist, '_astro', 'app.abc123.js'), 'console.log(1)');
    await writeFile(join(dist, '_headers'), "/*\n  X-Frame-Options: DENY\n  Content-Security-Policy: default-src 'self'\n\n/about/\n  Content-Security-Policy: default-src 'none'\n");
    await writeFile(join(root, 'netlify.toml'), '[[headers]]\n  for = "/_astro/*"\n  [headers.values]\n    Cache-Control = "public, max-age=31536000, immutable"\n');
    cdn = await startCdn(dist, join(root, 'netlify.toml'));
  });

  afterAll(async () => {
    await cdn.close();
    await rm(root, { recursive: true, force: true });
  });

  it('serves a folder page at its address with and without the slash, with the header rules of the more specific path last', async () => {
    for (const path of ['/about', '/about/']) {
      const response = await fetch(cdn.url + path);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('<h1>About</h1>');
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
      expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    }
  });

  it("applies netlify.toml's header rules beside the _headers file", async () => {
    const response = await fetch(`${cdn.url}/_astro/app.abc123.js`);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
  });

  it('answers an unknown path with the 404 page and status 404, and refuses methods a static file has not', async () => {
    const missing = await fetch(`${cdn.url}/nowhere`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('<h1>Not here</h1>');
    const post = await fetch(`${cdn.url}/`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const broken = await fetch(`${cdn.url}/%ZZ`);
    expect(broken.status).toBe(400);
  });
});

describe('the CDN-like server in front of a running site', () => {
  let root: string;
  let cdn: CdnServer;
  const site = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(req.url?.startsWith('/api/missing') ? 404 : 200, [
        'content-type', 'application/json',
        'set-cookie', 'member=1; HttpOnly',
        'set-cookie', 'seen=1',
      ]);
      res.end(JSON.stringify({ method: req.method, url: req.url, cookie: req.headers.cookie ?? null, body: Buffer.concat(chunks).toString() }));
    });
  });

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'cdn-api-test-'));
    await mkdir(join(root, 'dist'), { recursive: true });
    await writeFile(join(root, 'dist', 'index.html'), '<h1>Home</h1>');
    await writeFile(join(root, 'dist', '_headers'), '');
    await writeFile(join(root, 'netlify.toml'), '');
    const api = serverUrl('127.0.0.1', await listen(site, 0, '127.0.0.1'));
    cdn = await startCdn(join(root, 'dist'), join(root, 'netlify.toml'), { api });
  });

  afterAll(async () => {
    await cdn.close();
    await closeServer(site);
    await rm(root, { recursive: true, force: true });
  });

  it('passes /api/* with its method, query, cookies and body to the site and its answer back, every cookie it sets included', async () => {
    const response = await fetch(`${cdn.url}/api/bay-hold?x=1`, { method: 'POST', headers: { cookie: 'session=abc', 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ method: 'POST', url: '/api/bay-hold?x=1', cookie: 'session=abc', body: '{"a":1}' });
    expect(response.headers.getSetCookie()).toEqual(['member=1; HttpOnly', 'seen=1']);
    expect((await fetch(`${cdn.url}/api/missing`)).status).toBe(404);
  });

  it('still serves the built files itself', async () => {
    expect(await (await fetch(`${cdn.url}/`)).text()).toBe('<h1>Home</h1>');
  });
});
