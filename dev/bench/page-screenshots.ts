// Full-page screenshots of the public pages, to prove a markup refactoring changed nothing a visitor sees.
//
//   node --import tsx dev/bench/page-screenshots.ts shoot <dist> <out>     # PNGs of every page at 390 and 1440 px
//   node --import tsx dev/bench/page-screenshots.ts compare <before> <after>  # differing pixels per page and width
//   node --import tsx dev/bench/page-screenshots.ts bytes <dist>            # inline CSS and JS bytes per page
//
// `shoot` serves a built dist/ with a plain static file server (visuals only: no functions) and takes
// each page in Debian's Chromium with reduced motion, no animations or transitions, the hero video
// paused on its poster and lazy images loaded. `compare` decodes both PNGs to raw RGBA and counts the
// pixels that differ; a page whose height changed counts every pixel of the taller part as differing.
// Exits 1 when any page differs.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright';
import sharp from 'sharp';
import { candidatePaths, contentTypeOf } from './cdn';

const PAGES = [
  '/',
  '/about',
  '/memberships',
  '/events',
  '/menu',
  '/contact',
  '/league',
  '/league-registration',
  '/membership-checkout',
  '/member-login',
  '/404.html',
] as const;
const WIDTHS = [390, 1440] as const;

/** Serves `dist` as Netlify would for static files: /about → /about/index.html. */
function serve(dist: string): Promise<Server> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = candidatePaths(pathname).map((candidate) => path.join(dist, candidate)).find((full) => full.startsWith(dist) && existsSync(full) && statSync(full).isFile());
    if (!file) {
      response.writeHead(404, { 'content-type': contentTypeOf('404.html') });
      createReadStream(path.join(dist, '404.html')).pipe(response);
      return;
    }
    response.writeHead(200, { 'content-type': contentTypeOf(file) });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const STILL_CSS = `*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }
video { visibility: hidden !important; }`;

/**
 * Pauses the videos, loads every lazy image and waits for the fonts. Content rendered on approach
 * (content-visibility: auto) is rendered all at once with the containment it has when in view, as a
 * visitor sees each part: a full-page capture never brings it into the viewport. A string, not a
 * function: tsx would wrap a function's inner functions in a helper the browser does not have.
 */
const SETTLE_PAGE = `(async () => {
  document.querySelectorAll('video').forEach((video) => video.pause());
  for (const element of document.querySelectorAll('body *')) {
    if (getComputedStyle(element).contentVisibility !== 'auto') continue;
    element.style.contentVisibility = 'visible';
    element.style.contain = 'layout style paint';
  }
  const images = [...document.querySelectorAll('img')];
  images.forEach((image) => { image.loading = 'eager'; });
  for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
    scrollTo(0, y);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  scrollTo(0, 0);
  await Promise.all(images.map((image) => image.complete ? undefined : new Promise((resolve) => {
    image.addEventListener('load', resolve, { once: true });
    image.addEventListener('error', resolve, { once: true });
  })));
  await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
  await document.fonts.ready;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
})()`;

function fileName(page: string, width: number): string {
  const name = page === '/' ? 'home' : page.replace(/^\//, '').replace(/\.html$/, '').replace(/\//g, '-');
  return `${name}-${width}.png`;
}

async function shoot(dist: string, out: string): Promise<void> {
  await mkdir(out, { recursive: true });
  const server = await serve(path.resolve(dist));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce', deviceScaleFactor: 1 });
      // Requests to other sites (the contact page's map, booking links) are answered empty so the shots never depend on the network.
      await context.route((url) => !url.href.startsWith(base), (route) => route.fulfill({ status: 204, body: '' }));
      const page = await context.newPage();
      for (const pagePath of PAGES) {
        await page.goto(base + pagePath, { waitUntil: 'load' });
        await page.addStyleTag({ content: STILL_CSS });
        await page.evaluate(SETTLE_PAGE);
        await page.waitForTimeout(150);
        await page.screenshot({ path: path.join(out, fileName(pagePath, width)), fullPage: true, animations: 'disabled' });
      }
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
}

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

async function decode(file: string): Promise<Raw> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

interface Difference {
  count: number;
  /** The largest difference of one colour channel (0-255) among pixels both images have. */
  maxDelta: number;
  /** The box around the differing pixels, "x0,y0-x1,y1", or '' when none differ. */
  box: string;
}

/** Pixels whose RGBA differs, over the larger of the two images (pixels only one image has count as differing). */
function differingPixels(a: Raw, b: Raw): Difference {
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  let count = 0;
  let maxDelta = 0;
  const box = { x0: width, y0: height, x1: -1, y1: -1 };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const outside = x >= a.width || x >= b.width || y >= a.height || y >= b.height;
      const i = (y * a.width + x) * 4;
      const j = (y * b.width + x) * 4;
      const delta = outside ? 0 : Math.max(...[0, 1, 2, 3].map((channel) => Math.abs(a.data[i + channel]! - b.data[j + channel]!)));
      maxDelta = Math.max(maxDelta, delta);
      if (outside || delta > 0) {
        count += 1;
        box.x0 = Math.min(box.x0, x);
        box.y0 = Math.min(box.y0, y);
        box.x1 = Math.max(box.x1, x);
        box.y1 = Math.max(box.y1, y);
      }
    }
  }
  return { count, maxDelta, box: count > 0 ? `${box.x0},${box.y0}-${box.x1},${box.y1}` : '' };
}

async function compare(before: string, after: string): Promise<boolean> {
  const names = (await readdir(before)).filter((name) => name.endsWith('.png')).sort();
  let same = true;
  console.log('page-width'.padEnd(28), 'before'.padStart(12), 'after'.padStart(12), 'differing px'.padStart(14), 'max delta'.padStart(10), '  where');
  for (const name of names) {
    const [a, b] = await Promise.all([decode(path.join(before, name)), decode(path.join(after, name))]);
    const differing = differingPixels(a, b);
    if (differing.count > 0) same = false;
    console.log(name.replace(/\.png$/, '').padEnd(28), `${a.width}x${a.height}`.padStart(12), `${b.width}x${b.height}`.padStart(12), String(differing.count).padStart(14), String(differing.maxDelta).padStart(10), ` ${differing.box}`);
  }
  return same;
}

/** The CSS and JavaScript each page ships: inline <style>/<script> bodies plus the files it links. */
async function bytes(dist: string): Promise<void> {
  console.log('page'.padEnd(24), 'css bytes'.padStart(10), 'js bytes'.padStart(10));
  for (const page of PAGES) {
    const file = page.endsWith('.html') ? path.join(dist, page) : path.join(dist, page, 'index.html');
    const html = await readFile(file, 'utf8');
    const inline = (tag: string) => [...html.matchAll(new RegExp(`<${tag}(?![^>]*type="application/ld\\+json")[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].reduce((sum, match) => sum + Buffer.byteLength(match[1]!), 0);
    const linked = async (pattern: RegExp) => {
      let sum = 0;
      for (const match of html.matchAll(pattern)) sum += (await readFile(path.join(dist, match[1]!))).length;
      return sum;
    };
    const css = inline('style') + (await linked(/<link rel="stylesheet" href="([^"]+)"/g));
    const js = inline('script') + (await linked(/<script[^>]*src="([^"]+)"/g)) + (await linked(/component-url="([^"]+)"/g)) + (await linked(/renderer-url="([^"]+)"/g));
    console.log(page.padEnd(24), String(css).padStart(10), String(js).padStart(10));
  }
}

const [command, first, second] = process.argv.slice(2);
if (command === 'shoot' && first && second) await shoot(first, second);
else if (command === 'compare' && first && second) process.exitCode = (await compare(first, second)) ? 0 : 1;
else if (command === 'bytes' && first) await bytes(first);
else {
  console.error('usage: page-screenshots.ts shoot <dist> <out> | compare <before> <after> | bytes <dist>');
  process.exitCode = 2;
}
