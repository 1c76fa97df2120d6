// `npm run bench:islands`: JavaScript each island page loads (gzip bytes, React included; budget 80 KB,
// 30 KB for the customer's event quote, tests/support/page-budgets.ts),
// measured in Debian's Chromium against dist/ served statically: on first load, and for islands that
// hydrate on interaction (the events page's booking dialog) what loads once a visitor reaches for a
// trigger, and that nothing of the island loads before. Staff pages are measured as signed-in staff
// load them (the sign-in remembered, the session confirmed), not the login page they would redirect to.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ADMIN_PAGES } from '../../src/features/staff/rules/pages';
import { adminVerify } from '../../src/features/staff/contract/admin-auth-verify';
import type { OkAnswer } from '../../src/shared/contract/common';
import { ADMIN_FLAG_KEY, ADMIN_LOGIN_PATH } from '../../src/features/staff/islands/admin-auth';
import { chromiumArgs, chromiumPath } from '../../tests/support/chromium';
import { BALANCE_PAGE_JS_GZIP_BYTES, GIFT_CARDS_PAGE_JS_GZIP_BYTES, QUOTE_PAGE_JS_GZIP_BYTES, STANDINGS_PAGE_JS_GZIP_BYTES } from '../../tests/support/page-budgets';
import { contentTypeOf } from './cdn';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const BUDGET_BYTES = 80 * 1024;
/** Pages with a budget of their own. */
const PAGE_BUDGETS: Readonly<Record<string, number>> = {
  '/events/quote?quote=x&token=y': QUOTE_PAGE_JS_GZIP_BYTES,
  '/gift-cards': GIFT_CARDS_PAGE_JS_GZIP_BYTES,
  '/gift-cards/balance': BALANCE_PAGE_JS_GZIP_BYTES,
  '/league/standings': STANDINGS_PAGE_JS_GZIP_BYTES,
};
const PAGES = [
  '/events',
  '/events/quote?quote=x&token=y',
  '/league-registration',
  '/league-success?session_id=cs_test_x',
  '/membership-checkout?tier=Bogey',
  '/membership-success?session_id=cs_test_x',
  '/member-login',
  '/book',
  '/book/success?booking=x&token=y',
  '/book/manage?booking=x&token=y',
  '/gift-cards',
  '/gift-cards/balance',
  '/league/standings',
  ADMIN_LOGIN_PATH,
  ...ADMIN_PAGES.map((page) => page.href),
];
const isStaffPage = (path: string) => path.startsWith('/admin') && path !== ADMIN_LOGIN_PATH;
const SIGNED_IN: OkAnswer = { ok: true };

function serveDist() {
  return createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (path.startsWith('/api/')) {
      response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"not served by this benchmark"}');
      return;
    }
    let file = join(dist, path);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) file = join(dist, '404.html');
    response.writeHead(200, { 'content-type': contentTypeOf(file) });
    createReadStream(file).pipe(response);
  });
}

async function main(): Promise<void> {
  if (!existsSync(join(dist, 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  const server = serveDist().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const rows: Array<Record<string, string>> = [];
  let failed = false;
  try {
    for (const path of PAGES) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      if (isStaffPage(path)) {
        // Signed in on this page only: the login page itself would go on to the dashboard.
        await page.addInitScript((key) => localStorage.setItem(key, 'true'), ADMIN_FLAG_KEY);
        await page.route(`**${adminVerify.path}`, (route) => (route.request().method() === adminVerify.method ? route.fulfill({ json: SIGNED_IN }) : route.fallback()));
      }
      const scripts = new Map<string, number>();
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        const body = await response.body().catch(() => Buffer.alloc(0));
        scripts.set(response.url(), gzipSync(body).length);
      });
      await page.goto(base + path, { waitUntil: 'networkidle' });
      const inlineBytes = async () => {
        const inline = await page.evaluate(() => [...document.querySelectorAll('script:not([src]):not([type="application/ld+json"])')].map((script) => script.textContent ?? ''));
        return inline.reduce((sum, source) => sum + (source.trim() ? gzipSync(source).length : 0), 0);
      };
      const loaded = async () => [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0) + (await inlineBytes());
      const onInteraction = await page.evaluate(() => document.querySelector('astro-island[client="interaction"]') !== null);
      let beforeInteraction: number | undefined;
      if (onInteraction) {
        // Nothing should hydrate until a visitor reaches for a trigger: wait a while, count, then hover one.
        await page.waitForTimeout(1500);
        beforeInteraction = await loaded();
        await page.hover('[data-booking-trigger]');
      }
      // Let idle-hydrated (or just triggered) islands load, then count what arrived.
      await page.waitForFunction(() => [...document.querySelectorAll('astro-island')].every((island) => !island.hasAttribute('ssr')), undefined, { timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      if (isStaffPage(path) && new URL(page.url()).pathname.replace(/\/$/, '') !== path) throw new Error(`${path} did not stay on its page (now ${page.url()}): its figure would be another page's`);
      const total = await loaded();
      const firstPaint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0);
      const island = await page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/_astro/') && entry.name.endsWith('.js')).map((entry) => entry.startTime).sort((a, b) => a - b)[0] ?? 0);
      const budget = PAGE_BUDGETS[path] ?? BUDGET_BYTES;
      const ok = total <= budget;
      failed ||= !ok;
      rows.push({
        page: path,
        files: String(scripts.size),
        'JS gzip before interaction': beforeInteraction === undefined ? '-' : `${(beforeInteraction / 1024).toFixed(1)} KB`,
        'JS gzip (all)': `${(total / 1024).toFixed(1)} KB`,
        budget: `≤ ${budget / 1024} KB`,
        ok: ok ? 'yes' : 'NO',
        'first paint': `${firstPaint.toFixed(0)} ms`,
        'first island JS requested': island ? `${island.toFixed(0)} ms` : '-',
      });
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  const columns = Object.keys(rows[0] ?? {});
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, index) => cell.padEnd(widths[index]!)).join(' | ')} |`;
  console.log(line(columns));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(columns.map((column) => row[column] ?? '')));
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
