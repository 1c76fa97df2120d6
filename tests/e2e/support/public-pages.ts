// What the public page specs share: the content they check against, read with the site's own schemas,
// and the helpers for new-tab links and structured data.
import { readdirSync, readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { hoursLines, openingHoursSchema } from '../../../src/domain/hours';
import { leagueSchema } from '../../../src/features/league/rules/league';
import { membershipCatalogSchema } from '../../../src/features/memberships/rules/membership';
import { notFoundPage } from '../../../src/domain/not-found';
import { bookingHref, siteSchema } from '../../../src/domain/site';
import { contentTemplateValues } from '../../../src/domain/content-context';
import { fillTemplate } from '../../../src/domain/content-template';
import { eventsSchema, menuSchema } from '../../../src/domain/page-content';
import { contentFolders } from '../../../src/domain/content-files';
import { upcomingEvents, type EventEntry } from '../../../src/domain/upcoming-events';
import { venueDate } from '../../../src/domain/venue-calendar';
import { parseMarkdownFile } from '../../../src/lib/markdown-file';
import about from '../../../src/content/about.json' with { type: 'json' };
import eventsRaw from '../../../src/content/events.json' with { type: 'json' };
import home from '../../../src/content/home.json' with { type: 'json' };
import leagueRaw from '../../../src/content/league.json' with { type: 'json' };
import media from '../../../src/content/media.json' with { type: 'json' };
import membershipsRaw from '../../../src/content/memberships.json' with { type: 'json' };
import menuRaw from '../../../src/content/menu.json' with { type: 'json' };
import navigation from '../../../src/content/navigation.json' with { type: 'json' };
import site from '../../../src/content/site.json' with { type: 'json' };
import bayBookingRaw from '../../../src/content/bay-booking.json' with { type: 'json' };
import giftCardsRaw from '../../../src/content/gift-cards.json' with { type: 'json' };
import { bayBookingContentSchema } from '../../../src/features/bay-booking/rules/content';

export const catalog = membershipCatalogSchema.parse(membershipsRaw);
export const league = leagueSchema.parse(leagueRaw);
export const bayBooking = bayBookingContentSchema.parse(bayBookingRaw);
export const events = eventsSchema.parse(eventsRaw);
export const menu = menuSchema.parse(menuRaw);
/** The gift cards' call to action on the home page, as content words it. */
export const giftCardsCta = giftCardsRaw.homeCta;
export const hours = hoursLines(openingHoursSchema.parse(site.hours));
const templateValues = contentTemplateValues({ site: siteSchema.parse(site), memberships: catalog, league, maxGuests: events.maxGuests, bayBooking });
export const fill = (text: string) => fillTemplate(text, templateValues);

/** The upcoming events the events page lists on `day` (the venue's date; today by default), read from src/content/events/ with the site's schema. */
export function upcomingToday(day = new Date()): ReturnType<typeof upcomingEvents> {
  const { folder, schema, fields } = contentFolders['upcoming-events'];
  const directory = new URL(`../../../src/content/${folder}/`, import.meta.url);
  const entries = readdirSync(directory)
    .filter((file) => file.endsWith('.md'))
    .map((file): EventEntry => {
      const { frontMatter, body } = parseMarkdownFile(readFileSync(new URL(file, directory), 'utf8'));
      return { ...schema.parse(fields(frontMatter, body)), html: '' };
    });
  return upcomingEvents(entries, league, venueDate(day));
}

/** The information pages: every one must pass the same chrome, axe and JavaScript checks. */
export const informationPages = ['/', '/about', '/memberships', '/events', '/menu', '/contact', '/league', '/privacy', '/terms', '/accessibility'];
/** Pages with the 4 KB / no-React budget: every information page but /events, which hosts the booking dialog island. */
export const scriptFreePages = informationPages.filter((path) => path !== '/events');

export async function expectNewTab(page: Page, name: string | RegExp, href: string) {
  const link = page.getByRole('link', { name, exact: typeof name === 'string' }).first();
  await expect(link).toHaveAttribute('href', href);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
}

/**
 * A booking button as booking.mode says: `external` opens links.booking in a new tab, `onsite` opens
 * /book in the same tab.
 */
export async function expectBookingLink(scope: Page | Locator, name: string) {
  const link = scope.getByRole('link', { name, exact: true }).first();
  const parsed = siteSchema.parse(site);
  await expect(link).toHaveAttribute('href', bookingHref(parsed));
  if (parsed.booking.mode === 'external') {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  } else {
    await expect(link).not.toHaveAttribute('target', /.*/);
  }
}

export async function jsonLdTypes(page: Page): Promise<string[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => {
    const data = JSON.parse(block) as { '@type': string };
    return data['@type'];
  });
}

export { about, home, media, navigation, notFoundPage, site };
