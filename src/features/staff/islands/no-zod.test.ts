import { existsSync, readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packagesReached } from '../../../../tests/support/static-imports';

/**
 * Staff pages run under a policy without 'unsafe-eval', and classic zod probes `new Function` as its
 * object schemas are built: what a staff island loads with the page must never reach it (zod/mini
 * does not probe, and a schema loaded on demand by `import()` is outside the page's load).
 */
const folder = dirname(fileURLToPath(import.meta.url));
const root = resolve(folder, '../../../..');
const features = resolve(root, 'src/features');

describe('staff islands', () => {
  // The staff kit beside this file, and each feature's staff islands in its admin/ folder.
  const folders = [folder, ...readdirSync(features).map((name) => resolve(features, name, 'admin')).filter((path) => existsSync(path))];
  const islands = folders.flatMap((path) => readdirSync(path).filter((name) => name.endsWith('.tsx')).map((name) => resolve(path, name).replace(`${root}/`, '')));
  it('are found', () => expect(islands).toEqual(expect.arrayContaining(['src/features/staff/islands/AdminDashboard.tsx', 'src/features/bay-booking/admin/BayDay.tsx'])));
  it.each(islands)('%s loads no classic zod with the page', (name) => {
    const reached = packagesReached(resolve(root, name));
    // On failure: the chain of modules that reaches classic zod.
    expect(reached.get('zod') ?? null).toBeNull();
  });
});
