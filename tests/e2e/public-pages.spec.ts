import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { hoursLines, openingHoursSchema, rateLines, hourlyRatesSchema } from '../../src/domain/hours';
import { leagueSchema } from '../../src/domain/league';
import { membershipCatalogSchema, termSavings } from '../../src/domain/membership';
import { notFoundPage } from '../../src/domain/not-found';
import { contentTemplateValues, eventsSchema, fillTemplate, menuSchema } from '../../src/domain/page-content';
import about from '../../src/content/about.json' with { type: 'json' };
import eventsRaw from '../../src/content/events.json' with { type: 'json' };
import home from '../../src/content/home.json' with { type: 'json' };
import leagueRaw from '../../src/content/league.json' with { type: 'json' };
import media from '../../src/content/media.json' with { type: 'json' };
import membershipsRaw from '../../src/content/memberships.json' with { type: 'json' };
import menuRaw from '../../src/content/menu.json' with { type: 'json' };
import navigation from '../../src/content/navigation.json' with { type: 'json' };
import site from '../../src/content/site.json' with { type: 'json' };

const catalog = membershipCatalogSchema.parse(membershipsRaw);
const league = leagueSchema.parse(leagueRaw);
const events = eventsSchema.parse(eventsRaw);
const menu = menuSchema.parse(menuRaw);
const hours = hoursLines(openingHoursSchema.parse(site.hours));
const templateValues = contentTemplateValues({
  league,
  lowestMonthlyRate: Math.min(...catalog.plans.flatMap((plan) => Object.values(plan.monthlyRates))),
  maxGuests: events.maxGuests,
});
const fill = (text: string) => fillTemplate(text, templateValues);

/** The information pages of issue 3; every one must pass the same chrome, axe and JavaScript checks. */
const informationPages = ['/', '/about', '/memberships', '/events', '/menu', '/contact', '/league'];
/** Pages with the 4 KB / no-React budget: every information page but /events, which hosts the booking dialog island. */
const scriptFreePages = informationPages.filter((path) => path !== '/events');

async function expectNewTab(page: Page, name: string | RegExp, href: string) {
  const link = page.getByRole('link', { name, exact: typeof name === 'string' }).first();
  await expect(link).toHaveAttribute('href', href);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
}

async function jsonLdTypes(page: Page): Promise<string[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => {
    const data = JSON.parse(block) as { '@type': string };
    return data['@type'];
  });
}

test.describe('chrome on every information page', () => {
  for (const path of informationPages) {
    test(`${path}: header, footer, SEO head`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      // Header: logo home, Book Now in a new tab, the menu button.
      const header = page.locator('header.site-header');
      await expect(header).toHaveCSS('position', 'fixed');
      await expect(header.getByRole('link', { name: `${site.name}, home` })).toHaveAttribute('href', '/');
      await expect(header.getByRole('link', { name: navigation.bookLabel }).first()).toHaveAttribute('href', site.links.booking);
      await expect(header.getByRole('link', { name: navigation.bookLabel }).first()).toHaveAttribute('target', '_blank');
      await expect(header.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');

      // Footer: gallery of 18 photos shown twice, blurb, address, phone, link lists, hours, legal, copyright.
      const footer = page.locator('footer');
      await expect(footer.locator('.gallery-tile')).toHaveCount(media.gallery.length * 2);
      await expect(footer.locator('.gallery-tile:not([aria-hidden]) img[alt]:not([alt=""])')).toHaveCount(18);
      await expect(footer.getByText(site.blurb)).toBeAttached();
      await expect(footer.getByText(site.address.street)).toBeAttached();
      await expect(footer.getByRole('link', { name: site.phone })).toHaveAttribute('href', /^tel:\+1\d{10}$/);
      const quick = footer.getByRole('navigation', { name: 'Quick Links' }).getByRole('link');
      expect(await quick.allTextContents()).toEqual(navigation.quickLinks.map((link) => link.label));
      const services = footer.getByRole('navigation', { name: 'Services' });
      await expect(services.getByRole('link', { name: 'Food & Beverage' })).toHaveAttribute('href', '/menu');
      await expect(services.getByRole('link', { name: 'Events & Parties' })).toHaveAttribute('href', '/events');
      await expect(services.getByRole('link', { name: 'Launch-Monitor Simulators' })).toHaveAttribute('href', '/about');
      await expect(services.getByRole('link', { name: 'Book a Bay' })).toHaveAttribute('target', '_blank');
      await expect(footer.getByRole('link', { name: navigation.newsletterLabel })).toHaveAttribute('href', site.links.newsletter);
      await expect(footer.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
      await expect(footer.getByText(site.hours.label)).toBeAttached();
      for (const line of hours) await expect(footer.getByText(line.hours, { exact: true }).first()).toBeAttached();
      for (const label of navigation.legal) await expect(footer.getByRole('link', { name: label })).toHaveAttribute('href', '#');
      await expect(footer.getByText(`© 2025 ${site.name}`)).toBeAttached();

      // SEO head.
      const head = page.locator('head');
      await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
      await expect(head.locator('meta[name="keywords"]')).toHaveAttribute('content', /indoor golf/);
      await expect(head.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path === '/' ? '/' : path}$`));
      await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
      await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    });

    if (scriptFreePages.includes(path)) test(`${path}: no React and at most 4 KB of gzipped JavaScript`, async ({ page }) => {
      const scripts: Buffer[] = [];
      page.on('response', async (response) => {
        if (response.request().resourceType() === 'script') scripts.push(await response.body());
      });
      await page.goto(path);
      await page.waitForLoadState('load');
      const inline = await page.locator('script:not([src]):not([type="application/ld+json"])').allTextContents();
      const sources = [...scripts.map((body) => body.toString('utf8')), ...inline];
      const gzipBytes = sources.reduce((sum, source) => sum + gzipSync(source).length, 0);
      expect(gzipBytes).toBeLessThanOrEqual(4096);
      expect(await page.locator('astro-island').count()).toBe(0);
      expect(sources.some((source) => /react(-dom)?|__reactFiber|createElement\(/i.test(source))).toBe(false);
    });

    test(`${path}: no WCAG 2.1 AA violations`, async ({ page }) => {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }

  test('the 404 page keeps its spec title and text inside the page chrome, without violations', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(notFoundPage.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFoundPage.title);
    await expect(page.getByText(notFoundPage.text)).toBeVisible();
    await expect(page.locator('header.site-header')).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});

test.describe('header menu', () => {
  test('opens with the keyboard, lists the eight links, closes on Escape returning focus, and on an outside click', async ({ page }, testInfo) => {
    await page.goto('/about');
    const button = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu).toBeHidden();
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    const links = menu.getByRole('link');
    const labels = navigation.menu.map((link) => link.label);
    const shown = await links.allTextContents();
    expect(shown.slice(0, 8).map((text) => text.trim())).toEqual(labels);
    for (const link of navigation.menu) await expect(menu.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.href);
    await expect(menu.getByRole('link', { name: 'About', exact: true })).toHaveAttribute('aria-current', 'page');
    // The full-width Book Now inside the dropdown is there on phones only.
    const dropdownBook = menu.getByRole('link', { name: navigation.bookLabel });
    if (testInfo.project.name === 'phone') {
      await expect(dropdownBook).toBeVisible();
      await expect(dropdownBook).toHaveAttribute('target', '_blank');
    } else {
      await expect(dropdownBook).toBeHidden();
    }

    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();

    await button.click();
    await expect(menu).toBeVisible();
    // A click in the page margin, outside the menu (the open dropdown covers the hero text on phones).
    await page.mouse.click(8, 400);
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.click();
    await menu.getByRole('link', { name: 'League', exact: true }).click();
    await expect(page).toHaveURL(/\/league\/?$/);
  });
});

test.describe('footer gallery', () => {
  test('scrolls one photo set per loop at 40 px/s and stands still under reduced motion', async ({ page }) => {
    await page.goto('/contact');
    const track = page.locator('.gallery-track');
    const distance = Number(await track.getAttribute('data-loop-distance'));
    const seconds = Number(await track.getAttribute('data-loop-seconds'));
    expect(distance / seconds).toBeCloseTo(40, 3);
    // The loop distance is exactly one set: tile 19 (the first copy) starts `distance` px after tile 1.
    const [first, copy] = await Promise.all([page.locator('.gallery-tile').nth(0).boundingBox(), page.locator('.gallery-tile').nth(18).boundingBox()]);
    expect(Math.abs(copy!.x - first!.x - distance)).toBeLessThanOrEqual(1);
    await expect(track).toHaveCSS('animation-duration', `${seconds}s`);
    await expect(track).toHaveCSS('animation-iteration-count', 'infinite');
    await page.getByText('Pause photo gallery').click();
    await expect(track).toHaveCSS('animation-play-state', 'paused');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await expect(page.locator('.gallery-track')).toHaveCSS('animation-name', 'none');
  });
});

test.describe('home', () => {
  test('hero, buttons and the four cards', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.hero.title);
    await expect(page.getByText(home.hero.badge, { exact: true })).toBeVisible();
    await expect(page.locator('main svg.logo-animated')).toBeVisible();
    await expectNewTab(page, home.hero.bookLabel, site.links.booking);
    await expectNewTab(page, home.hero.orderLabel, site.links.ordering);
    for (const card of home.cards.items) {
      const link = page.getByRole('link', { name: new RegExp(card.title) }).filter({ hasText: fill(card.text) });
      await expect(link).toHaveAttribute('href', card.href);
      await expect(link).not.toHaveAttribute('target', '_blank');
      if (card.badge) await expect(link).toContainText(card.badge);
    }
    expect(await jsonLdTypes(page)).toContain('LocalBusiness');
  });

  test('the poster is the eager, high-priority image and the video starts only after load', async ({ page }) => {
    const videoRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/media\/hero\.(mp4|webm)/.test(request.url())) videoRequests.push(request.url());
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const poster = page.locator('[data-hero] img');
    await expect(poster).toHaveAttribute('fetchpriority', 'high');
    await expect(poster).toHaveAttribute('loading', 'eager');
    await expect(poster).toHaveAttribute('width', /\d+/);
    await expect(poster).toHaveAttribute('height', /\d+/);
    const video = page.locator('[data-hero-video]');
    await expect(video).toHaveAttribute('preload', 'none');
    await expect(video).toHaveJSProperty('muted', true);
    await expect(video).toHaveJSProperty('loop', true);
    await page.waitForLoadState('load');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentSrc)).toMatch(/\/media\/hero\.(webm|mp4)$/);
    expect(videoRequests.length).toBeGreaterThan(0);
  });

  test('under reduced motion the video never loads', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const videoRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/media\/hero\./.test(request.url())) videoRequests.push(request.url());
    });
    await page.goto('/');
    await page.waitForLoadState('load');
    await page.waitForTimeout(300);
    expect(videoRequests).toEqual([]);
    await expect(page.locator('[data-hero-toggle]')).toBeHidden();
  });
});

test.describe('about', () => {
  test('mission, capabilities, course stats, games and Book Your Bay', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByText(about.mission.statement)).toBeVisible();
    for (const fact of [...about.capabilities.facts, ...about.courses.facts]) {
      await expect(page.getByText(fact.value, { exact: true })).toBeAttached();
      await expect(page.getByText(fact.label, { exact: true })).toBeAttached();
    }
    for (const game of ['Magic Pond', 'Party Putt', 'Cannon Bowl', 'Streets of Neon mini golf', 'Scrapyard']) {
      await expect(page.getByRole('heading', { name: game })).toBeAttached();
    }
    await expect(page.getByText(about.games.more)).toBeAttached();
    await expectNewTab(page, about.cta.bookLabel, site.links.booking);
  });
});

test.describe('memberships', () => {
  test('banner, default 12-month prices and plain links to checkout', async ({ page }) => {
    await page.goto('/memberships');
    await expect(page.locator('[data-promotion]')).toContainText(catalog.promotion.headline);
    await expect(page.getByRole('radio', { name: /12 Months/ })).toBeChecked();
    const practice = page.locator('[data-plan="Practice"]');
    await expect(practice.locator('[data-price]:visible')).toHaveText('$99');
    await expect(practice.locator('[data-savings]:visible')).toHaveText('Save $90/month (48%)');
    await expect(practice.locator('[data-package-savings]:visible')).toHaveText('Total package savings: $1,080');
    await expect(page.locator('[data-plan="Bogey+"]')).toContainText('Most Popular');
    await expect(page.getByRole('link', { name: 'Choose Practice' })).toHaveAttribute('href', '/membership-checkout?tier=Practice');
    await expect(page.getByRole('link', { name: 'Choose Bogey', exact: true })).toHaveAttribute('href', '/membership-checkout?tier=Bogey');
    await expect(page.getByRole('link', { name: 'Choose Bogey+' })).toHaveAttribute('href', '/membership-checkout?tier=Bogey%2B');
    for (const question of ['Can I upgrade or downgrade?', 'What is the cancellation policy?']) await expect(page.getByText(question)).toBeVisible();
    await page.getByText('Can I upgrade or downgrade?').click();
    await expect(page.getByText('Upgrades start immediately with pro-rated pricing. Downgrades take effect at your next renewal.')).toBeVisible();
    expect(await jsonLdTypes(page)).toContain('OfferCatalog');
  });

  test('the term selector updates prices, savings and the comparison table', async ({ page }) => {
    await page.goto('/memberships');
    for (const term of catalog.terms) {
      await page.locator('label.term-option', { hasText: term.label }).click();
      await expect(page.getByRole('radio', { name: new RegExp(term.label) })).toBeChecked();
      for (const plan of catalog.plans) {
        const figures = termSavings(plan, term);
        const card = page.locator(`[data-plan="${plan.tier}"]`);
        await expect(card.locator('[data-price]:visible')).toHaveText(`$${figures.monthlyRate}`);
        if (figures.savingsPerMonth > 0) {
          await expect(card.locator('[data-savings]:visible')).toHaveText(`Save $${figures.savingsPerMonth}/month (${figures.savingsPercent}%)`);
          await expect(card.locator('[data-package-savings]:visible')).toHaveText(`Total package savings: $${figures.packageSavings.toLocaleString('en-US')}`);
        }
      }
      const rateRow = page.getByRole('row', { name: /Monthly rate/ });
      await expect(rateRow).toHaveText(new RegExp(catalog.plans.map((plan) => `\\$${plan.monthlyRates[term.key]}`).join('.*')));
    }
    // Keyboard: arrow keys move between the terms.
    await page.getByRole('radio', { name: /1 Month/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: /3 Months/ })).toBeChecked();
    await expect(page.locator('[data-plan="Bogey+"] [data-price]:visible')).toHaveText('$339');
  });
});

test.describe('events', () => {
  test('hero buttons, stats, cards, rental prices, spaces, upcoming events and the closing call to action', async ({ page }) => {
    await page.goto('/events');
    const bookButtons = page.locator('button[data-booking-trigger]');
    await expect(bookButtons).toHaveCount(2);
    await expect(bookButtons.nth(0)).toHaveText(events.hero.bookLabel);
    await expect(bookButtons.nth(1)).toHaveText(events.cta.bookLabel);
    for (const index of [0, 1]) {
      await expect(bookButtons.nth(index)).toHaveAttribute('type', 'button');
      await expect(bookButtons.nth(index)).toHaveAttribute('aria-haspopup', 'dialog');
    }
    await expect(page.getByRole('link', { name: events.hero.menuLabel })).toHaveAttribute('href', '/menu');
    await expect(page.getByRole('link', { name: events.hero.aboutLabel })).toHaveAttribute('href', '/about');
    const stats = page.locator('main dl').first();
    const stat = (label: string) => stats.locator('div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
    await expect(stat('simulator bays')).toHaveText('6');
    await expect(stat('max guests')).toHaveText('150');
    await expect(stat('per hour per simulator')).toHaveText('$49-$75');
    for (const card of events.privateEvents.cards) await expect(page.getByRole('heading', { name: card.title })).toBeAttached();
    for (const price of ['$49/hr', '$59/hr', '$65/hr', '$75/hr']) await expect(page.getByText(price, { exact: true })).toBeAttached();
    for (const text of ['1-8 guests per simulator', '1-20 guests', 'The Bunker VIP', '15-20 guests', 'Back 9 Lounge', '25-35 guests']) {
      await expect(page.getByText(text, { exact: true }).first()).toBeAttached();
    }
    await expect(page.getByText('Weekly Trivia Night')).toBeAttached();
    await expect(page.getByText('Every Wednesday')).toBeAttached();
    await expect(page.getByText('6:30PM-8:30PM')).toBeAttached();
    await expect(page.getByText('Monday, December 1, 2025')).toBeAttached();
    await expect(page.getByText('Monday, February 16, 2026')).toBeAttached();
    await expect(page.getByRole('link', { name: site.phone }).last()).toHaveAttribute('href', /^tel:/);
    const types = await jsonLdTypes(page);
    expect(types.filter((type) => type === 'Event')).toHaveLength(events.upcoming.items.length);
  });
});

test.describe('menu', () => {
  test('power bowls, happy hour, drinks and prices', async ({ page }) => {
    await page.goto('/menu');
    for (const bowl of ['Chipotle Power Bowl', 'Asian Power Bowl', 'Mexican Power Bowl']) await expect(page.getByText(bowl).first()).toBeAttached();
    await expect(page.getByText(menu.happyHour.when)).toBeVisible();
    for (const deal of menu.happyHour.deals) await expect(page.getByText(deal, { exact: true })).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Custom Fit Cocktails' })).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Blended Specials' })).toBeAttached();
    await expectNewTab(page, menu.hero.orderLabel, site.links.ordering);
  });

  test('category tabs follow the ARIA tabs pattern, appetizers first', async ({ page }) => {
    await page.goto('/menu');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(menu.food.categories.map((category) => category.label));
    const appetizers = page.getByRole('tab', { name: 'Appetizers' });
    await expect(appetizers).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveCount(1);
    await expect(page.getByRole('tabpanel')).toContainText('Wisconsin Cheese Curds');
    await expect(page.getByRole('tabpanel')).toContainText('$3.49');

    await page.getByRole('tab', { name: 'Pizza' }).click();
    await expect(page.getByRole('tab', { name: 'Pizza' })).toHaveAttribute('aria-selected', 'true');
    await expect(appetizers).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByRole('tabpanel', { name: 'Pizza' })).toContainText('$11.99');
    await expect(page.getByRole('tabpanel', { name: 'Pizza' })).toContainText('$13.99');
    await expect(page.getByText('Wisconsin Cheese Curds')).toBeHidden();

    // Keyboard: arrows wrap, Home and End jump; only the selected tab is in the tab order.
    await page.getByRole('tab', { name: 'Pizza' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(appetizers).toBeFocused();
    await expect(appetizers).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Pizza' })).toBeFocused();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Power Bowls' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Power Bowls' })).toContainText('$14.99');
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Pizza' })).toBeFocused();
    await expect(page.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tabpanel', { name: 'Pizza' })).toBeFocused();
  });
});

test.describe('contact', () => {
  test('details, hours, rates, two social links, the map and the get-in-touch links', async ({ page }) => {
    await page.goto('/contact');
    const main = page.locator('main');
    await expect(main.getByText(site.address.street).first()).toBeVisible();
    await expect(main.getByRole('link', { name: site.phone }).first()).toHaveAttribute('href', /^tel:\+1/);
    await expect(main.getByRole('link', { name: site.email }).first()).toHaveAttribute('href', `mailto:${site.email}`);
    for (const line of hours) {
      await expect(main.getByText(line.days, { exact: true }).first()).toBeAttached();
      await expect(main.getByText(line.hours, { exact: true }).first()).toBeAttached();
    }
    for (const rate of rateLines(hourlyRatesSchema.parse(site.rates))) {
      await expect(main.getByText(rate.price, { exact: true })).toBeAttached();
      await expect(main.getByText(rate.days, { exact: true })).toBeAttached();
    }
    await expectNewTab(page, 'Facebook', site.links.facebook);
    await expectNewTab(page, 'Instagram', site.links.instagram);
    await expect(main.locator('iframe')).toHaveAttribute('src', site.map.embedUrl);
    await expect(main.locator('iframe')).toHaveAttribute('title', site.map.title);
    await expect(main.locator('iframe')).toHaveAttribute('loading', 'lazy');
    expect(await jsonLdTypes(page)).toContain('LocalBusiness');
  });
});

test.describe('league', () => {
  test('schedule with practice dates and courses, formats, awards, fee, playoffs and register buttons', async ({ page }) => {
    await page.goto('/league');
    for (const session of league.sessions) {
      const card = page.locator(`[data-session="${session.id}"]`);
      await expect(card).toContainText(session.name);
      await expect(card).toContainText(session.dates);
      await expect(card).toContainText(session.practiceDates);
      await expect(card).toContainText(`${session.weeks} weeks`);
      for (const course of session.featuredCourses.slice(0, 4)) await expect(card).toContainText(course);
      await expect(card).not.toContainText(session.featuredCourses[4]!);
      await expect(card).toContainText('+ 4 more courses');
    }
    for (const format of ['Best Ball', 'Scramble', 'Greensome Alternate']) await expect(page.getByText(format, { exact: true })).toBeAttached();
    for (const award of ['Net Skins', 'Gross Skins', 'Closest to Pin', 'Longest Drive']) await expect(page.getByRole('heading', { name: award })).toBeAttached();
    await expect(page.getByText('$350 per person, $700 per team')).toBeAttached();
    await expect(page.getByText('April 13-23, 2026')).toBeAttached();
    await expect(page.getByText('April 25, 2026')).toBeAttached();
    await expect(page.getByText('competing in all 3 sessions')).toBeAttached();
    const register = page.locator('main a[href="/league-registration"]');
    await expect(register).toHaveCount(2);
    expect(await jsonLdTypes(page)).toContain('Offer');
  });
});

test.describe('sitemap and robots', () => {
  test('the sitemap lists every public information page and no admin or success page', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap-0.xml')).text();
    for (const path of ['/about', '/memberships', '/events', '/menu', '/contact', '/league']) expect(sitemap).toMatch(new RegExp(`<loc>[^<]*${path}/?</loc>`));
    for (const path of ['/admin', '/membership-success', '/league-success', '/404']) expect(sitemap).not.toContain(path);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/Sitemap: https?:\/\/\S+\/sitemap-index\.xml/);
  });
});
