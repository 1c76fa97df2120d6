// `npm test`: the whole suite on Node 22 — the version Netlify builds the site and runs the functions
// with (netlify.toml NODE_VERSION), installed from the npm registry into dev/node22 — and again on the
// machine's Node when that is another major version. Each step is `npm run <step>` with that Node
// first on PATH, so npm, the test runners and every process they start use it.
//
// Steps that cannot depend on the Node running them run once, in the Node 22 pass: the type check
// (it reads the code and runs none of it), the secrets build and the build (Netlify builds on Node 22;
// that build — the site and the function bundles — is what both passes serve). Unit, integration,
// reliability and end-to-end tests run the code, so they run on both.
//
//   node --import tsx dev/test-suite.ts [--node 22|machine]     (default: both)
//
// Stops at the first failing step; prints every step's Node and duration at the end.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from './runtime/project-root';

const NODE_22 = join(projectRoot, 'dev', 'node22', 'node_modules', 'node', 'bin', 'node');
const ONCE = ['check', 'test:unit', 'test:integration', 'test:secrets', 'build', 'test:reliability', 'test:e2e'];
const AGAIN = ['test:unit', 'test:integration', 'test:reliability', 'test:e2e'];

interface Pass {
  label: string;
  /** The folder of the pass's `node`, put first on PATH; none for the machine's own. */
  nodeDirectory: string | undefined;
}

interface StepResult {
  step: string;
  node: string;
  seconds: number;
  code: number;
}

function nodeVersion(nodeDirectory: string | undefined): string {
  const node = nodeDirectory ? join(nodeDirectory, 'node') : process.execPath;
  return spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
}

function envFor(pass: Pass): NodeJS.ProcessEnv {
  if (!pass.nodeDirectory) return process.env;
  return { ...process.env, PATH: [pass.nodeDirectory, process.env['PATH'] ?? ''].join(delimiter) };
}

function runStep(pass: Pass, step: string): Promise<number> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', step], { cwd: projectRoot, env: envFor(pass), stdio: 'inherit' });
    child.once('error', () => resolve(127));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** The Nodes to run the suite on: Node 22, then the machine's unless it is Node 22 already. */
function passes(which: string | undefined): Pass[] {
  if (!existsSync(NODE_22)) throw new Error('Node 22 is not installed in dev/node22: run node dev/ensure-deps.mjs --test');
  const node22: Pass = { label: `Node ${nodeVersion(dirname(NODE_22))} (dev/node22)`, nodeDirectory: dirname(NODE_22) };
  const machine: Pass = { label: `Node ${process.version} (this machine)`, nodeDirectory: undefined };
  if (which === '22') return [node22];
  if (which === 'machine') return [machine];
  if (which !== undefined) throw new Error(`--node takes 22 or machine, got ${which}`);
  return process.versions.node.split('.')[0] === '22' ? [machine] : [node22, machine];
}

function printSummary(results: StepResult[], started: number): void {
  const width = Math.max(...results.map((result) => result.step.length));
  const nodeWidth = Math.max(...results.map((result) => result.node.length));
  process.stdout.write('\nTest suite summary\n');
  for (const result of results) {
    const outcome = result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`;
    process.stdout.write(`  ${result.step.padEnd(width)}  ${result.node.padEnd(nodeWidth)}  ${result.seconds.toFixed(0).padStart(5)} s  ${outcome}\n`);
  }
  process.stdout.write(`  total ${((performance.now() - started) / 1000 / 60).toFixed(1)} min\n`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { node: { type: 'string' } }, strict: true });
  const started = performance.now();
  const results: StepResult[] = [];
  for (const [index, pass] of passes(values.node).entries()) {
    // The first pass runs every step; a later one only those that run the code.
    const steps = index === 0 ? ONCE : AGAIN;
    process.stdout.write(`\n==== ${pass.label}: ${steps.join(', ')}\n`);
    for (const step of steps) {
      process.stdout.write(`\n== ${pass.label}: npm run ${step}\n`);
      const stepStarted = performance.now();
      const code = await runStep(pass, step);
      results.push({ step, node: pass.label, seconds: (performance.now() - stepStarted) / 1000, code });
      if (code !== 0) {
        printSummary(results, started);
        return code;
      }
    }
  }
  printSummary(results, started);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`Error: ${(error as Error).message ?? String(error)}\n`);
    process.exit(1);
  },
);
