import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContentFileError } from './domain/content-file';
import { contentFiles, contentFolders, PHOTO_FOLDER, type ContentCollectionName, type ContentFile, type ContentFolderName } from './domain/content-files';
import { EVENTS_FOLDER } from './domain/upcoming-events';
import { POLICIES_FOLDER, POLICY_PAGES } from './domain/policies';
import { contentFolderLoader } from './lib/content-folder-loader';
import { cancellationNotice } from './domain/content-context';
import { contentFileLoader, renderAtPaths } from './lib/content-file-loader';
import { readCheckedContent } from './lib/content-set';

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
async function runLoader(collection: ContentCollectionName | ContentFolderName, root = projectRoot): Promise<LoadResult> {
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
  const isFolder = (name: string): name is ContentFolderName => Object.hasOwn(contentFolders, name);
  await (isFolder(collection) ? contentFolderLoader(collection) : contentFileLoader(collection)).load(context as unknown as LoaderContext);
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
    const { entries } = await runLoader(name as ContentCollectionName);
    expect([...entries.keys()]).toEqual([name]);
    expect(entries.get(name)?.filePath).toBe(`src/content/${contentFile.file}`);
    const checked = await readCheckedContent(new URL('src/', pathToFileURL(`${projectRoot}/`)));
    const finished = checked.files[name as ContentCollectionName];
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
    await expect(runLoader('about', root)).rejects.toThrow(
      /src\/content\/about\.json is invalid:\n {2}- mission\.pillars\[0\]\.text: unknown placeholder \{membershipPrice\}/,
    );
  });

  it('rejects a page naming a photo the library does not have, naming the file and the field', async () => {
    const root = await projectWithEditedFile('menu.json', (menu) => {
      (menu['hero'] as { image: string }).image = 'bay-seven';
    });
    await expect(runLoader('menu', root)).rejects.toThrow(/src\/content\/menu\.json is invalid:\n {2}- hero\.image: photo "bay-seven"/);
  });

  it('rejects a price written as text, naming the file and the field', async () => {
    const root = await projectWithEditedFile('memberships.json', setFirstMonthlyRate('abc'));
    const load = runLoader('memberships', root);
    await expect(load).rejects.toBeInstanceOf(ContentFileError);
    await expect(load).rejects.toThrow(
      /src\/content\/memberships\.json is invalid:\n {2}- plans\[0\]\.monthlyRates\.1-month: .*expected number/,
    );
  });

  it('rejects a file that is not JSON, naming the file', async () => {
    const root = await projectWithEditedFile('league.json', () => undefined);
    await writeFile(path.join(root, 'src/content/league.json'), '{ "sessions": [ }');
    await expect(runLoader('league', root)).rejects.toThrow(
      /src\/content\/league\.json is invalid:\n {2}- not valid JSON/,
    );
  });
});

describe('the upcoming events folder (markdown files)', () => {
  async function projectWithEventFile(name: string, text: string): Promise<string> {
    const root = await temporaryProject();
    await cp(contentDir, path.join(root, 'src/content'), { recursive: true });
    await writeFile(path.join(root, 'src/content', EVENTS_FOLDER, name), text);
    return root;
  }

  it('loads one entry per file, its body rendered', async () => {
    const { entries } = await runLoader('upcoming-events');
    expect([...entries.keys()].sort()).toEqual(['spring-league-starts', 'weekly-trivia-night', 'winter-league-starts']);
    expect(entries.get('weekly-trivia-night')).toMatchObject({
      filePath: 'src/content/events/weekly-trivia-night.md',
      data: { kind: 'weekly', day: 'Wednesday', html: '<p>Teams of up to six, prizes for the winners and drink specials all night.</p>' },
    });
  });

  it('rejects a file with a bad field or an unknown league session, naming the file and the field', async () => {
    const badTime = await projectWithEventFile('quiz.md', '---\ntitle: Quiz\nkind: weekly\nday: Friday\nstartTime: "7pm"\nendTime: "21:00"\ntype: Weekly\n---\nFun.\n');
    await expect(runLoader('upcoming-events', badTime)).rejects.toThrow(/src\/content\/events\/quiz\.md is invalid:\n {2}- startTime: expected a 24-hour time/);
    const badSession = await projectWithEventFile('summer.md', '---\ntitle: Summer\nkind: league\nsessionId: summer\ntype: League\n---\nSoon.\n');
    await expect(runLoader('upcoming-events', badSession)).rejects.toThrow(/src\/content\/events\/summer\.md is invalid:\n {2}- sessionId: no session "summer"/);
    const noFrontMatter = await projectWithEventFile('plain.md', 'Just text.\n');
    await expect(runLoader('upcoming-events', noFrontMatter)).rejects.toThrow(/src\/content\/events\/plain\.md is invalid:\n {2}- no front matter/);
  });
});

describe('the policy pages folder (markdown files)', () => {
  async function projectWithPolicy(name: string, text: string): Promise<string> {
    const root = await temporaryProject();
    await cp(contentDir, path.join(root, 'src/content'), { recursive: true });
    await writeFile(path.join(root, 'src/content', POLICIES_FOLDER, name), text);
    return root;
  }

  it('loads each page with its placeholders filled from the files that own the facts, the note for staff kept out of the HTML', async () => {
    const { entries } = await runLoader('policies');
    expect([...entries.keys()].sort()).toEqual([...POLICY_PAGES].sort());
    const terms = entries.get('terms')!.data as { html: string; staffNote: string };
    const bayBooking = JSON.parse(await readFile(path.join(contentDir, 'bay-booking.json'), 'utf8')) as { cancellation: { freeUntilHoursBefore: number } };
    expect(terms.html).toContain(`until ${cancellationNotice(bayBooking.cancellation.freeUntilHoursBefore)} before your start time`);
    expect(terms.html).not.toMatch(/\{\w+\}/);
    expect(terms.html).not.toContain(terms.staffNote);
  });

  it('refuses a page without a title, and a placeholder nobody fills, naming the file and the field', async () => {
    const untitled = await projectWithPolicy('privacy.md', '---\ndescription: What the website keeps about you, who handles it and how to ask for a copy.\n---\nText.\n');
    await expect(runLoader('policies', untitled)).rejects.toThrow(/src\/content\/policies\/privacy\.md is invalid:\n {2}- title: a policy page needs a title/);
    const unknown = await projectWithPolicy('terms.md', '---\ntitle: Terms\ndescription: The terms of booking a bay, registering a league team and buying a membership.\n---\nCancel until {refundHours} before.\n');
    await expect(runLoader('policies', unknown)).rejects.toThrow(/src\/content\/policies\/terms\.md is invalid:\n {2}- body: unknown placeholder \{refundHours\}/);
  });
});

describe('dates the build refuses', () => {
  it('refuses a league session closing after its last day, naming the file and the field', async () => {
    const root = await projectWithEditedFile('league.json', (league) => {
      const session = (league['sessions'] as Array<Record<string, unknown>>)[0]!;
      // 23:59 in Hawaii on the last day is the next morning in Verona.
      session['closesAt'] = `${String(session['endDate'])}T23:59:00-10:00`;
    });
    await expect(runLoader('league', root)).rejects.toThrow(/src\/content\/league\.json is invalid:\n {2}- sessions\[0\]\.closesAt: is after the session's last day/);
  });

  it('refuses a promotion that ends before it starts, naming the file and the field', async () => {
    const root = await projectWithEditedFile('memberships.json', (catalog) => {
      Object.assign(catalog['promotion'] as Record<string, unknown>, { startsAt: '2026-10-31', endsAt: '2026-10-01' });
    });
    await expect(runLoader('memberships', root)).rejects.toThrow(/src\/content\/memberships\.json is invalid:\n {2}- promotion\.endsAt: is before the first day/);
  });
});

describe('checks across files the build runs for every collection', () => {
  it('refuses site.json without the posted rate bay booking charges on Tuesday to Thursday, naming both files', async () => {
    const root = await projectWithEditedFile('site.json', (site) => {
      const rates = site['rates'] as { items: Array<{ days: string[] }> };
      rates.items = rates.items.filter((item) => !item.days.includes('Tuesday'));
    });
    // Any collection's load checks every file: the site's own page fails as bay booking's does.
    for (const collection of ['site', 'bay-booking'] as const) {
      await expect(runLoader(collection, root)).rejects.toThrow(
        /src\/content\/bay-booking\.json is invalid:\n {2}- bayTypes\[0\]\.prices\[0\]\.from: bay type standard takes its price for Tuesday, Wednesday and Thursday from the posted rates.* \(see also src\/content\/site\.json: rates\.items\)/,
      );
    }
  });

  it('refuses a plan term bay booking cannot read, naming the plan\'s field', async () => {
    const root = await projectWithEditedFile('memberships.json', (catalog) => {
      (catalog['plans'] as Array<Record<string, unknown>>)[0]!['dailyReservations'] = '90 minutes per day';
    });
    await expect(runLoader('memberships', root)).rejects.toThrow(/src\/content\/memberships\.json is invalid:\n {2}- plans\[0\]\.dailyReservations: .*"90 minutes per day" must read like "1 hour per day"/);
  });

  it('refuses an event quote rate from a rental card the events page does not have (the admin pages would fail on it)', async () => {
    const root = await projectWithEditedFile('event-quotes.json', (quotes) => {
      (quotes['bayRates'] as Array<{ card: string }>)[1]!.card = 'Bay 9';
    });
    await expect(runLoader('event-quotes', root)).rejects.toThrow(/src\/content\/event-quotes\.json is invalid:\n {2}- bayRates\[1\]\.card: bay type large takes its event rate from the rental card "Bay 9"/);
  });
});

describe('astro sync with a malformed content file', () => {
  it('exits non-zero and names the file and the field', { timeout: 60_000 }, async () => {
    const root = await projectWithEditedFile('memberships.json', setFirstMonthlyRate('abc'));
    for (const part of ['src/domain', 'src/features', 'src/shared', 'src/data', 'src/lib', 'src/content.config.ts', 'package.json', 'tsconfig.json']) {
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
