// `npm run bench:pages`: the information pages' budgets, printed as a table.
//
//   npm run build && npm run bench:pages            # serves dist/ through the local runtime
//   npm run bench:pages -- --url http://host:port   # measures a site that is already running
//   npm run bench:pages -- --runs 3                 # median of several Lighthouse runs per page
//   npm run bench:pages -- --pages /,/contact       # only these pages
//
// For every information page: the JavaScript it loads (gzip bytes; budget 4 KB, no React), and
// Lighthouse with its mobile preset (Moto G-class device, slow 4G, 4x CPU) in Debian's Chromium:
// performance, accessibility, best practices, SEO (budget 0.98 each), CLS (0) and LCP (≤ 2.0 s).
// For the home page also the bytes loaded before the hero video starts (budget 600 KB).
// Builds nothing itself: run `npm run build` first. Exits 1 when a budget is missed.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from '../free-port.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PAGES = ['/', '/about', '/memberships', '/events', '/menu', '/contact', '/league', '/404.html'] as const;
/**
 * The budgets cover the information pages. /events hosts the booking dialog island, which
 * loads only when a visitor reaches for a booking button: it is measured and shown, not budgeted.
 */
const ISLAND_PAGES: ReadonlySet<string> = new Set(['/events']);
const BUDGET = { jsGzip: 4096, score: 0.98, cls: 0, lcpMs: 2000, homeBytesBeforeVideo: 600 * 1024 };
const VIDEO = /\/media\/hero\.(?:mp4|webm)(?:\?|$)/;
/** The 404 page is never indexed (noindex): its SEO score leaves out the crawlability audit. */
const NOINDEX_PAGES: ReadonlySet<string> = new Set(['/404.html']);

/** Requests every page and the files it links once, so no measurement pays for a cold start of the runtime. */
async function warmUp(base: string): Promise<void> {
  for (const page of PAGES) {
    const html = await (await fetch(base + page)).text();
    const assets = [...html.matchAll(/(?:href|src|srcset)="([^"]+)"/g)].flatMap((match) => match[1]!.split(',').map((part) => part.trim().split(' ')[0]!));
    await Promise.all([...new Set(assets.filter((asset) => asset.startsWith('/_astro/')))].map(async (asset) => (await fetch(base + asset)).arrayBuffer()));
  }
}

/** Starts `dev/start.ts --no-build --private` and resolves with its address once it prints "Ready:". */
async function startRuntime(): Promise<{ url: string; child: ChildProcess }> {
  if (!existsSync(`${root}dist/index.html`)) throw new Error('dist/ is missing: run `npm run build` first.');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'dev/start.ts', '--no-build', '--private', '--port', String(port)], {
    cwd: root,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NETLIFY_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The runtime did not print "Ready:" within 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Ready: (http:\/\/\S+)/.exec(output);
      if (ready?.[1]) {
        clearTimeout(timer);
        resolve(ready[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The runtime exited (${code}) before it was ready:\n${output}`));
    });
  });
  return { url: url.replace(/\/$/, ''), child };
}

/** gzip bytes of the JavaScript a page loads (external module scripts and inline scripts; JSON-LD excluded). */
async function pageJavaScript(base: string, path: string): Promise<{ gzip: number; react: boolean }> {
  const html = await (await fetch(base + path)).text();
  const sources: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/type=["']?application\/ld\+json/i.test(attributes)) continue;
    const src = /\bsrc=["']?([^"' >]+)/i.exec(attributes)?.[1];
    sources.push(src ? await (await fetch(new URL(src, base + path))).text() : (match[2] ?? ''));
  }
  const imports = sources.flatMap((source) => [...source.matchAll(/\bimport\s*(?:[^'"]*from\s*)?["'](\/_astro\/[^"']+\.js)["']/g)].map((m) => m[1]!));
  for (const file of new Set(imports)) sources.push(await (await fetch(base + file)).text());
  return {
    gzip: sources.reduce((sum, source) => sum + (source.trim() ? gzipSync(source).length : 0), 0),
    // An island hydrating on load or idle brings React with it; one that waits for an interaction does not.
    react: /<astro-island\b(?![^>]*\bclient="interaction")/i.test(html) || sources.some((source) => /react-dom|__reactFiber|react\.production/i.test(source)),
  };
}

interface Row {
  page: string;
  jsGzip: number;
  react: boolean;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  lcpMs: number;
  bytesBeforeVideo?: number;
  notes: string[];
}

type Audit = { score: number | null; numericValue?: number; title: string; displayValue?: string; details?: { type?: string; items?: Array<Record<string, unknown>> } };
type Lhr = { categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>; audits: Record<string, Audit> };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** What dominates a weak performance score: the LCP element and the failing weighted audits. */
function performanceNotes(lhr: Lhr): string[] {
  const notes: string[] = [];
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0] as { items?: Array<{ node?: { snippet?: string } }> } | undefined;
  const snippet = lcpElement?.items?.[0]?.node?.snippet;
  if (snippet) notes.push(`LCP element: ${snippet.slice(0, 110)}`);
  for (const ref of lhr.categories['performance']?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (audit && ref.weight > 0 && audit.score !== null && audit.score < 0.9) notes.push(`${audit.title}: ${audit.displayValue ?? ''} (score ${audit.score})`);
  }
  for (const [id, audit] of Object.entries(lhr.audits)) {
    if ((id.endsWith('-insight') || audit.details?.type === 'opportunity') && audit.score !== null && audit.score < 0.5) notes.push(`${audit.title} ${audit.displayValue ?? ''}`.trim());
  }
  return notes;
}

async function main() {
  const { values } = parseArgs({ options: { url: { type: 'string' }, runs: { type: 'string', default: '1' }, pages: { type: 'string' } } });
  const runs = Math.max(1, Number(values.runs) || 1);
  const pages = values.pages ? values.pages.split(',').map((page) => page.trim()) : [...PAGES];
  const runtime = values.url ? undefined : await startRuntime();
  const base = (values.url ?? runtime!.url).replace(/\/$/, '');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
  const rows: Row[] = [];
  try {
    await warmUp(base);
    console.log(`Measuring ${base} (Lighthouse mobile preset, ${runs} run${runs > 1 ? 's' : ''} per page)…`);
    for (const page of pages) {
      const js = await pageJavaScript(base, page);
      const results: Lhr[] = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(`${base}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          ...(NOINDEX_PAGES.has(page) ? { skipAudits: ['is-crawlable'] } : {}),
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
        const lhr = result.lhr as unknown as Lhr & { runtimeError?: { code: string; message: string } };
        if (lhr.runtimeError) console.log(`  ${page}: Lighthouse could not measure the page (${lhr.runtimeError.code}: ${lhr.runtimeError.message})`);
        results.push(lhr);
      }
      const pick = (read: (lhr: Lhr) => number) => median(results.map(read));
      const score = (id: string) => pick((lhr) => lhr.categories[id]?.score ?? 0);
      const row: Row = {
        page,
        jsGzip: js.gzip,
        react: js.react,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        cls: pick((lhr) => lhr.audits['cumulative-layout-shift']?.numericValue ?? 0),
        lcpMs: pick((lhr) => lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        notes: [],
      };
      const worst = results.reduce((a, b) => ((a.categories['performance']?.score ?? 0) <= (b.categories['performance']?.score ?? 0) ? a : b));
      if (row.performance < BUDGET.score || row.lcpMs > BUDGET.lcpMs) row.notes.push(...performanceNotes(worst));
      for (const [id, category] of Object.entries(worst.categories)) {
        if (id === 'performance' || (category.score ?? 0) >= BUDGET.score) continue;
        for (const ref of category.auditRefs) {
          const audit = worst.audits[ref.id];
          if (audit && ref.weight > 0 && audit.score !== null && audit.score < 1) row.notes.push(`${id}: ${audit.title}`);
        }
      }
      if (page === '/') {
        // Everything the page loads except the hero video, which only starts after the load event.
        const items = (worst.audits['network-requests']?.details?.items ?? []) as Array<{ url: string; transferSize?: number }>;
        row.bytesBeforeVideo = items.filter((item) => !VIDEO.test(item.url)).reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
      }
      rows.push(row);
      console.log(`  ${page} done`);
    }
  } finally {
    chrome.kill();
    if (runtime) runtime.child.kill('SIGTERM');
  }

  const fmtScore = (value: number) => value.toFixed(2);
  const table = rows.map((row) => ({
    page: row.page === '/404.html' ? '404 (noindex)' : ISLAND_PAGES.has(row.page) ? `${row.page} (island, not budgeted)` : row.page,
    'JS gzip': `${(row.jsGzip / 1024).toFixed(2)} KB${row.react ? ' REACT' : ''}`,
    perf: fmtScore(row.performance),
    a11y: fmtScore(row.accessibility),
    'best-pr.': fmtScore(row.bestPractices),
    seo: fmtScore(row.seo),
    CLS: row.cls.toFixed(3),
    'LCP s': (row.lcpMs / 1000).toFixed(2),
    'bytes before video': row.bytesBeforeVideo === undefined ? '' : `${(row.bytesBeforeVideo / 1024).toFixed(0)} KB`,
  }));
  console.table(table);

  const misses: string[] = [];
  for (const row of rows.filter((measured) => !ISLAND_PAGES.has(measured.page))) {
    if (row.react) misses.push(`${row.page}: loads React`);
    if (row.jsGzip > BUDGET.jsGzip) misses.push(`${row.page}: ${row.jsGzip} B of gzipped JavaScript > ${BUDGET.jsGzip}`);
    for (const [name, value] of [['performance', row.performance], ['accessibility', row.accessibility], ['best practices', row.bestPractices], ['SEO', row.seo]] as const) {
      if (value < BUDGET.score) misses.push(`${row.page}: ${name} ${value} < ${BUDGET.score}`);
    }
    if (row.cls > BUDGET.cls) misses.push(`${row.page}: CLS ${row.cls}`);
    if (row.lcpMs > BUDGET.lcpMs) misses.push(`${row.page}: LCP ${Math.round(row.lcpMs)} ms > ${BUDGET.lcpMs}`);
    if (row.bytesBeforeVideo !== undefined && row.bytesBeforeVideo > BUDGET.homeBytesBeforeVideo) misses.push(`${row.page}: ${row.bytesBeforeVideo} B before the video > 600 KB`);
    for (const note of row.notes) console.log(`  ${row.page}: ${note}`);
  }
  if (misses.length > 0) {
    console.log(`\nBudgets missed:\n${misses.map((miss) => `  - ${miss}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('\nEvery budget is met.');
  }
}

await main();
