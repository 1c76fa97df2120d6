/**
 * Astro integration for the content editor (/admin/content): the CMS's prebuilt bundle (the
 * decap-cms package's dist/, never a CDN and never committed) is copied into the build under
 * /admin/content/cms/ and served from node_modules by `astro dev`; in `astro dev`, the local backend
 * (decap-server, started by dev/dev.ts, its address in CONTENT_EDITOR_BACKEND) answers on the page's
 * own origin at /admin/content/api/v1. The page's own module (src/features/content-editor/editor-page.ts, the
 * schemas it checks saves with) is bundled apart from the site's islands by esbuild, so no public page's
 * shared chunks change because of it. The editor previews library photos from their address in
 * media.json (/media/<name>.jpg): the photo files are served there too.
 */
import { createReadStream } from 'node:fs';
import { cp, readdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { CONTENT_EDITOR_BUNDLE, CONTENT_EDITOR_LOCAL_API, CONTENT_EDITOR_SCRIPT } from '../features/content-editor/config';
import { PHOTO_FOLDER } from '../domain/content-files';
import { PHOTO_PUBLIC_FOLDER } from '../domain/media';

/** The CMS bundle's folder in node_modules. */
export function cmsDistDirectory(): string {
  return join(dirname(createRequire(import.meta.url).resolve('decap-cms/package.json')), 'dist');
}

/** The files the bundle loads: itself, its chunks and WebAssembly, its licence notice (not the other build nor source maps). */
export function isServedCmsFile(name: string): boolean {
  return /^(?:\d+\.)?decap-cms\.js$|\.wasm$|^decap-cms\.js\.LICENSE\.txt$/.test(name);
}

/** The editor page's module as one self-contained file: it shares no chunk with the public pages' islands. */
export async function bundleEditorScript(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../features/content-editor/editor-page.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    legalComments: 'none',
  });
  return result.outputFiles[0]!.text;
}

const BUNDLE_FOLDER = CONTENT_EDITOR_BUNDLE.slice(0, CONTENT_EDITOR_BUNDLE.lastIndexOf('/') + 1);

export function contentEditor(): AstroIntegration {
  let srcDir: URL;
  return {
    name: 'content-editor',
    hooks: {
      'astro:config:setup': ({ command, updateConfig, config }) => {
        srcDir = config.srcDir;
        if (command !== 'dev') return;
        const photos = fileURLToPath(new URL(`content/${PHOTO_FOLDER}/`, config.srcDir));
        const backend = process.env['CONTENT_EDITOR_BACKEND'];
        updateConfig({
          vite: {
            server: backend ? { proxy: { [CONTENT_EDITOR_LOCAL_API]: { target: backend, rewrite: () => '/api/v1' } } } : {},
            plugins: [
              {
                name: 'content-editor-bundle',
                configureServer(server) {
                  const directory = cmsDistDirectory();
                  server.middlewares.use(BUNDLE_FOLDER, (req, res, next) => {
                    const name = (req.url ?? '').split('?')[0]!.replace(/^\//, '');
                    if (!isServedCmsFile(name)) return next();
                    res.setHeader('content-type', name.endsWith('.wasm') ? 'application/wasm' : 'text/javascript; charset=utf-8');
                    createReadStream(join(directory, name)).on('error', () => next()).pipe(res);
                  });
                  server.middlewares.use(CONTENT_EDITOR_SCRIPT, (_req, res, next) => {
                    bundleEditorScript().then((code) => res.setHeader('content-type', 'text/javascript; charset=utf-8').end(code), next);
                  });
                  server.middlewares.use(`${PHOTO_PUBLIC_FOLDER}/`, (req, res, next) => {
                    const name = (req.url ?? '').split('?')[0]!.replace(/^\//, '');
                    if (!/^[a-z0-9-]+\.jpg$/.test(name)) return next();
                    res.setHeader('content-type', 'image/jpeg');
                    createReadStream(join(photos, name)).on('error', () => next()).pipe(res);
                  });
                },
              },
            ],
          },
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const source = cmsDistDirectory();
        const target = join(fileURLToPath(dir), BUNDLE_FOLDER);
        const files = (await readdir(source)).filter(isServedCmsFile);
        await Promise.all(files.map((name) => cp(join(source, name), join(target, name))));
        await writeFile(join(fileURLToPath(dir), CONTENT_EDITOR_SCRIPT), await bundleEditorScript());
        const photos = fileURLToPath(new URL(`content/${PHOTO_FOLDER}/`, srcDir));
        await cp(photos, join(fileURLToPath(dir), PHOTO_PUBLIC_FOLDER), { recursive: true, filter: (file) => !file.endsWith('.jpg') || /\/[a-z0-9-]+\.jpg$/.test(file) });
        logger.info(`content editor: ${files.length} CMS bundle files in ${BUNDLE_FOLDER}, the library's photos in ${PHOTO_PUBLIC_FOLDER}/`);
      },
    },
  };
}
