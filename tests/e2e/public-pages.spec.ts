// Every information page: header, footer, SEO head, script budget and accessibility; the 404 page,
// the header menu, the footer gallery and the sitemap. Page content: public-pages-*.spec.ts.
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { expectBookingLink, hours, informationPages, media, navigation, notFoundPage, scriptFreePages, site } from './support/public-pages';

test.describe('chrome on every information page', () => {
  for (const path of informationPages) {
    test(`${path}: header, footer, SEO head`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      // Header: logo home, Book Now where booking.mode says, the menu button.
      const header = page.locator('header.site-header');
      await expect(header).toHaveCSS('position', 'fixed');
      await expect(header.getByRole('link', { name: `${site.name}, home` })).toHaveAttribute('href', '/');
      await expectBookingLink(header, navigation.bookLabel);
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
      await expectBookingLink(services, 'Book a Bay');
      await expect(footer.getByRole('link', { name: navigation.newsletterLabel })).toHaveAttribute('href', site.links.newsletter);
      await expect(footer.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
      await expect(footer.getByText(site.hours.label)).toBeAttached();
      for (const line of hours) await expect(footer.getByText(line.hours, { exact: true }).first()).toBeAttached();
      for (const link of navigation.legal) await expect(footer.getByRole('link', { name: link.label })).toHaveAttribute('href', link.href);
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
  test('opens with the keyboard, lists the menu links of the content, closes on Escape returning focus, and on an outside click', async ({ page }, testInfo) => {
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
    expect(shown.slice(0, labels.length).map((text) => text.trim())).toEqual(labels);
    for (const link of navigation.menu) await expect(menu.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.href);
    await expect(menu.getByRole('link', { name: 'About', exact: true })).toHaveAttribute('aria-current', 'page');
    // The full-width Book Now inside the dropdown is there on phones only.
    const dropdownBook = menu.getByRole('link', { name: navigation.bookLabel });
    if (testInfo.project.name === 'phone') {
      await expect(dropdownBook).toBeVisible();
      await expectBookingLink(menu, navigation.bookLabel);
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

test.describe('sitemap and robots', () => {
  test('the sitemap lists every public information page and no admin or success page', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap-0.xml')).text();
    for (const path of ['/about', '/memberships', '/events', '/menu', '/contact', '/league']) expect(sitemap).toMatch(new RegExp(`<loc>[^<]*${path}/?</loc>`));
    for (const path of ['/admin', '/membership-success', '/league-success', '/gift-cards/success', '/404']) expect(sitemap).not.toContain(path);
    expect(sitemap).toMatch(/<loc>[^<]*\/gift-cards\/?<\/loc>/);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/Sitemap: https?:\/\/\S+\/sitemap-index\.xml/);
  });
});
