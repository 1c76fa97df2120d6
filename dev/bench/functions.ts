// `npm run bench:functions`: every function as Netlify deploys it (the bundles of `npm run build`,
// bundled first when missing or outdated), with budgets printed, not enforced:
//   - size on disk and zipped (no bundle over 2 MB on disk);
//   - libraries shipped but never called, with the import chain that brings each in (no Stripe SDK in
//     a function that never talks to Stripe; no React or mail templates in one that sends no mail);
//   - cold start: a fresh process loads the bundle's entry point and answers one request, median of
//     BENCH_COLD_STARTS runs (default 3); the largest bundle's within 2× the smallest's.
// Cold starts run on Node 22 (dev/node22, what Netlify runs functions on) when installed, else on this Node.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import type { Metafile } from 'esbuild';
import { bundleFunctions, functionsBuildSettings, FUNCTIONS_BUNDLE_DIRECTORY } from '../functions/bundle';
import { assertBundlesMatchSources, readBundleManifest, type BundledFunction } from '../functions/bundled-functions';
import { projectRoot } from '../runtime/project-root';
import { FUNCTION_SOURCES_DIRECTORY, metafilePath } from '../functions/prebundle';
import { bundleSize, packageBytes, unusedLibraries, type BundleSize, type UnusedLibrary } from './function-bundles';

const MAX_UNZIPPED_BYTES = 2 * 1024 * 1024;
const MAX_COLD_START_RATIO = 2;
const PROBE = join(projectRoot, 'dev', 'bench', 'cold-start-probe.mjs');
const NODE_22 = join(projectRoot, 'dev', 'node22', 'node_modules', 'node', 'bin', 'node');

interface ColdStart {
  /** Process start to answer received, as the caller sees it. */
  totalMs: number;
  /** Inside the process: loading the entry point, then the first call (which loads the function). */
  loadMs: number;
  firstCallMs: number;
  /** CPU time of the process until the answer (user + system): steadier than wall time on a busy machine. */
  cpuMs: number;
  status: number;
}

interface Row {
  bundle: BundledFunction;
  size: BundleSize;
  unused: UnusedLibrary[];
  coldStart: ColdStart;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** A request the function answers: its first path (parameters filled in) and its first method. */
function probeRequest(bundle: BundledFunction): { method: string; url: string; route: string | undefined } {
  const route = bundle.routes?.[0];
  const path = route ? route.pattern.replace(/:[A-Za-z_]\w*/g, 'bench').replace(/\*$/, 'bench') : `/.netlify/functions/${bundle.name}`;
  return { method: route?.methods[0] ?? 'GET', url: `http://localhost:8888${path}`, route: route?.pattern };
}

/** One fresh process: no store, Stripe or mail settings, so nothing leaves the machine. */
function coldStartOnce(node: string, bundle: BundledFunction): Promise<ColdStart> {
  const { method, url, route } = probeRequest(bundle);
  const args = [PROBE, bundle.path, method, url, ...(route ? [route] : [])];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(node, args, { cwd: projectRoot, env: { PATH: process.env['PATH'] ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (!output.includes('\n')) return;
      const totalMs = performance.now() - started;
      const measured = JSON.parse(output.slice(0, output.indexOf('\n'))) as Omit<ColdStart, 'totalMs'>;
      resolve({ totalMs, ...measured });
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    child.once('exit', (code) => {
      if (!output.includes('\n')) reject(new Error(`${bundle.name}: the cold-start probe exited ${code} without answering:\n${errors}`));
    });
  });
}

function median<T>(values: T[], by: (value: T) => number): T {
  return [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)]!;
}

async function coldStart(node: string, bundle: BundledFunction, runs: number): Promise<ColdStart> {
  const results: ColdStart[] = [];
  for (let run = 0; run < runs; run += 1) results.push(await coldStartOnce(node, bundle));
  return median(results, (result) => result.totalMs);
}

/** The bundles of the current sources: the build's when it matches them, else bundled now. */
async function currentBundles(): Promise<BundledFunction[]> {
  try {
    const manifest = await readBundleManifest();
    await assertBundlesMatchSources(manifest, FUNCTION_SOURCES_DIRECTORY);
    console.log(`Bundles: ${relative(projectRoot, FUNCTIONS_BUNDLE_DIRECTORY)}/ of the last build`);
    return manifest.functions;
  } catch {
    console.log('Bundling the functions as Netlify does (no build of the current sources)…');
    await bundleFunctions();
    return (await readBundleManifest()).functions;
  }
}

function printTable(rows: Row[]): void {
  const header = ['function', 'files', 'on disk', 'zipped', 'cold start', 'load + 1st call', 'CPU', 'status', 'ships unused'];
  const cells = rows.map(({ bundle, size, unused, coldStart: start }) => [
    bundle.name,
    String(size.files),
    kb(size.unzipped),
    kb(size.zipped),
    ms(start.totalMs),
    `${ms(start.loadMs)} + ${ms(start.firstCallMs)}`,
    ms(start.cpuMs),
    String(start.status),
    unused.map((found) => found.library).join(', ') || '-',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => row[column]!.length)));
  const numeric = new Set([1, 2, 3, 4, 5, 6, 7]);
  const format = (row: string[]) => row.map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ');
  console.log(`\n${format(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const row of cells) console.log(format(row));
}

/** Where the bytes are: each package (and Netlify's files, and the functions' own code), its size and how many bundles carry it. */
function printParts(rows: Row[]): void {
  const parts = new Map<string, { bytes: number; bundles: number }>();
  for (const row of rows) {
    for (const [part, bytes] of row.size.parts) {
      const entry = parts.get(part) ?? { bytes: 0, bundles: 0 };
      parts.set(part, { bytes: Math.max(entry.bytes, bytes), bundles: entry.bundles + 1 });
    }
  }
  console.log(`\nWhat the bundles carry (largest copy, and in how many of the ${rows.length} bundles):`);
  for (const [part, { bytes, bundles }] of [...parts].sort((a, b) => b[1].bytes - a[1].bytes)) console.log(`  ${kb(bytes).padStart(8)}  ×${String(bundles).padStart(2)}  ${part}`);
}

function printBudgets(rows: Row[]): void {
  const verdict = (ok: boolean) => (ok ? 'ok  ' : 'OVER');
  const oversized = rows.filter((row) => row.size.unzipped > MAX_UNZIPPED_BYTES);
  console.log(`\nBudgets (printed, not enforced):`);
  console.log(`  ${verdict(oversized.length === 0)} no bundle over ${kb(MAX_UNZIPPED_BYTES)} on disk${oversized.length ? `: ${oversized.length} over (${oversized.map((row) => row.bundle.name).join(', ')})` : ''}`);
  const stripeUnused = rows.filter((row) => row.unused.some((found) => found.library === 'Stripe SDK'));
  console.log(`  ${verdict(stripeUnused.length === 0)} no Stripe SDK in a function that never talks to Stripe${stripeUnused.length ? `: shipped by ${stripeUnused.map((row) => row.bundle.name).join(', ')}` : ''}`);
  const bySize = [...rows].sort((a, b) => a.size.unzipped - b.size.unzipped);
  const [smallest, largest] = [bySize[0]!, bySize[bySize.length - 1]!];
  const ratio = largest.coldStart.totalMs / smallest.coldStart.totalMs;
  console.log(
    `  ${verdict(ratio <= MAX_COLD_START_RATIO)} cold start of the largest bundle (${largest.bundle.name}, ${ms(largest.coldStart.totalMs)}) within ${MAX_COLD_START_RATIO}× the smallest's (${smallest.bundle.name}, ${ms(smallest.coldStart.totalMs)}): ${ratio.toFixed(2)}×` +
      ` (CPU time: ${ms(largest.coldStart.cpuMs)} vs ${ms(smallest.coldStart.cpuMs)}, ${(largest.coldStart.cpuMs / smallest.coldStart.cpuMs).toFixed(2)}×)`,
  );
  const chains = rows.flatMap((row) => row.unused.map((found) => ({ name: row.bundle.name, found })));
  if (chains.length === 0) return;
  console.log(`\nLibraries shipped but never called, and the import chain that brings each in:`);
  for (const { name, found } of chains) console.log(`  ${name}: ${found.library}, ${kb(found.bytes)} (it never ${found.meaning}): ${found.chain.join(' → ')}`);
}

async function main(): Promise<void> {
  const bundles = await currentBundles();
  const { nodeVersion, functionsDirectory } = await functionsBuildSettings();
  // What esbuild put in each prebundled function file, by module.
  const metafile = JSON.parse(await readFile(metafilePath(functionsDirectory), 'utf8')) as Metafile;
  const outputOf = (name: string) => Object.keys(metafile.outputs).find((output) => basename(output) === `${name}.mjs`) ?? '';
  const node = existsSync(NODE_22) ? NODE_22 : process.execPath;
  const runs = Math.max(1, Number(process.env['BENCH_COLD_STARTS'] ?? 3));
  console.log(`Cold starts: median of ${runs} fresh processes per function on ${node === NODE_22 ? 'Node 22 (dev/node22)' : `this Node (${process.version})`}`);
  const rows: Row[] = [];
  for (const bundle of [...bundles].sort((a, b) => a.name.localeCompare(b.name))) {
    const size = await bundleSize(bundle.path, packageBytes(metafile, outputOf(bundle.name)));
    rows.push({ bundle, size, unused: await unusedLibraries(bundle, size, nodeVersion), coldStart: await coldStart(node, bundle, runs) });
  }
  printTable(rows);
  printParts(rows);
  printBudgets(rows);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
