import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ContentFileError } from '../../domain/content-file';
import { contentFiles } from '../../domain/content-files';
import { contentSetFromTexts, readContentTexts } from '../../lib/content-set';
import { FILES_COLLECTION } from './config';
import { EditorSession, emptyFieldPaths, withoutEmptyFields } from './validate';
import { POLICY_PAGES } from '../../domain/policies';
import { parseMarkdownFile } from '../../lib/markdown-file';

const raw = (file: string) => JSON.parse(readFileSync(new URL(`../../content/${file}`, import.meta.url), 'utf8')) as Record<string, any>; // any: test data edited in place
/** Every content file as the build reads it (what the editor page carries). */
const shipped = contentSetFromTexts(await readContentTexts(new URL('../../', import.meta.url)));
const session = () => new EditorSession(shipped);
const save = (editor: EditorSession, slug: string, data: Record<string, unknown>, mediaFiles: string[] = []) => editor.check({ collection: FILES_COLLECTION, slug, data, mediaFiles });

describe('the content editor’s check before a save', () => {
  it('passes every shipped file as it is', () => {
    const editor = session();
    for (const [name, file] of Object.entries(contentFiles)) expect(() => save(editor, name, raw(file.file))).not.toThrow();
  });

  it('refuses what the build refuses, with the build’s message naming the file and the field', () => {
    const menu = raw('menu.json');
    menu.food.categories[0].items[0].price = 'abc';
    expect(() => save(session(), 'menu', menu)).toThrow(ContentFileError);
    expect(() => save(session(), 'menu', menu)).toThrow(/src\/content\/menu\.json is invalid:\n {2}- food\.categories\[0\]\.items\[0\]\.price: .*expected number/);
    const siteFile = raw('site.json');
    siteFile.hours.days[1].closes = '08:00';
    expect(() => save(session(), 'site', siteFile)).toThrow(/hours\.days\[1\]\.closes: the closing time must be after the opening time/);
  });

  it('checks references across files: photos and league sessions', () => {
    const menu = raw('menu.json');
    menu.hero.image = 'range-night';
    expect(() => save(session(), 'menu', menu)).toThrow(/photo "range-night" needs src\/content\/media\/range-night\.jpg/);
    const event = { title: 'Summer League', kind: 'league', sessionId: 'summer', type: 'League', body: 'Soon.' };
    expect(() => session().check({ collection: 'upcoming-events', slug: '', data: event })).toThrow(
      /src\/content\/events\/\(new file\)\.md is invalid:\n {2}- sessionId: no session "summer"/,
    );
  });

  it('checks bay booking against the files it takes prices from, and follows the events page once it is saved', () => {
    const booking = raw('bay-booking.json');
    const cardPrice = booking.bayTypes.flatMap((type: { prices: Array<{ from: string }> }) => type.prices).find((price: { from: string }) => price.from === 'rental-card');
    cardPrice.card = 'Bay 9';
    expect(() => save(session(), 'bay-booking', booking)).toThrow(/takes its price from the rental card "Bay 9", which src\/content\/events\.json does not have/);
    const editor = session();
    const eventsFile = raw('events.json');
    eventsFile.rental.bays.push({ ...eventsFile.rental.bays.find((bay: { name: string }) => bay.name === 'Bay 6'), name: 'Bay 9' });
    save(editor, 'events', eventsFile);
    expect(() => save(editor, 'bay-booking', booking)).not.toThrow();
  });

  it('refuses the edits the build refuses in other files: a posted rate bay booking charges, a plan term it cannot read', () => {
    const siteFile = raw('site.json');
    siteFile.rates.items = siteFile.rates.items.filter((item: { days: string[] }) => !item.days.includes('Tuesday'));
    expect(() => save(session(), 'site', siteFile)).toThrow(
      /^Content file src\/content\/site\.json is invalid:\n {2}- rates\.items: bay type standard takes its price for Tuesday, Wednesday and Thursday from the posted rates, but the site settings post none for those days \(see also src\/content\/bay-booking\.json: bayTypes\[0\]\.prices\[0\]\.from\)$/,
    );
    const catalog = raw('memberships.json');
    catalog.plans[0].dailyReservations = '90 minutes per day';
    expect(() => save(session(), 'memberships', catalog)).toThrow(/^Content file src\/content\/memberships\.json is invalid:\n {2}- plans\[0\]\.dailyReservations: .*"90 minutes per day" must read like "1 hour per day"/);
  });

  it('refuses renaming a rental card that bay booking and the event quotes charge, naming the card list and both files that use it', () => {
    const eventsFile = raw('events.json');
    eventsFile.rental.bays.find((bay: { name: string }) => bay.name === 'Bay 6').name = 'Bay 9';
    const refusal = (() => {
      try {
        save(session(), 'events', eventsFile);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refusal).toBeInstanceOf(ContentFileError);
    expect((refusal as ContentFileError).file).toBe('src/content/events.json');
    expect((refusal as ContentFileError).problems).toEqual([
      expect.stringMatching(/^rental\.bays: bay type large takes its price from the rental card "Bay 6".*\(see also src\/content\/bay-booking\.json: bayTypes\[1\]\.prices\[0\]\.card\)$/),
      expect.stringMatching(/^rental\.bays: bay type large takes its event rate from the rental card "Bay 6".*\(see also src\/content\/event-quotes\.json: bayRates\[1\]\.card\)$/),
    ]);
  });

  it('keeps what a save changed, never what a refused save tried', () => {
    const editor = session();
    const leagueFile = raw('league.json');
    const removed = leagueFile.sessions.find((each: { id: string }) => each.id === 'winter');
    leagueFile.sessions = leagueFile.sessions.filter((each: { id: string }) => each.id !== 'winter');
    // An event file names the winter session: the league may not lose it, and a refused save changes nothing.
    expect(() => save(editor, 'league', leagueFile)).toThrow(/^Content file src\/content\/league\.json is invalid:\n {2}- sessions: no session "winter" in src\/content\/league\.json \(see also src\/content\/events\/winter-league-starts\.md: sessionId\)/);
    const event = { title: 'Winter League', kind: 'league', sessionId: 'winter', type: 'League', body: 'Soon.' };
    expect(() => editor.check({ collection: 'upcoming-events', slug: 'winter-league-starts', data: event })).not.toThrow();
    leagueFile.sessions.push({ ...removed, id: 'winter-2' });
    save(editor, 'league', { ...leagueFile, sessions: [...leagueFile.sessions.slice(0, -1), removed, leagueFile.sessions.at(-1)] });
    expect(() => editor.check({ collection: 'upcoming-events', slug: 'winter-league-starts', data: { ...event, sessionId: 'winter-2' } })).not.toThrow();
  });

  it('lets a page use a photo once the library that lists it is saved, before any rebuild', () => {
    const editor = session();
    const library = raw('media.json');
    library.photos.push({ file: '/media/range-night.jpg', alt: 'The range screen lit up at night' });
    save(editor, 'media', library, ['src/content/media/range-night.jpg']);
    const menu = raw('menu.json');
    menu.hero.image = 'range-night';
    expect(() => save(editor, 'menu', menu)).not.toThrow();
  });

  it('reads an event form with its markdown body as the description, an emptied field as unset', () => {
    const event = { title: 'Watch Party', kind: 'dated', date: '2099-04-09', startTime: '18:00', endTime: '', type: 'Party', featured: false, body: 'Big **screens**.' };
    expect(() => session().check({ collection: 'upcoming-events', slug: 'watch-party', data: event })).not.toThrow();
    expect(() => session().check({ collection: 'upcoming-events', slug: 'watch-party', data: { ...event, body: '' } })).toThrow(/description: write a description/);
    expect(() => session().check({ collection: 'elsewhere', slug: 'x', data: {} })).toThrow(/not one of the site's content files/);
  });

  it('checks a policy page as the build does: the shipped ones pass, one without a title is refused naming the file and the field', () => {
    const policy = (name: string) => {
      const { frontMatter, body } = parseMarkdownFile(readFileSync(new URL(`../../content/policies/${name}.md`, import.meta.url), 'utf8'));
      return { ...frontMatter, body };
    };
    const editor = session();
    for (const name of POLICY_PAGES) expect(() => editor.check({ collection: 'policies', slug: name, data: policy(name) })).not.toThrow();
    expect(() => editor.check({ collection: 'policies', slug: 'privacy', data: { ...policy('privacy'), title: '' } })).toThrow(/src\/content\/policies\/privacy\.md is invalid:\n {2}- title: a policy page needs a title/);
  });

  it('refuses dates the build refuses: a league session closing after its last day, a promotion ending before it starts', () => {
    const leagueFile = raw('league.json');
    leagueFile.sessions[1].closesAt = `${leagueFile.sessions[1].endDate}T23:59:00-10:00`;
    expect(() => save(session(), 'league', leagueFile)).toThrow(/src\/content\/league\.json is invalid:\n {2}- sessions\[1\]\.closesAt: is after the session's last day/);
    const catalog = raw('memberships.json');
    Object.assign(catalog.promotion, { startsAt: '2026-10-31', endsAt: '2026-10-01' });
    expect(() => save(session(), 'memberships', catalog)).toThrow(/src\/content\/memberships\.json is invalid:\n {2}- promotion\.endsAt: is before the first day/);
  });

  it('finds and drops the fields the editor left empty, never list items', () => {
    const data = { a: '', b: { c: null, d: 'x' }, list: ['', { e: '' }] };
    expect(emptyFieldPaths(data)).toEqual([['a'], ['b', 'c'], ['list', 1, 'e']]);
    expect(withoutEmptyFields(data)).toEqual({ b: { d: 'x' }, list: ['', {}] });
  });
});
