// Issue 7 point 3: nothing secret reaches the client bundle or dist/. Builds the site into a temporary
// folder with a unique value for every secret in the environment, then searches every file of the
// output for those values and for the shapes of Stripe keys, webhook secrets and password hashes.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const unique = (bytes = 18) => randomBytes(bytes).toString('base64url');

/** Every secret the site knows, with a value that can only come from this build's environment. */
const secrets: Record<string, string> = {
  STRIPE_SECRET_KEY: `sk_test_${unique()}`,
  STRIPE_WEBHOOK_SECRET: `whsec_${unique()}`,
  ADMIN_JWT_SECRET: unique(36),
  MEMBER_SESSION_SECRET: unique(36),
  ADMIN_PASSWORD_HASH: `scrypt$16384$8$1$${randomBytes(16).toString('base64')}$${randomBytes(32).toString('base64')}`,
  ADMIN_PASSWORD: unique(),
  UPSTASH_REDIS_REST_TOKEN: unique(32),
  UPSTASH_REDIS_REST_URL: `https://${unique(9).toLowerCase().replace(/[^a-z0-9]/g, 'x')}.upstash.io`,
};

/** Shapes no file of the output may contain, whatever their value. */
const SECRET_SHAPES: readonly RegExp[] = [/(?<![A-Za-z])[sr]k_(?:live|test)_[A-Za-z0-9]/, /whsec_[A-Za-z0-9]/, /scrypt\$\d+\$\d+\$\d+\$/];

/** A value the build does show (the admin page's version line has the commit's first 7 characters), to prove the environment reached it. */
const commit = randomBytes(4).toString('hex').slice(0, 7);

let outDir: string;
let files: { path: string; text: string }[] = [];

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'secrets-build-'));
  const env: NodeJS.ProcessEnv = { ...process.env, ...secrets, COMMIT_REF: commit, ASTRO_TELEMETRY_DISABLED: '1' };
  // A production build, as Netlify runs it (vitest's NODE_ENV=test would change what gets bundled).
  delete env['NODE_ENV'];
  for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
  await promisify(execFile)(process.execPath, [join(root, 'node_modules', 'astro', 'astro.js'), 'build', '--outDir', outDir], {
    cwd: root,
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
  files = await Promise.all((await listFiles(outDir)).map(async (path) => ({ path, text: (await readFile(path)).toString('latin1') })));
}, 180_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('a build with every secret set', () => {
  it('produced the site, and the environment reached it', () => {
    const names = files.map((file) => file.path.slice(outDir.length + 1));
    expect(names).toContain('index.html');
    expect(names).toContain('_headers');
    expect(names.some((name) => name.startsWith('_astro/') && name.endsWith('.js'))).toBe(true);
    expect(files.find((file) => file.path.endsWith(join('admin', 'database', 'index.html')))?.text).toContain(commit);
  });

  it('contains none of their values in any file', () => {
    const leaks = files.flatMap((file) =>
      Object.entries(secrets)
        .filter(([, value]) => file.text.includes(value))
        .map(([name]) => `${name} in ${file.path.slice(outDir.length + 1)}`),
    );
    expect(leaks).toEqual([]);
  });

  it('contains nothing shaped like a Stripe key, a webhook secret or a password hash', () => {
    const found = files.flatMap((file) => SECRET_SHAPES.filter((shape) => shape.test(file.text)).map((shape) => `${shape} in ${file.path.slice(outDir.length + 1)}`));
    expect(found).toEqual([]);
  });
});
