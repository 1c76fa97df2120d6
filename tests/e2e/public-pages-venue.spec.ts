// The home, about and contact pages: what each shows, from the content files.
import { expect, test } from '@playwright/test';
import { hourlyRatesSchema, rateLines } from '../../src/domain/hours';
import contact from '../../src/content/contact.json' with { type: 'json' };
import { about, expectBookingLink, expectNewTab, fill, giftCardsCta, home, hours, jsonLdTypes, site } from './support/public-pages';

test.describe('home', () => {
  test('hero, buttons, the four cards and the gift cards call to action', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.hero.title);
    await expect(page.getByText(home.hero.badge, { exact: true })).toBeVisible();
    const logo = page.locator('main .logo-animated');
    await expect(logo).toBeVisible();
    await expect(logo).toHaveRole('img');
    await expect(logo).toHaveAccessibleName(site.name);
    await expectBookingLink(page, home.hero.bookLabel);
    await expectNewTab(page, home.hero.orderLabel, site.links.ordering);
    for (const card of home.cards.items) {
      const link = page.getByRole('link', { name: new RegExp(card.title) }).filter({ hasText: fill(card.text) });
      await expect(link).toHaveAttribute('href', card.href);
      await expect(link).not.toHaveAttribute('target', '_blank');
      if (card.badge) await expect(link).toContainText(card.badge);
    }
    // Gift cards are offered from the home page, in content's words.
    const giftCards = page.getByRole('region', { name: giftCardsCta.title });
    await expect(giftCards).toContainText(giftCardsCta.text);
    await expect(giftCards.getByRole('link', { name: giftCardsCta.label })).toHaveAttribute('href', '/gift-cards');
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
    await expectBookingLink(page, about.cta.bookLabel);
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
    await expectBookingLink(main, contact.bookLabel);
    await expectNewTab(page, 'Facebook', site.links.facebook);
    await expectNewTab(page, 'Instagram', site.links.instagram);
    await expect(main.getByRole('img', { name: site.map.title })).toHaveAttribute('src', '/media/contact-map.svg');
    await expect(main.getByRole('button', { name: contact.getInTouch.mapShowLabel })).toBeVisible();
    await expectNewTab(page, contact.getInTouch.mapLinkLabel, site.map.linkUrl);
    expect(await jsonLdTypes(page)).toContain('LocalBusiness');
  });
});
