// Runs before `npm start`, `npm run dev` and `npm test` (package.json "pre" scripts), possibly before
// node_modules exists, so it is plain JavaScript with no dependencies.
//
//   node dev/ensure-deps.mjs          install node_modules when missing or older than package-lock.json
//   node dev/ensure-deps.mjs --test   the same, Node 22 in dev/node22 (npm test runs the suite on it too),
//                                     then make sure Debian's Chromium and redis-server exist
//
// Works without stdin and with CI=true. Never deployed.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const APT_PACKAGES = ['chromium', 'redis-server'];
const APT_COMMAND = `apt-get update && apt-get install -y --no-install-recommends ${APT_PACKAGES.join(' ')}`;

/** @param {string} message */
function log(message) {
  process.stderr.write(`[ensure-deps] ${message}\n`);
}

/** @param {string} message @returns {never} */
function fail(message) {
  log(message);
  process.exit(1);
}

/** @param {string} path */
function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * Runs a command with inherited output and no stdin; exits on failure.
 * @param {string} command @param {string[]} args @param {NodeJS.ProcessEnv} [env]
 */
function run(command, args, env = process.env) {
  log(`running: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) fail(`could not run ${command}: ${result.error.message}`);
  if (result.status !== 0) fail(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

/** @param {string} path */
function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** @param {string} name */
function onPath(name) {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .some((dir) => isExecutable(join(dir, name)));
}

/**
 * Installs a folder's locked packages (`npm ci`) when its node_modules is missing or older than its
 * lockfile: the project's own, or a tool folder's (installed with --prefix).
 * @param {string} folder
 */
function ensureNodeModules(folder) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const prefix = folder === root ? [] : ['--prefix', folder];
  const lockfile = join(folder, 'package-lock.json');
  // npm rewrites node_modules/.package-lock.json at the end of every install or ci.
  const stamp = join(folder, 'node_modules', '.package-lock.json');
  const lockTime = mtime(lockfile);
  if (lockTime === undefined) {
    if (!existsSync(join(folder, 'node_modules'))) run(npm, ['install', '--no-audit', '--no-fund', ...prefix]);
    return;
  }
  const stampTime = mtime(stamp);
  if (stampTime === undefined) {
    log(`${folder === root ? 'node_modules' : `${folder}/node_modules`} is missing: installing the locked dependencies`);
  } else if (lockTime > stampTime) {
    log(`${lockfile} changed since the last install: reinstalling the locked dependencies`);
  } else {
    return;
  }
  run(npm, ['ci', '--no-audit', '--no-fund', ...prefix]);
}

function chromiumPath() {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

function missingSystemPackages() {
  const missing = [];
  if (!isExecutable(chromiumPath())) missing.push('chromium');
  if (!onPath('redis-server')) missing.push('redis-server');
  return missing;
}

/** @param {string[]} missing */
function describeMissing(missing) {
  return missing
    .map((name) => (name === 'chromium' ? `Chromium (${chromiumPath()})` : 'redis-server (on PATH)'))
    .join(' and ');
}

function ensureTestTools() {
  const missing = missingSystemPackages();
  if (missing.length === 0) return;
  const what = describeMissing(missing);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    fail(`the tests need ${what}, which ${missing.length > 1 ? 'are' : 'is'} not installed. As root, run:\n  ${APT_COMMAND}`);
  }
  if (!onPath('apt-get')) fail(`the tests need ${what}, and apt-get is not available: install them by hand.`);
  log(`${what} not installed: installing with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update'], env);
  run('apt-get', ['install', '-y', '--no-install-recommends', ...APT_PACKAGES], env);
  const still = missingSystemPackages();
  if (still.length > 0) {
    fail(`${describeMissing(still)} still not found after apt-get install.`);
  }
}

ensureNodeModules(root);
if (process.argv.includes('--test')) {
  // Node 22 from the npm registry's `node` package, kept off the project's PATH (see dev/node22/package.json).
  ensureNodeModules(join(root, 'dev', 'node22'));
  ensureTestTools();
}
