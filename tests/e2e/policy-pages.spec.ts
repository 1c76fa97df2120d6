// The policy pages: reached from the footer of every page, each in the site's layout with its own SEO
// head, no script of its own, the note for staff nowhere in the page, and no accessibility violations
// (WCAG 2.2 AA tags included) at both widths the suite runs.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { POLICY_PAGES } from '../../src/domain/policies';
import { parseMarkdownFile } from '../../src/lib/markdown-file';
import { bayBooking, navigation, site } from './support/public-pages';

const policy = (name: string) => parseMarkdownFile(readFileSync(new URL(`../../src/content/policies/${name}.md`, import.meta.url), 'utf8')).frontMatter as { title: string; description: string; staffNote: string };

for (const name of POLICY_PAGES) {
  test(`/${name}: from the footer, its own SEO head, no page script, no staff note, no violations`, async ({ page }) => {
    const { title, description, staffNote } = policy(name);
    await page.goto('/');
    const link = navigation.legal.find((entry) => entry.href === `/${name}`)!;
    await page.locator('footer').getByRole('link', { name: link.label }).click();
    await expect(page).toHaveURL(new RegExp(`/${name}/?$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(new RegExp(`^${title}`));
    await expect(page.locator('head meta[name="description"]')).toHaveAttribute('content', description);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/${name}/?$`));
    await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute('content', new RegExp(title));
    expect(await page.content()).not.toContain(staffNote.slice(0, 40));
    await expect(page.locator('astro-island')).toHaveCount(0);
    expect(await page.locator('script[src]').count()).toBe(0);
    await expect(page.locator('main')).toContainText(site.phone);

    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    // Nothing wider than the screen, at 390 px as at 1440 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });
}

test('the terms state the bay cancellation limit of bay-booking.json', async ({ page }) => {
  const hours = bayBooking.cancellation.freeUntilHoursBefore;
  await page.goto('/terms');
  await expect(page.locator('main')).toContainText(`until ${hours} hour${hours === 1 ? '' : 's'} before your start time, and what you paid is refunded in full`);
});

test('the sitemap lists the three policy pages', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  for (const name of POLICY_PAGES) expect(sitemap).toMatch(new RegExp(`<loc>[^<]*/${name}/?</loc>`));
});
