// What the island specs share: axe on a page state, waiting for islands to hydrate, and the events
// page with its booking dialog hydrated.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectNoAxeViolations(page: Page, state: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((violation) => `${state}: ${violation.id} (${violation.nodes.length})`)).toEqual([]);
}

export async function hydrated(page: Page) {
  await page.waitForFunction(() => [...document.querySelectorAll('astro-island')].every((island) => !island.hasAttribute('ssr')));
}

/** The events page with its booking dialog hydrated: a visitor reaching for a 'Book Your Event' button. */
export async function eventsPageReady(page: Page) {
  await page.goto('/events');
  await page.locator('[data-booking-trigger]').first().hover();
  await hydrated(page);
}
