// The runtime refuses bundles that are not those of the function sources, and accepts those that are,
// whatever the names sort like as files ('a-b.ts' before 'a.ts') or as names ('a' before 'a-b').
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBundlesMatchSources, type BundleManifest } from './bundled-functions';

let directory: string;
const manifestOf = (names: string[]) => ({ functions: names.map((name) => ({ name })) }) as unknown as BundleManifest;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'bundle-match-'));
  for (const file of ['member-sign-in.ts', 'member-sign-in-link.ts', 'ping.ts', 'ping.test.ts']) await writeFile(join(directory, file), '');
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('assertBundlesMatchSources', () => {
  it('accepts one bundle per source, a name that extends another included', async () => {
    await expect(assertBundlesMatchSources(manifestOf(['ping', 'member-sign-in-link', 'member-sign-in']), directory)).resolves.toBeUndefined();
  });

  it('refuses a missing or a leftover bundle, naming it', async () => {
    await expect(assertBundlesMatchSources(manifestOf(['ping', 'member-sign-in']), directory)).rejects.toThrow(/not bundled: member-sign-in-link; no longer there: none/);
    await expect(assertBundlesMatchSources(manifestOf(['ping', 'member-sign-in', 'member-sign-in-link', 'gone']), directory)).rejects.toThrow(/no longer there: gone/);
  });
});
