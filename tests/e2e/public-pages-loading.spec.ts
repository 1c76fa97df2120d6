// How the pages load: what becomes the largest contentful paint, and what waits for the visitor.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import contact from '../../src/content/contact.json' with { type: 'json' };
import { informationPages, site } from './support/public-pages';

const distDirectory = fileURLToPath(new URL('../../dist', import.meta.url));

test('on the home page the largest contentful paint stays the poster photo after the video fades in', async ({ page }) => {
  await page.addInitScript(() => {
    const paints: string[] = [];
    (window as Window & { largestPaints?: string[] }).largestPaints = paints;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { element: Element | null }>) {
        paints.push(entry.element?.closest('[data-hero]') ? entry.element.tagName : `outside the hero: ${entry.element?.tagName}`);
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto('/');
  // The video fades in once it plays (after load and a quiet moment); a paint after it would still be reported.
  await expect(page.locator('[data-hero-video]')).toHaveClass(/is-playing/, { timeout: 30_000 });
  await page.waitForTimeout(1_000);
  const paints = await page.evaluate(() => (window as Window & { largestPaints?: string[] }).largestPaints ?? []);
  expect(paints.at(-1)).toBe('IMG');
  expect(paints).not.toContain('VIDEO');
});

/** The logo entrance's animations: what each animates, on which element, and whether Chrome traced a reason it could not composite it. */
interface LogoAnimation {
  name: string;
  namespace: string;
  properties: string[];
}

test('the home logo entrance runs on the compositor: transform and opacity of HTML boxes, none refused', async ({ page, browser }) => {
  await browser.startTracing(page, { categories: ['blink.animations', 'devtools.timeline'] });
  await page.goto('/');
  const logo = page.locator('main .logo-animated');
  const animations = await logo.evaluate((element): LogoAnimation[] =>
    element.getAnimations({ subtree: true }).map((animation) => {
      const effect = animation.effect as KeyframeEffect;
      const keys = new Set(effect.getKeyframes().flatMap((keyframe) => Object.keys(keyframe)));
      for (const timing of ['offset', 'computedOffset', 'easing', 'composite']) keys.delete(timing);
      return { name: (animation as CSSAnimation).animationName, namespace: effect.target?.namespaceURI ?? '', properties: [...keys].sort() };
    }),
  );
  // Each part moves: the ball, the swoosh's window and its counter-moving content, the name.
  expect(animations.map((animation) => animation.name).sort()).toEqual(['logo-drop', 'logo-slide', 'logo-wipe-content', 'logo-wipe-window']);
  for (const animation of animations) {
    expect(animation.namespace, animation.name).toBe('http://www.w3.org/1999/xhtml');
    expect(['opacity', 'transform'], animation.name).toEqual(expect.arrayContaining(animation.properties));
  }
  await logo.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
    traceEvents: Array<{ cat?: string; ph: string; id?: string; id2?: { local?: string }; args?: { data?: { displayName?: string; compositeFailed?: number; unsupportedProperties?: string[] } } }>;
  };
  const traced = trace.traceEvents.filter((event) => event.cat?.includes('blink.animations'));
  const id = (event: (typeof traced)[number]) => event.id2?.local ?? event.id;
  const logoIds = new Set(traced.filter((event) => event.ph === 'b' && animations.some((animation) => animation.name === event.args?.data?.displayName)).map(id));
  expect(logoIds.size).toBe(animations.length);
  const refused = traced.filter((event) => logoIds.has(id(event)) && event.args?.data?.compositeFailed);
  expect(refused.map((event) => event.args?.data)).toEqual([]);

  // Under reduced motion the logo stands still.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await logo.evaluate((element) => element.getAnimations({ subtree: true }).length)).toBe(0);
});

test('below the first screen the page renders on approach: later sections and the footer wait until they near the view', async ({ page }) => {
  await page.goto('/about', { waitUntil: 'load' });
  // A skipped element keeps its box; what it skips is its content.
  const rendered = (selector: string) => page.locator(selector).evaluate((element) => element.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }));
  const sections = page.locator('main > section');
  expect(await sections.count()).toBeGreaterThan(2);
  expect(await rendered('main > section:first-child')).toBe(true);
  expect(await rendered('main > section:last-child')).toBe(false);
  expect(await rendered('body > footer')).toBe(false);
  // Scrolled to, it renders as usual.
  await page.locator('body > footer').scrollIntoViewIfNeeded();
  await expect.poll(() => rendered('body > footer')).toBe(true);
  await expect(page.locator('body > footer').getByRole('navigation', { name: 'Quick Links' }).getByRole('link', { name: 'About', exact: true })).toBeVisible();
});

/** Every text run shown: its width, whether it starts in the first screen and, for runs on one line, its glyph box height. */
async function textRuns(page: Page): Promise<Array<{ text: string; width: number; firstScreen: boolean; height: number | null }>> {
  return page.evaluate(() => {
    const runs: Array<{ text: string; width: number; firstScreen: boolean; height: number | null }> = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (!text || !node.parentElement?.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = range.getClientRects();
      const box = range.getBoundingClientRect();
      if (!lines.length || box.width === 0) continue;
      const width = [...lines].reduce((sum, line) => sum + line.width, 0);
      runs.push({ text, width, firstScreen: box.top < innerHeight, height: lines.length === 1 ? lines[0]!.height : null });
    }
    return runs;
  });
}

for (const path of informationPages) {
  test(`${path}: until Manrope arrives the first screen is set in a local font that takes Manrope's room`, async ({ page }) => {
    // Still: an entrance half-way through would change a run's box between the two measurements.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(path, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    const all = await textRuns(page);
    // The page as it is laid out before Manrope arrives: the stack's next family, the fallback faces.
    await page.addStyleTag({ content: '* { font-family: "Manrope Fallback", serif !important; }' });
    await page.evaluate(() => document.fonts.ready);
    const faces = await page.evaluate(() => [...document.fonts].filter((face) => face.family.replace(/"/g, '') === 'Manrope Fallback').map((face) => face.status));
    expect(faces).toContain('loaded');
    expect(faces).not.toContain('error');
    const allFallback = await textRuns(page);
    expect(allFallback.map((run) => run.text)).toEqual(all.map((run) => run.text));
    const manrope = all.filter((run) => run.firstScreen);
    const fallback = allFallback.filter((_, index) => all[index]!.firstScreen);
    // Text as long as in Manrope (within 3 % over the screen, where the bare local font is 10-20 %
    // wider) and glyph boxes as tall (within the pixel each font's ascent and descent round to), so
    // the swap rarely rewraps a line and moves nothing that follows.
    const total = (runs: typeof manrope) => runs.reduce((sum, run) => sum + run.width, 0);
    expect(Math.abs(total(fallback) / total(manrope) - 1)).toBeLessThan(0.03);
    manrope.forEach((run, index) => {
      const height = fallback[index]!.height;
      if (run.height !== null && height !== null) expect(Math.abs(height - run.height), run.text).toBeLessThanOrEqual(1);
    });
  });
}

test('the contact page loads nothing from another site until the visitor asks for the map', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== origin) foreign.push(request.url());
  });
  // The map provider is answered locally: the test checks what the page asks for, not the provider.
  const mapOrigin = new URL(site.map.embedUrl).origin;
  await page.route(`${mapOrigin}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>map</title>' }));

  await page.goto('/contact', { waitUntil: 'load' });
  const show = page.getByRole('button', { name: contact.getInTouch.mapShowLabel });
  await show.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 2_000);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('img', { name: site.map.title })).toBeVisible();
  expect(foreign).toEqual([]);

  await show.click();
  const map = page.locator('iframe');
  await expect(map).toHaveAttribute('src', site.map.embedUrl);
  await expect(map).toHaveAttribute('title', site.map.title);
  await expect.poll(() => foreign).toContain(site.map.embedUrl);
  await expect(map).toBeFocused();
});

/** What the page looks like, element by element: the computed styles that decide a paint. */
async function pageStyles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const properties = ['display', 'position', 'inset', 'width', 'height', 'margin', 'padding', 'color', 'background', 'border', 'border-radius', 'font', 'letter-spacing', 'opacity', 'transform', 'box-shadow', 'grid-template-columns', 'gap', 'visibility', 'z-index', 'animation-name', 'transition'];
    return [...document.querySelectorAll('body *')].map((element) => {
      const style = getComputedStyle(element);
      return `${element.tagName}.${element.getAttribute('class') ?? ''} ${properties.map((property) => style.getPropertyValue(property)).join('|')}`;
    });
  });
}

/** The site's whole stylesheets as the build wrote them (each page inlines its part of them). */
const siteStylesheets = readdirSync(join(distDirectory, '_astro'))
  .filter((file) => file.endsWith('.css'))
  .sort()
  .map((file) => readFileSync(join(distDirectory, '_astro', file), 'utf8'));

for (const path of informationPages) {
  test(`${path}: the CSS inline in the page styles every element as the site's whole stylesheet does`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(path, { waitUntil: 'load' });
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    // Sections rendered on approach settle their size once rendering has decided which are near the view.
    const settled = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await settled();
    const inline = await pageStyles(page);
    for (const content of siteStylesheets) await page.addStyleTag({ content });
    await settled();
    expect(await pageStyles(page)).toEqual(inline);
  });
}
