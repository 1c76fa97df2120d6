import * as z from 'zod';
import { templateText } from './content-template';
import { formatMoneyRange } from './money';

/**
 * The words and facts of the information pages, one JSON file per page under src/content/
 * (home.json, about.json, events.json, menu.json, league-page.json, membership-page.json).
 * Prices, plans, league sessions and venue facts are not repeated here: pages derive them from
 * memberships.json, league.json and site.json, and a `templateText` field names them as {placeholders}.
 */
const text = z.string().min(1);
const photo = z.string().regex(/^[a-z0-9-]+$/, 'expected a photo name from src/content/media.json');
const path = z.string().regex(/^\/[a-z0-9\-/]*$|^https?:\/\//, 'expected a site path like /about or an http(s) address');

export const seoSchema = z.object({
  title: text,
  description: templateText({ text: z.string().min(50).max(170) }),
  keywords: z.array(text).default([]),
});

const heroSchema = z.object({ eyebrow: text, title: text, lead: text, image: photo });
const factSchema = z.object({ value: text, label: text, text });

export const homeSchema = z.object({
  /** The home page's title and description are the site's name and description (site.json). */
  seo: z.object({ keywords: z.array(text).default([]) }),
  hero: z.object({
    badge: text,
    title: text,
    lead: text,
    bookLabel: text,
    orderLabel: text,
    poster: photo,
    video: z.object({ mp4: z.string().regex(/^\/.+\.mp4$/), webm: z.string().regex(/^\/.+\.webm$/) }),
  }),
  cards: z.object({
    eyebrow: text,
    title: text,
    items: z.array(z.object({ title: text, badge: text.optional(), text: templateText(), href: path, image: photo })).min(1),
  }),
  dining: z.object({ eyebrow: text, title: text, text, image: photo, menuLabel: text }),
  visit: z.object({ eyebrow: text, title: text, contactLabel: text, membershipNote: templateText() }),
});

export const aboutSchema = z.object({
  seo: seoSchema,
  hero: heroSchema,
  mission: z.object({ eyebrow: text, statement: text, pillars: z.array(z.object({ title: text, text: templateText() })).min(1) }),
  capabilities: z.object({ eyebrow: text, title: text, lead: text, image: photo, facts: z.array(factSchema).min(1) }),
  courses: z.object({ eyebrow: text, title: text, image: photo, facts: z.array(factSchema).min(1) }),
  games: z.object({ eyebrow: text, title: text, lead: text, items: z.array(z.object({ name: text, text, image: photo })).min(1), more: text }),
  cta: z.object({ title: text, text, bookLabel: text }),
});

const baySchema = z.object({
  name: text,
  count: z.number().int().positive(),
  /** "1-8 guests": each bay's tile prints it, the card adds the note ("per simulator"). */
  guests: text,
  guestsNote: text.optional(),
  offPeak: z.number().positive(),
  peak: z.number().positive(),
  image: photo,
});
export type BayRental = z.infer<typeof baySchema>;

export const eventsSchema = z.object({
  seo: seoSchema,
  hero: heroSchema.extend({ bookLabel: text, menuLabel: text, aboutLabel: text }),
  maxGuests: z.number().int().positive(),
  statLabels: z.object({ bays: text, guests: text, rates: text }),
  privateEvents: z.object({
    eyebrow: text,
    title: text,
    cards: z.array(z.object({ title: text, text, points: z.array(text), image: photo })).min(1),
  }),
  rental: z.object({ eyebrow: text, title: text, offPeakLabel: text, peakLabel: text, bays: z.array(baySchema).min(1) }),
  facility: z.object({
    eyebrow: text,
    title: text,
    lead: text,
    spaceLabel: text,
    spaces: z.array(z.object({ name: text, guests: text, text, image: photo })).min(1),
  }),
  /** The events themselves are markdown files in src/content/events/ (src/domain/upcoming-events.ts). */
  upcoming: z.object({ eyebrow: text, title: text, featuredLabel: text, nextLabel: text }),
  cta: z.object({ title: text, text, bookLabel: text }),
});

const menuItemSchema = z.object({ name: text, price: z.number().positive(), description: text });
export type MenuItem = z.infer<typeof menuItemSchema>;
const categorySchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  label: text,
  note: text.optional(),
  items: z.array(menuItemSchema).min(1),
});
export type MenuCategory = z.infer<typeof categorySchema>;

export const menuSchema = z
  .object({
    seo: seoSchema,
    hero: heroSchema.extend({ orderLabel: text }),
    powerBowls: z.object({ eyebrow: text, title: text, category: z.string().min(1), image: photo }),
    happyHour: z.object({ title: text, when: text, deals: z.array(text).min(1) }),
    /** The first category is the tab selected when the page opens. */
    food: z.object({ title: text, categories: z.array(categorySchema).min(1) }),
    drinks: z.object({
      title: text,
      image: photo,
      lists: z.array(z.object({ id: z.string().regex(/^[a-z0-9-]+$/), title: text, image: photo.optional(), items: z.array(menuItemSchema).min(1) })).min(1),
    }),
  })
  .superRefine((menu, context) => {
    const ids = menu.food.categories.map((category) => category.id);
    if (!ids.includes(menu.powerBowls.category)) {
      context.addIssue({ code: 'custom', path: ['powerBowls', 'category'], message: `no food category with id ${menu.powerBowls.category}` });
    }
    ids.forEach((id, index) => {
      if (ids.indexOf(id) !== index) context.addIssue({ code: 'custom', path: ['food', 'categories', index, 'id'], message: `duplicate category id ${id}` });
    });
  });

const overviewCard = z.object({ title: templateText(), text: templateText() });

export const leaguePageSchema = z.object({
  seo: seoSchema,
  hero: heroSchema.extend({ registerLabel: text }),
  overview: z.object({
    team: overviewCard,
    sessions: overviewCard,
    teeTimes: overviewCard,
    price: overviewCard,
  }),
  schedule: z.object({ eyebrow: text, title: text, practiceLabel: text, coursesLabel: text, shownCourses: z.number().int().positive() }),
  formats: z.object({ eyebrow: text, title: text, items: z.array(z.object({ name: text, description: text, frequency: text })).min(1) }),
  awards: z.object({ eyebrow: text, title: text, note: text, items: z.array(z.object({ name: text, description: text })).min(1) }),
  entryFee: z.object({ eyebrow: text, title: templateText(), text: templateText() }),
  playoffs: z.object({
    eyebrow: text,
    title: text,
    rounds: z.array(z.object({ name: text, format: text, dates: text })).min(1),
  }),
  cta: z.object({ title: text, text, registerLabel: text }),
});

export const membershipPageSchema = z.object({
  seo: seoSchema,
  hero: heroSchema,
  termLegend: text,
  popularLabel: text,
  /** Each plan's button: {tier} is the plan's. */
  chooseLabel: templateText({ local: ['tier'] }),
  comparison: z.object({ eyebrow: text, title: text }),
  faq: z.object({ eyebrow: text, title: text, items: z.array(z.object({ question: text, answer: text })).min(1) }),
});

export const contactSchema = z.object({
  seo: seoSchema,
  hero: z.object({ eyebrow: text, title: text, image: photo, callLabel: templateText(), emailLabel: text }),
  detailsTitle: text,
  socialTitle: text,
  bookLabel: text,
  getInTouch: z.object({ eyebrow: text, title: text, emailLabel: templateText(), callLabel: templateText(), mapLinkLabel: text, mapShowLabel: text }),
});

export type ContactContent = z.infer<typeof contactSchema>;
export type HomeContent = z.infer<typeof homeSchema>;
export type AboutContent = z.infer<typeof aboutSchema>;
export type EventsContent = z.infer<typeof eventsSchema>;
export type MenuContent = z.infer<typeof menuSchema>;
export type LeaguePageContent = z.infer<typeof leaguePageSchema>;
export type MembershipPageContent = z.infer<typeof membershipPageSchema>;

/** "$3.49-$15.99" for a list of items; one price when they all cost the same. */
export function priceRange(items: readonly MenuItem[]): string {
  return formatMoneyRange(items.map((item) => item.price));
}

export interface EventStats {
  bays: number;
  maxGuests: number;
  /** "$49-$75" */
  rateRange: string;
}

/** The events page stats: bay count and price range derive from the rental cards. */
export function eventStats(events: Pick<EventsContent, 'rental' | 'maxGuests'>): EventStats {
  const bays = events.rental.bays;
  const prices = bays.flatMap((bay) => [bay.offPeak, bay.peak]);
  return {
    bays: bays.reduce((sum, bay) => sum + bay.count, 0),
    maxGuests: events.maxGuests,
    rateRange: formatMoneyRange(prices),
  };
}

/** One tile per simulator bay, numbered from 1 across the rental cards in order. */
export function numberedBays(bays: readonly BayRental[]): Array<{ number: number; guests: string }> {
  let number = 0;
  return bays.flatMap((bay) => Array.from({ length: bay.count }, () => ({ number: (number += 1), guests: bay.guests })));
}

/** "Monday, December 1, 2025" for "2025-12-01" (calendar date, no time zone shift). */
export function formatLongDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!)).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** "6:00 PM & 8:00 PM" style lists: "a", "a & b", "a, b & c". */
export function joinList(items: readonly string[], conjunction = '&'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}
