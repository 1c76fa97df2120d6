// The prebundle step: each function with its packages in one file, which Netlify's bundler then packs
// with no node_modules of its own, and which still answers through Netlify's bootstrap.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageBytes } from '../bench/function-bundles';
import { projectRoot } from '../runtime/project-root';
import { bundleFunctions } from './bundle';
import { loadBundledFunctionHost } from './bundled-functions';
import { functionSources, metafilePath, OMITTED_MODULES } from './prebundle';

// A function that validates with zod/mini and answers; the source folder lives in the project so its
// imports resolve from the project's node_modules.
const SOURCE = `
import * as z from 'zod/mini';
const Query = z.object({ name: z.string().check(z.minLength(1)) });
export default async (request: Request) => {
  const parsed = Query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  return parsed.success ? Response.json({ hello: parsed.data.name }) : Response.json({ error: 'Name is required.' }, { status: 400 });
};
export const config = { path: '/fixture/hello' };
`;

// A function rendering markup with React's static renderer, as the mail does: its bundle leaves out
// React's streaming renderer (OMITTED_MODULES) and still renders.
const MARKUP_SOURCE = `
import { createElement } from 'react';
import { renderToReadableStream, renderToStaticMarkup } from 'react-dom/server';
export default async (request: Request) => {
  if (new URL(request.url).searchParams.has('stream')) return new Response(await renderToReadableStream(createElement('p', null, 'streamed')));
  return new Response(renderToStaticMarkup(createElement('p', null, 'Hi <Ann>')));
};
export const config = { path: '/fixture/markup' };
`;

let root: string;
let sources: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'prebundle-'));
  sources = join(projectRoot, 'node_modules', '.cache', `prebundle-test-${process.pid}`);
  await mkdir(sources, { recursive: true });
  await writeFile(join(sources, 'hello.ts'), SOURCE);
  await writeFile(join(sources, 'hello.test.ts'), 'export {};');
  await writeFile(join(sources, 'markup.ts'), MARKUP_SOURCE);
  await bundleFunctions({ sourceDirectory: sources, prebundleDirectory: join(root, 'functions'), outDirectory: join(root, 'bundles') });
}, 180_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(sources, { recursive: true, force: true });
});

describe('prebundled functions', () => {
  it('are the source folder’s functions, tests left out', async () => {
    expect((await functionSources(sources)).map((file) => relative(sources, file))).toEqual(['hello.ts', 'markup.ts']);
    expect((await readdir(join(root, 'functions'))).sort()).toEqual(['hello.mjs', 'markup.mjs']);
  });

  it('carry their packages inside: no import of a package is left, so Netlify’s bundler copies no node_modules', async () => {
    const code = await readFile(join(root, 'functions', 'hello.mjs'), 'utf8');
    expect(code).not.toMatch(/from\s*["']zod/);
    const bundled = await readdir(join(root, 'bundles', 'hello'), { recursive: true });
    expect(bundled.filter((path) => path.includes('node_modules'))).toEqual([]);
    const metafile = JSON.parse(await readFile(metafilePath(join(root, 'functions')), 'utf8'));
    const output = Object.keys(metafile.outputs).find((key) => key.endsWith('hello.mjs'))!;
    expect(packageBytes(metafile, output).get('zod')).toBeGreaterThan(0);
  });

  it('answer through Netlify’s bootstrap as their sources do', async () => {
    const host = await loadBundledFunctionHost(join(root, 'bundles'));
    const call = async (path: string) => {
      const found = host.match('GET', new URL(path, 'http://localhost').pathname);
      if (!found) throw new Error(`nothing serves ${path}`);
      const response = await host.invoke(found, new Request(new URL(path, 'http://localhost:8888')), '127.0.0.1');
      return [response.status, await response.json()];
    };
    expect(await call('/fixture/hello?name=Ann')).toEqual([200, { hello: 'Ann' }]);
    expect(await call('/fixture/hello')).toEqual([400, { error: 'Name is required.' }]);
  });
});

describe('modules left out of the bundles', () => {
  it('React’s streaming renderer: static markup still renders, the streaming renderer is not in the bundle and refuses by name', async () => {
    const metafile = JSON.parse(await readFile(metafilePath(join(root, 'functions')), 'utf8'));
    const output = Object.keys(metafile.outputs).find((key) => key.endsWith('markup.mjs'))!;
    const inputs = Object.keys(metafile.outputs[output].inputs);
    expect(inputs).toContain('node_modules/react-dom/cjs/react-dom-server-legacy.node.production.js');
    expect(inputs).not.toContain('node_modules/react-dom/cjs/react-dom-server.node.production.js');
    const host = await loadBundledFunctionHost(join(root, 'bundles'));
    const call = (path: string) => host.invoke(host.match('GET', new URL(path, 'http://localhost').pathname)!, new Request(new URL(path, 'http://localhost:8888')), '127.0.0.1');
    const rendered = await call('/fixture/markup');
    expect([rendered.status, await rendered.text()]).toEqual([200, '<p>Hi &lt;Ann&gt;</p>']);
    const streamed = await call('/fixture/markup?stream');
    expect(streamed.status).toBe(500);
    expect(OMITTED_MODULES.map((omitted) => omitted.path)).toContain('./cjs/react-dom-server.node.production.js');
  });
});

describe('the project’s zod imports', () => {
  // `import { z } from 'zod'` makes every function carry all of zod (every locale); the namespace
  // import lets esbuild keep only what is used (about 470 KB less per function).
  it('are namespace imports, which bundles can tree-shake', async () => {
    const offenders: string[] = [];
    for (const folder of ['src', 'netlify']) {
      for (const path of await readdir(join(projectRoot, folder), { recursive: true })) {
        if (!/\.(?:tsx?|mts)$/.test(path)) continue;
        const text = await readFile(join(projectRoot, folder, path), 'utf8');
        if (/^import\s*\{[^}]*\bz\b[^}]*\}\s*from\s*'zod(?:\/mini)?';/m.test(text)) offenders.push(join(folder, path));
      }
    }
    expect(offenders).toEqual([]);
  });
});
