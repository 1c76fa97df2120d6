import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ContentFileError } from '../content-file';
import type { ContentContext } from '../content-context';
import { contentFiles } from '../content-files';
import { league } from '../../data/league';
import { membershipCatalog } from '../../data/memberships';
import { site } from '../../data/site';
import { FILES_COLLECTION } from './config';
import { EditorSession, emptyFieldPaths, withoutEmptyFields } from './validate';

const raw = (file: string) => JSON.parse(readFileSync(new URL(`../../content/${file}`, import.meta.url), 'utf8')) as Record<string, any>; // any: test data edited in place
const media = contentFiles.media.schema.parse(raw('media.json'));
const events = contentFiles.events.schema.parse(raw('events.json'));
const context = (): ContentContext => ({ site, memberships: membershipCatalog, league, maxGuests: events.maxGuests, rental: events.rental, media, photoFiles: Object.keys(media.photos) });
const save = (session: EditorSession, slug: string, data: Record<string, unknown>, mediaFiles: string[] = []) => session.check({ collection: FILES_COLLECTION, slug, data, mediaFiles });

describe('the content editor’s check before a save', () => {
  it('passes every shipped file as it is', () => {
    const session = new EditorSession(context());
    for (const [name, file] of Object.entries(contentFiles)) expect(() => save(session, name, raw(file.file))).not.toThrow();
  });

  it('refuses what the build refuses, with the build’s message naming the file and the field', () => {
    const menu = raw('menu.json');
    menu.food.categories[0].items[0].price = 'abc';
    expect(() => save(new EditorSession(context()), 'menu', menu)).toThrow(ContentFileError);
    expect(() => save(new EditorSession(context()), 'menu', menu)).toThrow(/src\/content\/menu\.json is invalid:\n {2}- food\.categories\[0\]\.items\[0\]\.price: .*expected number/);
    const siteFile = raw('site.json');
    siteFile.hours.days[1].closes = '08:00';
    expect(() => save(new EditorSession(context()), 'site', siteFile)).toThrow(/hours\.days\[1\]\.closes: the closing time must be after the opening time/);
  });

  it('checks references across files: photos and league sessions', () => {
    const menu = raw('menu.json');
    menu.hero.image = 'range-night';
    expect(() => save(new EditorSession(context()), 'menu', menu)).toThrow(/photo "range-night" needs src\/content\/media\/range-night\.jpg/);
    const event = { title: 'Summer League', kind: 'league', sessionId: 'summer', type: 'League', body: 'Soon.' };
    expect(() => new EditorSession(context()).check({ collection: 'upcoming-events', slug: '', data: event })).toThrow(
      /src\/content\/events\/\(new file\)\.md is invalid:\n {2}- sessionId: no session "summer"/,
    );
  });

  it('checks bay booking against the files it takes prices from, and follows the events page once it is saved', () => {
    const booking = raw('bay-booking.json');
    const cardPrice = booking.bayTypes.flatMap((type: { prices: Array<{ from: string }> }) => type.prices).find((price: { from: string }) => price.from === 'rental-card');
    cardPrice.card = 'Bay 9';
    expect(() => save(new EditorSession(context()), 'bay-booking', booking)).toThrow(/takes its price from the rental card "Bay 9", which src\/content\/events\.json does not have/);
    const session = new EditorSession(context());
    const eventsFile = raw('events.json');
    eventsFile.rental.bays.find((bay: { name: string }) => bay.name === 'Bay 6').name = 'Bay 9';
    save(session, 'events', eventsFile);
    expect(() => save(session, 'bay-booking', booking)).not.toThrow();
  });

  it('lets a page use a photo once the library that lists it is saved, before any rebuild', () => {
    const session = new EditorSession(context());
    const library = raw('media.json');
    library.photos.push({ file: '/media/range-night.jpg', alt: 'The range screen lit up at night' });
    save(session, 'media', library, ['src/content/media/range-night.jpg']);
    const menu = raw('menu.json');
    menu.hero.image = 'range-night';
    expect(() => save(session, 'menu', menu)).not.toThrow();
  });

  it('reads an event form with its markdown body as the description, an emptied field as unset', () => {
    const event = { title: 'Watch Party', kind: 'dated', date: '2099-04-09', startTime: '18:00', endTime: '', type: 'Party', featured: false, body: 'Big **screens**.' };
    expect(() => new EditorSession(context()).check({ collection: 'upcoming-events', slug: 'watch-party', data: event })).not.toThrow();
    expect(() => new EditorSession(context()).check({ collection: 'upcoming-events', slug: 'watch-party', data: { ...event, body: '' } })).toThrow(/description: write a description/);
    expect(() => new EditorSession(context()).check({ collection: 'elsewhere', slug: 'x', data: {} })).toThrow(/not one of the site's content files/);
  });

  it('finds and drops the fields the editor left empty, never list items', () => {
    const data = { a: '', b: { c: null, d: 'x' }, list: ['', { e: '' }] };
    expect(emptyFieldPaths(data)).toEqual([['a'], ['b', 'c'], ['list', 1, 'e']]);
    expect(withoutEmptyFields(data)).toEqual({ b: { d: 'x' }, list: ['', {}] });
  });
});
