import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContentFileError } from './domain/content-file';
import { contentFiles, contentFolders, PHOTO_FOLDER, type ContentFile, type ContentFolder } from './domain/content-files';
import { EVENTS_FOLDER } from './domain/upcoming-events';
import { contentFolderLoader } from './lib/content-folder-loader';
import { finishContent } from './domain/content-context';
import { contentFileLoader, readContentContext, renderAtPaths } from './lib/content-file-loader';

// astro:content is a virtual module of Astro's Vite plugin; here defineCollection only returns its config.
vi.mock('astro:content', () => ({ defineCollection: <Config>(config: Config) => config }));

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const contentDir = path.join(projectRoot, 'src/content');
const temporaryDirs: string[] = [];

afterEach(async () => {
  await Promise.all(temporaryDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function temporaryProject(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'content-config-'));
  temporaryDirs.push(root);
  return root;
}

interface LoadResult {
  entries: Map<string, { data: Record<string, unknown>; filePath: string | undefined }>;
}

/** Runs a collection's loader as Astro would, against the project rooted at `root`. */
async function runLoader(collection: string, contentFile: ContentFile | ContentFolder, root = projectRoot): Promise<LoadResult> {
  const entries: LoadResult['entries'] = new Map();
  const rootUrl = pathToFileURL(`${root}/`);
  const context = {
    collection,
    config: { root: rootUrl, srcDir: new URL('src/', rootUrl) },
    store: {
      clear: () => entries.clear(),
      set: ({ id, data, filePath }: { id: string; data: Record<string, unknown>; filePath?: string }) => {
        entries.set(id, { data, filePath });
        return true;
      },
    },
    logger: { error: vi.fn() },
    renderMarkdown: async (markdown: string) => ({ html: `<p>${markdown.trim()}</p>` }),
  };
  // The loaders use only the members above; the rest of Astro's LoaderContext is not needed here.
  await ('file' in contentFile ? contentFileLoader(contentFile) : contentFolderLoader(contentFile)).load(context as unknown as LoaderContext);
  return { entries };
}

/** A copy of src/content in a temporary project, with `edit` applied to one file's parsed JSON. */
async function projectWithEditedFile(file: string, edit: (json: Record<string, unknown>) => void): Promise<string> {
  const root = await temporaryProject();
  await cp(contentDir, path.join(root, 'src/content'), { recursive: true });
  const location = path.join(root, 'src/content', file);
  const json = JSON.parse(await readFile(location, 'utf8')) as Record<string, unknown>;
  edit(json);
  await writeFile(location, JSON.stringify(json, null, 2));
  return root;
}

function setFirstMonthlyRate(value: unknown) {
  return (catalog: Record<string, unknown>) => {
    const plans = catalog['plans'] as Array<{ monthlyRates: Record<string, unknown> }>;
    plans[0]!.monthlyRates['1-month'] = value;
  };
}

describe('content collections (src/content.config.ts)', () => {
  it('declares one collection per entry of contentFiles and contentFolders', async () => {
    const { collections } = await import('./content.config');
    expect(Object.keys(collections).sort()).toEqual([...Object.keys(contentFiles), ...Object.keys(contentFolders)].sort());
  });

  it('leaves no file in src/content without a collection and schema', async () => {
    const declared = new Set<string>(Object.values(contentFiles).map(({ file }) => file));
    const entries = await readdir(contentDir, { withFileTypes: true });
    const files = entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
    const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(files.filter((file) => !declared.has(file))).toEqual([]);
    expect([...declared].filter((file) => !files.includes(file))).toEqual([]);
    // One folder holds the photos, each described in media.json (the `media` collection); the others are content folders.
    expect(folders.sort()).toEqual([PHOTO_FOLDER, ...Object.values(contentFolders).map(({ folder }) => folder)].sort());
    const photos = contentFiles.media.schema.parse(JSON.parse(await readFile(path.join(contentDir, 'media.json'), 'utf8')));
    const photoFiles = await readdir(path.join(contentDir, PHOTO_FOLDER));
    expect(photoFiles.filter((name) => !/^[a-z0-9-]+\.jpg$/.test(name) || !(name.slice(0, -4) in photos.photos))).toEqual([]);
  });

  it.each(Object.entries(contentFiles))('loads the shipped %s collection as one validated entry', async (name, contentFile: ContentFile) => {
    const { entries } = await runLoader(name, contentFile);
    expect([...entries.keys()]).toEqual([name]);
    expect(entries.get(name)?.filePath).toBe(`src/content/${contentFile.file}`);
    const shipped = contentFile.schema.parse(JSON.parse(await readFile(path.join(contentDir, contentFile.file), 'utf8')));
    const rootUrl = pathToFileURL(`${projectRoot}/`);
    const context = await readContentContext(new URL('src/', rootUrl), rootUrl);
    const finished = finishContent(`src/content/${contentFile.file}`, shipped, contentFile.photos(shipped), context);
    // Markdown fields arrive rendered (here by the stand-in renderer of runLoader).
    expect(entries.get(name)?.data).toEqual(await renderAtPaths(finished, contentFile.markdown, async (text) => `<p>${text.trim()}</p>`));
    if (contentFile.markdown.length > 0) expect(JSON.stringify(entries.get(name)?.data)).toContain('<p>');
    // Pages read plain data: every {placeholder} is filled where the file is loaded (a plan's {tier} is the page's).
    expect(JSON.stringify(entries.get(name)?.data).match(/\{\w+\}/g) ?? []).toEqual(name === 'membership-page' ? ['{tier}'] : []);
  });

  it('rejects a text naming an unknown placeholder, naming the file and the field', async () => {
    const root = await projectWithEditedFile('about.json', (about) => {
      const mission = about['mission'] as { pillars: Array<{ text: string }> };
      mission.pillars[0]!.text = 'Memberships from {membershipPrice} a month';
    });
    await expect(runLoader('about', contentFiles.about, root)).rejects.toThrow(
      /src\/content\/about\.json is invalid:\n {2}- mission\.pillars\[0\]\.text: unknown placeholder \{membershipPrice\}/,
    );
  });

  it('rejects a page naming a photo the library does not have, naming the file', async () => {
    const root = await projectWithEditedFile('menu.json', (menu) => {
      (menu['hero'] as { image: string }).image = 'bay-seven';
    });
    await expect(runLoader('menu', contentFiles.menu, root)).rejects.toThrow(/src\/content\/menu\.json is invalid:\n {2}- photo "bay-seven"/);
  });

  it('rejects a price written as text, naming the file and the field', async () => {
    const root = await projectWithEditedFile('memberships.json', setFirstMonthlyRate('abc'));
    const load = runLoader('memberships', contentFiles.memberships, root);
    await expect(load).rejects.toBeInstanceOf(ContentFileError);
    await expect(load).rejects.toThrow(
      /src\/content\/memberships\.json is invalid:\n {2}- plans\[0\]\.monthlyRates\.1-month: .*expected number/,
    );
  });

  it('rejects a file that is not JSON, naming the file', async () => {
    const root = await projectWithEditedFile('league.json', () => undefined);
    await writeFile(path.join(root, 'src/content/league.json'), '{ "sessions": [ }');
    await expect(runLoader('league', contentFiles.league, root)).rejects.toThrow(
      /src\/content\/league\.json is invalid:\n {2}- not valid JSON/,
    );
  });
});

describe('the upcoming events folder (markdown files)', () => {
  const folder = contentFolders['upcoming-events'];

  async function projectWithEventFile(name: string, text: string): Promise<string> {
    const root = await temporaryProject();
    await cp(contentDir, path.join(root, 'src/content'), { recursive: true });
    await writeFile(path.join(root, 'src/content', EVENTS_FOLDER, name), text);
    return root;
  }

  it('loads one entry per file, its body rendered', async () => {
    const { entries } = await runLoader('upcoming-events', folder);
    expect([...entries.keys()].sort()).toEqual(['spring-league-starts', 'weekly-trivia-night', 'winter-league-starts']);
    expect(entries.get('weekly-trivia-night')).toMatchObject({
      filePath: 'src/content/events/weekly-trivia-night.md',
      data: { kind: 'weekly', day: 'Wednesday', html: '<p>Teams of up to six, prizes for the winners and drink specials all night.</p>' },
    });
  });

  it('rejects a file with a bad field or an unknown league session, naming the file and the field', async () => {
    const badTime = await projectWithEventFile('quiz.md', '---\ntitle: Quiz\nkind: weekly\nday: Friday\nstartTime: "7pm"\nendTime: "21:00"\ntype: Weekly\n---\nFun.\n');
    await expect(runLoader('upcoming-events', folder, badTime)).rejects.toThrow(/src\/content\/events\/quiz\.md is invalid:\n {2}- startTime: expected a 24-hour time/);
    const badSession = await projectWithEventFile('summer.md', '---\ntitle: Summer\nkind: league\nsessionId: summer\ntype: League\n---\nSoon.\n');
    await expect(runLoader('upcoming-events', folder, badSession)).rejects.toThrow(/src\/content\/events\/summer\.md is invalid:\n {2}- sessionId: no session "summer"/);
    const noFrontMatter = await projectWithEventFile('plain.md', 'Just text.\n');
    await expect(runLoader('upcoming-events', folder, noFrontMatter)).rejects.toThrow(/src\/content\/events\/plain\.md is invalid:\n {2}- no front matter/);
  });
});

describe('astro sync with a malformed content file', () => {
  it('exits non-zero and names the file and the field', { timeout: 60_000 }, async () => {
    const root = await projectWithEditedFile('memberships.json', setFirstMonthlyRate('abc'));
    for (const part of ['src/domain', 'src/lib', 'src/content.config.ts', 'package.json', 'tsconfig.json']) {
      await cp(path.join(projectRoot, part), path.join(root, part), { recursive: true });
    }
    await mkdir(path.join(root, 'src/pages'));
    await symlink(await realpath(path.join(projectRoot, 'node_modules')), path.join(root, 'node_modules'), 'dir');
    // Caches stay inside the copy, so the run leaves the shared node_modules untouched.
    const config = "export default { cacheDir: './.cache/astro', vite: { cacheDir: './.cache/vite' } };\n";
    await writeFile(path.join(root, 'astro.config.mjs'), config);
    const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const astro = path.join(root, 'node_modules/astro/astro.js');
      const options = { cwd: root, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } };
      execFile(process.execPath, [astro, 'sync'], options, (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` }),
      );
    });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('Content file src/content/memberships.json is invalid');
    expect(result.output).toContain('plans[0].monthlyRates.1-month');
  });
});
