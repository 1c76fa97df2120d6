import { describe, expect, it } from 'vitest';
import { ContentFileError, parseContentFile } from './content-file';
import {
  aboutSchema,
  contactSchema,
  eventStats,
  eventsSchema,
  formatLongDate,
  homeSchema,
  joinList,
  leaguePageSchema,
  membershipPageSchema,
  menuSchema,
  numberedBays,
  priceRange,
} from './page-content';
import about from '../content/about.json';
import contact from '../content/contact.json';
import events from '../content/events.json';
import home from '../content/home.json';
import leaguePage from '../content/league-page.json';
import membershipPage from '../content/membership-page.json';
import menuRaw from '../content/menu.json';


describe('page content files', () => {
  it('every shipped page file is valid', () => {
    expect(() => homeSchema.parse(home)).not.toThrow();
    expect(() => aboutSchema.parse(about)).not.toThrow();
    expect(() => eventsSchema.parse(events)).not.toThrow();
    expect(() => menuSchema.parse(menuRaw)).not.toThrow();
    expect(() => leaguePageSchema.parse(leaguePage)).not.toThrow();
    expect(() => membershipPageSchema.parse(membershipPage)).not.toThrow();
    expect(() => contactSchema.parse(contact)).not.toThrow();
  });

  it('a malformed file fails naming the file and the field', () => {
    const broken = structuredClone(menuRaw) as { food: { categories: Array<{ items: Array<{ price: unknown }> }> } };
    broken.food.categories[2]!.items[1]!.price = '$13.99';
    const load = () => parseContentFile('src/content/menu.json', menuSchema, broken);
    expect(load).toThrow(ContentFileError);
    expect(load).toThrow(/src\/content\/menu\.json/);
    expect(load).toThrow(/food\.categories\[2\]\.items\[1\]\.price/);
  });

  it('a menu whose power bowls point at no category is rejected', () => {
    const broken = { ...structuredClone(menuRaw), powerBowls: { ...menuRaw.powerBowls, category: 'bowls' } };
    expect(() => parseContentFile('src/content/menu.json', menuSchema, broken)).toThrow(/powerBowls\.category: no food category with id bowls/);
  });
});

describe('menu', () => {
  const menu = menuSchema.parse(menuRaw);
  const range = (id: string) => priceRange(menu.food.categories.find((category) => category.id === id)!.items);

  it('opens on appetizers and holds the six menu categories', () => {
    expect(menu.food.categories.map((category) => category.id)).toEqual(['appetizers', 'powerbowls', 'burgers', 'sandwiches', 'wraps', 'pizza']);
  });

  it('keeps the posted price ranges', () => {
    const ranges = Object.fromEntries(menu.food.categories.map((category) => [category.id, range(category.id)]));
    expect(ranges).toEqual({
      appetizers: '$3.49-$15.99',
      powerbowls: '$14.99',
      burgers: '$12.99-$15.99',
      sandwiches: '$15.99',
      wraps: '$14.99',
      pizza: '$11.99-$13.99',
    });
    expect(menu.drinks.lists.map((list) => `${list.title} ${priceRange(list.items)}`)).toEqual(['Custom Fit Cocktails $7-$13', 'Blended Specials $9-$12']);
    expect(menu.happyHour.when).toBe('Monday-Friday 3-6 PM');
  });
});

describe('events', () => {
  const content = eventsSchema.parse(events);

  it('derives the hero stats from the rental cards: 6 bays, 150 guests, $49-$75', () => {
    expect(eventStats(content)).toEqual({ bays: 6, maxGuests: 150, rateRange: '$49-$75' });
  });

  it('numbers one tile per bay across the rental cards, each with its guests', () => {
    const tiles = numberedBays(content.rental.bays);
    expect(tiles.map((tile) => tile.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(tiles.map((tile) => tile.guests)).toEqual([...Array(5).fill('1-8 guests'), '1-20 guests']);
  });
});

describe('page helpers', () => {
  it('joins lists and formats dates', () => {
    expect(joinList(['a'])).toBe('a');
    expect(joinList(['a', 'b', 'c'])).toBe('a, b & c');
    expect(formatLongDate('2026-04-25')).toBe('Saturday, April 25, 2026');
  });
});
