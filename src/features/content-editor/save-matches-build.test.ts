// The content editor accepts exactly what the build accepts. For every file under src/content/ (the
// folder is listed, so a file added without a case here fails): an edit the build refuses is refused
// by the editor's save, naming the file and the field, and the file stays as it was; the build's
// content check refuses the same files; an unchanged save of every file passes and the build then
// accepts what was written.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fromJS } from 'immutable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { checkContent } from '../../domain/content-check';
import { ContentFileError, contentFileName } from '../../domain/content-file';
import { contentFiles, contentFolders, PHOTO_FOLDER, type ContentCollectionName, type ContentFolderName } from '../../domain/content-files';
import { EVENT_BODY_FIELD } from '../../domain/upcoming-events';
import { contentSetFromTexts, readCheckedContent, readContentTexts } from '../../lib/content-set';
import { parseMarkdownFile } from '../../lib/markdown-file';
import { FILES_COLLECTION } from './config';
import { preSave, type ImmutableValue } from './pre-save';
import { EditorSession } from './validate';

type Data = Record<string, any>; // any: content edited in place, each case knows its file's shape

/** An edit the build refuses, and the field of the edited file the refusal names. */
interface Refused {
  edit(data: Data): void;
  field: string;
}

/** One case per JSON file (the edit reaches across files wherever the build checks one against another). */
const fileCases: Record<string, Refused> = {
  'site.json': { edit: (site) => (site.rates.items = site.rates.items.filter((item: Data) => !item.days.includes('Tuesday'))), field: 'rates.items' },
  'memberships.json': { edit: (catalog) => (catalog.plans[0].dailyReservations = '90 minutes per day'), field: 'plans[0].dailyReservations' },
  'membership-page.json': { edit: (page) => (page.hero.image = 'range-night'), field: 'hero.image' },
  'league.json': { edit: (league) => (league.sessions = league.sessions.filter((session: Data) => session.id !== 'winter')), field: 'sessions' },
  'league-page.json': { edit: (page) => (page.hero.image = 'range-night'), field: 'hero.image' },
  'league-play.json': { edit: (play) => (play.flights = []), field: 'flights' },
  'events.json': { edit: (events) => (events.rental.bays.find((bay: Data) => bay.name === 'Bay 6').name = 'Bay 9'), field: 'rental.bays' },
  'menu.json': { edit: (menu) => (menu.food.categories[0].items[0].price = -2), field: 'food.categories[0].items[0].price' },
  'home.json': { edit: (home) => (home.hero.poster = 'range-night'), field: 'hero.poster' },
  'about.json': { edit: (about) => (about.mission.pillars[0].text = 'From {membershipPrice} a month'), field: 'mission.pillars[0].text' },
  'contact.json': { edit: (contact) => (contact.hero.image = 'range-night'), field: 'hero.image' },
  'navigation.json': { edit: (navigation) => (navigation.menu[0].href = 'home'), field: 'menu[0].href' },
  'media.json': { edit: (media) => (media.photos = media.photos.filter((photo: Data) => photo.file !== '/media/game-magic-pond.jpg')), field: 'photos' },
  'bay-booking.json': { edit: (booking) => (booking.bayTypes[1].prices[0].card = 'Bay 9'), field: 'bayTypes[1].prices[0].card' },
  'gift-cards.json': { edit: (cards) => (cards.presets[0] = 1000), field: 'presets[0]' },
  'event-quotes.json': { edit: (quotes) => (quotes.bayRates[1].card = 'Bay 9'), field: 'bayRates[1].card' },
};

/** One case per folder of markdown files, applied to each of its files (they share one schema): front matter and body as the editor holds them. */
const folderCases: Record<string, Refused> = {
  events: { edit: (event) => Object.assign(event, { kind: 'league', sessionId: 'summer' }), field: 'sessionId' },
  policies: { edit: (policy) => delete policy['title'], field: 'title' },
};

const shippedDir = fileURLToPath(new URL('../../content/', import.meta.url));
let root: string;
const contentDir = () => path.join(root, 'src', 'content');
const srcUrl = () => pathToFileURL(`${path.join(root, 'src')}/`);

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'editor-save-'));
  await cp(shippedDir, contentDir(), { recursive: true });
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** Every file staff edit as an entry, by path inside src/content/ (the photos are uploads, described by media.json). */
async function contentFilePaths(): Promise<string[]> {
  const entries = await readdir(shippedDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(shippedDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith(`${PHOTO_FOLDER}/`))
    .sort();
}

/** Which editor form a file is, and its data as the form holds it. */
function asEntry(file: string, text: string): { collection: string; slug: string; data: Data; folder?: string } {
  const folder = file.includes('/') ? file.slice(0, file.indexOf('/')) : undefined;
  if (!folder) {
    const name = (Object.keys(contentFiles) as ContentCollectionName[]).find((each) => contentFileName(each) === file);
    if (!name) throw new Error(`${file} is not a content file`);
    return { collection: FILES_COLLECTION, slug: name, data: JSON.parse(text) as Data };
  }
  const name = (Object.keys(contentFolders) as ContentFolderName[]).find((each) => contentFolders[each].folder === folder);
  if (!name) throw new Error(`${folder}/ is not a content folder`);
  const { frontMatter, body } = parseMarkdownFile(text);
  return { collection: name, slug: path.basename(file, '.md'), data: { ...frontMatter, [EVENT_BODY_FIELD]: body }, folder };
}

/** The file as the editor writes an entry's data. */
function fileText(entry: ReturnType<typeof asEntry>, data: Data): string {
  if (!entry.folder) return `${JSON.stringify(data, null, 2)}\n`;
  const { [EVENT_BODY_FIELD]: body, ...frontMatter } = data;
  return `---\n${stringify(frontMatter)}---\n${String(body ?? '')}`;
}

/**
 * A save as the CMS makes it: its preSave event (the editor's check) and, only when that returns,
 * the entry written. Answers the refusal, if any.
 */
async function saveInEditor(session: EditorSession, file: string, entry: ReturnType<typeof asEntry>, data: Data): Promise<ContentFileError | undefined> {
  let written: ImmutableValue;
  try {
    written = preSave(session, fromJS({ collection: entry.collection, slug: entry.slug, data, mediaFiles: [] }) as unknown as ImmutableValue);
  } catch (error) {
    if (error instanceof ContentFileError) return error;
    throw error;
  }
  await writeFile(path.join(contentDir(), file), fileText(entry, written.toJS() as Data));
  return undefined;
}

const filePaths = await contentFilePaths();

const caseFor = (file: string): Refused | undefined => (file.includes('/') ? folderCases[file.slice(0, file.indexOf('/'))] : fileCases[file]);

describe('the editor’s save and the build refuse the same edits', () => {
  it('has a refused edit for every content file', async () => {
    expect(filePaths.filter((file) => !caseFor(file))).toEqual([]);
  });

  it.each(filePaths)('%s: an edit the build refuses is refused naming the file and the field, the file unchanged', async (file) => {
    const { edit, field } = caseFor(file)!;
    const before = await readFile(path.join(contentDir(), file), 'utf8');
    const entry = asEntry(file, before);
    const edited = structuredClone(entry.data);
    edit(edited);
    const shownAs = `src/content/${file}`;

    // The build: the shared content check on every file as read, with the edited file in place.
    const texts = await readContentTexts(srcUrl());
    const build = checkContent(contentSetFromTexts({ ...texts, texts: { ...texts.texts, [file]: fileText(entry, edited) } }));
    expect(build.ok).toBe(false);
    const involving = build.ok ? [] : build.problems.filter(({ places }) => places.some((place) => place.file === shownAs && place.field === field));
    expect(involving).not.toEqual([]);

    // The editor: refused with the file first and the field named; nothing written.
    const refusal = await saveInEditor(new EditorSession(contentSetFromTexts(texts)), file, entry, edited);
    expect(refusal?.file).toBe(shownAs);
    expect(refusal?.message).toMatch(new RegExp(`^Content file ${escape(shownAs)} is invalid:\\n(?: {2}- .*\\n)*? {2}- ${escape(field)}: `));
    expect(await readFile(path.join(contentDir(), file), 'utf8')).toBe(before);
  });

  it('saves every file unchanged, and the build accepts what the editor wrote', async () => {
    const session = new EditorSession(contentSetFromTexts(await readContentTexts(srcUrl())));
    for (const file of filePaths) {
      const entry = asEntry(file, await readFile(path.join(contentDir(), file), 'utf8'));
      expect(await saveInEditor(session, file, entry, entry.data), file).toBeUndefined();
      const saved = asEntry(file, await readFile(path.join(contentDir(), file), 'utf8'));
      expect(saved.data, file).toEqual(withoutEmpty(entry.data));
    }
    await expect(readCheckedContent(srcUrl())).resolves.toBeDefined();
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The data as the editor writes it: a field left empty is not written. */
function withoutEmpty(data: Data): Data {
  return JSON.parse(JSON.stringify(data, (_key, value: unknown) => (value === '' || value === null ? undefined : value))) as Data;
}
