// `npm run bench:pages`: the information pages' budgets and those of /events and /book, printed as a table.
//
//   npm run build && npm run bench:pages            # serves dist/ as a CDN would (dev/bench/cdn.ts)
//   npm run bench:pages -- --runtime                # serves dist/ through the local runtime instead
//   npm run bench:pages -- --url http://host:port   # measures a site that is already running
//   npm run bench:pages -- --api http://host:port   # dist/ as a CDN would, /api/* from a running site (npm start)
//   npm run bench:pages -- --runs 3                 # median of several Lighthouse runs per page
//   npm run bench:pages -- --pages /,/contact       # only these pages
//   npm run bench:pages -- --compare HEAD~1         # also builds that commit (a throw-away git worktree
//                                                   # under the temp folder) and measures both builds in
//                                                   # alternating runs: its figures and ours/its ratios
//
// For every information page: the JavaScript it loads (gzip bytes; budget 4 KB, no React), and
// Lighthouse with its mobile preset (Moto G-class device, slow 4G, 4x CPU) in Debian's Chromium:
// performance, accessibility, best practices, SEO (budget 1 each), CLS (0), LCP (≤ 2.0 s) and Total
// Blocking Time (≤ 50 ms); and the CSS that must arrive before the first paint (inline styles and
// stylesheets linked in <head>; budget 8 KB gzip). Beside TBT, the main thread's CPU time over the
// load (all tasks, the longest, and how many paints) from the same trace: TBT is wall-clock and
// grows with the machine's load; CPU time is what the page asks of the browser (dev/bench/main-thread.ts).
// For the home page also the bytes loaded before the hero video starts (budget 600 KB).
// Builds nothing of this checkout itself: run `npm run build` first. Exits 1 when a budget is missed.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from '../free-port.mjs';
import { startCdn, type CdnServer } from './cdn';
import { mainThreadCpu, type MainThreadCpu, type TraceEvent } from './main-thread';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PAGES = ['/', '/about', '/memberships', '/events', '/menu', '/contact', '/league', '/privacy', '/terms', '/accessibility', '/book', '/404.html'] as const;
/**
 * /events hosts the booking dialog island (loaded when a visitor reaches for a booking button), /book
 * the booking form (React takes it over after the load event): their JavaScript is shown, budgeted by
 * bench:islands; every other budget holds. /book's free times come from the functions: from the built
 * files alone it says it could not load them; `--api` of a running site measures it as visitors see it.
 */
const ISLAND_PAGES: ReadonlySet<string> = new Set(['/events', '/book']);
const BUDGET = { jsGzip: 4096, cssFirstPaintGzip: 8192, score: 1, cls: 0, lcpMs: 2000, tbtMs: 50, homeBytesBeforeVideo: 600 * 1024 };
/** Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART): such a run is repeated, not counted. */
const ATTEMPTS = 3;
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

/** Starts `dev/start.ts --no-build --private` of the checkout in `directory` and resolves with its address once it prints "Ready:". */
async function startRuntime(directory: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'dev/start.ts', '--no-build', '--private', '--port', String(port)], {
    cwd: directory,
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

/**
 * gzip bytes of the CSS a page needs before its first paint: its inline <style> elements and the
 * stylesheets linked in <head> (render-blocking); and of the stylesheets it links later in <body>.
 */
async function pageStyles(base: string, path: string): Promise<{ firstPaintGzip: number; laterGzip: number }> {
  const html = await (await fetch(base + path)).text();
  const headEnd = html.indexOf('</head>');
  let firstPaint = '';
  let later = '';
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) firstPaint += match[1] ?? '';
  for (const match of html.matchAll(/<link\b[^>]*\brel=["']?stylesheet[^>]*>/gi)) {
    const href = /\bhref=["']?([^"' >]+)/i.exec(match[0])?.[1];
    if (!href) continue;
    const css = await (await fetch(new URL(href, base + path))).text();
    if ((match.index ?? 0) < headEnd) firstPaint += css;
    else later += css;
  }
  const gzip = (text: string) => (text ? gzipSync(text).length : 0);
  return { firstPaintGzip: gzip(firstPaint), laterGzip: gzip(later) };
}

interface Row {
  page: string;
  jsGzip: number;
  react: boolean;
  cssFirstPaintGzip: number;
  cssLaterGzip: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  cpu: MainThreadCpu;
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

/** A built site being measured: ours, or the --compare commit's. */
interface Site {
  label: string;
  base: string;
  results: Map<string, Measurement[]>;
}

/** One Lighthouse run: its report and the main thread's CPU time read from its trace. */
interface Measurement {
  lhr: Lhr;
  cpu: MainThreadCpu;
}

/**
 * Checks `ref` out into a throw-away worktree and builds it there. The same lockfile shares this
 * checkout's node_modules; another one installs its own. The caller removes the worktree.
 */
async function buildRef(ref: string): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'bench-pages-ref-'));
  execFileSync('git', ['worktree', 'add', '--detach', directory, ref], { cwd: root, stdio: 'ignore' });
  const lockfile = (at: string) => readFileSync(join(at, 'package-lock.json'), 'utf8');
  if (lockfile(directory) === lockfile(root)) symlinkSync(join(root, 'node_modules'), join(directory, 'node_modules'), 'dir');
  else execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: directory, stdio: 'inherit' });
  console.log(`Building ${ref} in ${directory}…`);
  execFileSync(process.execPath, ['--import', 'tsx', 'dev/build.ts'], {
    cwd: directory,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NETLIFY_TELEMETRY_DISABLED: '1' },
  });
  return directory;
}

function removeWorktree(directory: string): void {
  execFileSync('git', ['worktree', 'remove', '--force', directory], { cwd: root, stdio: 'ignore' });
}

async function measure(url: string, page: string, port: number): Promise<Measurement> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      ...(NOINDEX_PAGES.has(page) ? { skipAudits: ['is-crawlable'] } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
    const lhr = result.lhr as unknown as Lhr & { runtimeError?: { code: string; message: string } };
    const trace = (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
    const measurement = { lhr, cpu: mainThreadCpu(trace?.traceEvents ?? []) };
    if (!lhr.runtimeError) return measurement;
    console.log(`  ${url}: Lighthouse could not measure the page (${lhr.runtimeError.code}), attempt ${attempt} of ${ATTEMPTS}`);
    if (attempt >= ATTEMPTS) return measurement;
  }
}

async function summarise(base: string, page: string, measurements: Measurement[]): Promise<Row> {
  const [js, css] = await Promise.all([pageJavaScript(base, page), pageStyles(base, page)]);
  const results = measurements.map((measurement) => measurement.lhr);
  const pick = (read: (lhr: Lhr) => number) => median(results.map(read));
  const cpu = (read: (cpu: MainThreadCpu) => number) => median(measurements.map((measurement) => read(measurement.cpu)));
  const score = (id: string) => pick((lhr) => lhr.categories[id]?.score ?? 0);
  const row: Row = {
    page,
    jsGzip: js.gzip,
    react: js.react,
    cssFirstPaintGzip: css.firstPaintGzip,
    cssLaterGzip: css.laterGzip,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    cls: pick((lhr) => lhr.audits['cumulative-layout-shift']?.numericValue ?? 0),
    lcpMs: pick((lhr) => lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: pick((lhr) => lhr.audits['total-blocking-time']?.numericValue ?? 0),
    cpu: { totalMs: cpu((c) => c.totalMs), longestTaskMs: cpu((c) => c.longestTaskMs), renderingMs: cpu((c) => c.renderingMs), paints: cpu((c) => c.paints) },
    notes: [],
  };
  const worst = results.reduce((a, b) => ((a.categories['performance']?.score ?? 0) <= (b.categories['performance']?.score ?? 0) ? a : b));
  if (row.performance < BUDGET.score || row.lcpMs > BUDGET.lcpMs || row.tbtMs > BUDGET.tbtMs) row.notes.push(...performanceNotes(worst));
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
  return row;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
const ratio = (ours: number, theirs: number) => (theirs === 0 ? (ours === 0 ? '1.00' : '∞') : (ours / theirs).toFixed(2));

function pageLabel(page: string): string {
  return page === '/404.html' ? '404 (noindex)' : ISLAND_PAGES.has(page) ? `${page} (island, JS not budgeted)` : page;
}

function printTable(rows: readonly Row[]): void {
  console.table(
    rows.map((row) => ({
      page: pageLabel(row.page),
      'JS gzip': `${kb(row.jsGzip)}${row.react ? ' REACT' : ''}`,
      'CSS 1st paint': kb(row.cssFirstPaintGzip),
      'CSS later': kb(row.cssLaterGzip),
      perf: row.performance.toFixed(2),
      a11y: row.accessibility.toFixed(2),
      'best-pr.': row.bestPractices.toFixed(2),
      seo: row.seo.toFixed(2),
      CLS: row.cls.toFixed(3),
      'LCP s': (row.lcpMs / 1000).toFixed(2),
      'TBT ms': Math.round(row.tbtMs),
      'CPU ms': Math.round(row.cpu.totalMs),
      'longest CPU ms': row.cpu.longestTaskMs.toFixed(1),
      paints: row.cpu.paints,
      'bytes before video': row.bytesBeforeVideo === undefined ? '' : `${(row.bytesBeforeVideo / 1024).toFixed(0)} KB`,
    })),
  );
}

/** Ours beside the reference build's figures, with ratios (ours / reference: below 1 is better for times and bytes). */
function printComparison(ref: string, rows: readonly Row[], refRows: readonly Row[]): void {
  console.log(`\nThis build beside ${ref} (× = this / ${ref}):`);
  console.table(
    rows.map((row, index) => {
      const theirs = refRows[index]!;
      return {
        page: pageLabel(row.page),
        perf: `${row.performance.toFixed(2)} | ${theirs.performance.toFixed(2)}`,
        'a11y/bp/seo': `${[row.accessibility, row.bestPractices, row.seo].map((v) => v.toFixed(2)).join('/')} | ${[theirs.accessibility, theirs.bestPractices, theirs.seo].map((v) => v.toFixed(2)).join('/')}`,
        'TBT ms': `${Math.round(row.tbtMs)} | ${Math.round(theirs.tbtMs)}`,
        'TBT ×': ratio(row.tbtMs, theirs.tbtMs),
        'CPU ms': `${Math.round(row.cpu.totalMs)} | ${Math.round(theirs.cpu.totalMs)}`,
        'CPU ×': ratio(row.cpu.totalMs, theirs.cpu.totalMs),
        'longest CPU ms': `${row.cpu.longestTaskMs.toFixed(1)} | ${theirs.cpu.longestTaskMs.toFixed(1)}`,
        'LCP s': `${(row.lcpMs / 1000).toFixed(2)} | ${(theirs.lcpMs / 1000).toFixed(2)}`,
        'LCP ×': ratio(row.lcpMs, theirs.lcpMs),
        'CSS 1st paint KB': `${(row.cssFirstPaintGzip / 1024).toFixed(1)} | ${(theirs.cssFirstPaintGzip / 1024).toFixed(1)}`,
        'CSS ×': ratio(row.cssFirstPaintGzip, theirs.cssFirstPaintGzip),
        'JS KB': `${(row.jsGzip / 1024).toFixed(1)} | ${(theirs.jsGzip / 1024).toFixed(1)}`,
        'JS ×': ratio(row.jsGzip, theirs.jsGzip),
      };
    }),
  );
}

async function main() {
  const { values } = parseArgs({ options: { url: { type: 'string' }, api: { type: 'string' }, runs: { type: 'string', default: '1' }, pages: { type: 'string' }, compare: { type: 'string' }, runtime: { type: 'boolean', default: false } } });
  const runs = Math.max(1, Number(values.runs) || 1);
  const pages = values.pages ? values.pages.split(',').map((page) => page.trim()) : [...PAGES];
  const refDirectory = values.compare ? await buildRef(values.compare) : undefined;
  const runtimes: ChildProcess[] = [];
  const cdns: CdnServer[] = [];
  /** A build's address: its dist/ on the CDN-like server, or through the local runtime with --runtime. */
  const serve = async (directory: string): Promise<string> => {
    if (!existsSync(join(directory, 'dist/index.html'))) throw new Error(`${directory}dist/ is missing: run \`npm run build\` first.`);
    if (values.runtime) {
      const runtime = await startRuntime(directory);
      runtimes.push(runtime.child);
      return runtime.url;
    }
    const cdn = await startCdn(join(directory, 'dist'), join(directory, 'netlify.toml'), { api: values.api });
    cdns.push(cdn);
    return cdn.url;
  };
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const sites: Site[] = [];
  try {
    if (values.url) sites.push({ label: 'this build', base: values.url.replace(/\/$/, ''), results: new Map() });
    else sites.push({ label: 'this build', base: await serve(root), results: new Map() });
    if (refDirectory) sites.push({ label: values.compare!, base: await serve(refDirectory), results: new Map() });
    chrome = await chromeLauncher.launch({
      chromePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
    });
    for (const site of sites) await warmUp(site.base);
    console.log(`Measuring ${sites.map((site) => `${site.label} (${site.base})`).join(' and ')} (Lighthouse mobile preset, ${runs} run${runs > 1 ? 's' : ''} per page${sites.length > 1 ? ', alternating' : ''})…`);
    for (const page of pages) {
      // Alternating rounds: a busy moment of the machine falls on both builds alike.
      for (let run = 0; run < runs; run += 1) {
        for (const site of sites) site.results.set(page, [...(site.results.get(page) ?? []), await measure(`${site.base}${page}`, page, chrome.port)]);
      }
      console.log(`  ${page} done`);
    }
    const [ours, ...others] = await Promise.all(sites.map((site) => Promise.all(pages.map((page) => summarise(site.base, page, site.results.get(page) ?? [])))));
    report(ours!, others[0] && values.compare ? { ref: values.compare, rows: others[0] } : undefined);
  } finally {
    chrome?.kill();
    for (const child of runtimes) child.kill('SIGTERM');
    await Promise.all(cdns.map((cdn) => cdn.close()));
    if (refDirectory) removeWorktree(refDirectory);
  }
}

function report(rows: Row[], reference?: { ref: string; rows: Row[] }): void {
  printTable(rows);
  if (reference) {
    console.log(`\n${reference.ref}:`);
    printTable(reference.rows);
    printComparison(reference.ref, rows, reference.rows);
  }
  const misses: string[] = [];
  for (const row of rows) {
    if (!ISLAND_PAGES.has(row.page)) {
      if (row.react) misses.push(`${row.page}: loads React`);
      if (row.jsGzip > BUDGET.jsGzip) misses.push(`${row.page}: ${row.jsGzip} B of gzipped JavaScript > ${BUDGET.jsGzip}`);
    }
    if (row.cssFirstPaintGzip > BUDGET.cssFirstPaintGzip) misses.push(`${row.page}: ${row.cssFirstPaintGzip} B of gzipped CSS before the first paint > ${BUDGET.cssFirstPaintGzip}`);
    for (const [name, value] of [['performance', row.performance], ['accessibility', row.accessibility], ['best practices', row.bestPractices], ['SEO', row.seo]] as const) {
      if (value < BUDGET.score) misses.push(`${row.page}: ${name} ${value} < ${BUDGET.score}`);
    }
    if (row.cls > BUDGET.cls) misses.push(`${row.page}: CLS ${row.cls}`);
    if (row.lcpMs > BUDGET.lcpMs) misses.push(`${row.page}: LCP ${Math.round(row.lcpMs)} ms > ${BUDGET.lcpMs}`);
    if (row.tbtMs > BUDGET.tbtMs) misses.push(`${row.page}: TBT ${Math.round(row.tbtMs)} ms > ${BUDGET.tbtMs}`);
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
