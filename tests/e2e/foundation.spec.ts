import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { notFoundPage } from '../../src/domain/not-found';
import site from '../../src/content/site.json' with { type: 'json' };

test.describe('base layout', () => {
  test('the home page carries the SEO head and loads nothing from other origins', async ({ page, baseURL }) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== new URL(baseURL!).origin && url.protocol !== 'data:') foreign.push(request.url());
    });
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(site.name);
    const head = page.locator('head');
    await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', site.description);
    await expect(head.locator('meta[name="keywords"]')).toHaveAttribute('content', /indoor golf/);
    await expect(head.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/$/);
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', site.name);
    await expect(head.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/og-image\.jpg$/);
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    // The typeface is self-hosted and actually used.
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('800 16px "Manrope Variable"'))).toBe(true);
    expect(foreign).toEqual([]);
    // The home page is an information page: no island, no React (the JS budget is checked in public-pages.spec.ts).
    expect(await page.locator('astro-island').count()).toBe(0);
  });

  test('an unknown path answers the 404 page with status 404', async ({ page }) => {
    const response = await page.goto('/no-such-page/at-all');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(notFoundPage.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFoundPage.title);
    await expect(page.getByText(notFoundPage.text)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  test('the home and 404 pages have no accessibility violations', async ({ page }) => {
    for (const path of ['/', '/missing-page']) {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(results.violations.map((violation) => `${path}: ${violation.id}`)).toEqual([]);
    }
  });

  test('the skip link is the first stop for the keyboard and leads to the content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
  });
});

test.describe('static headers and health', () => {
  test('static files carry the security headers and hashed assets are cached for a year', async ({ request }) => {
    const home = await request.get('/');
    expect(home.headers()['x-content-type-options']).toBe('nosniff');
    expect(home.headers()['x-frame-options']).toBe('DENY');
    expect(home.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const html = await home.text();
    const asset = /\/_astro\/[^"']+\.(?:css|woff2)/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await request.get(asset!);
    expect(assetResponse.status()).toBe(200);
    expect(assetResponse.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('GET /api/health answers after a store round trip', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/json');
    expect(await response.json()).toEqual({ ok: true, store: 'ok' });
  });

  test('the sitemap lists the home page and never the 404 page', async ({ request }) => {
    const index = await request.get('/sitemap-index.xml');
    expect(index.status()).toBe(200);
    const sitemap = await (await request.get('/sitemap-0.xml')).text();
    expect(sitemap).toContain('<loc>');
    expect(sitemap).not.toContain('404');
  });
});
