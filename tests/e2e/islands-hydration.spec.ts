// Every island page hydrates without a warning or an error in the console.
import { expect, test } from '@playwright/test';
import { eventsPageReady, hydrated } from './support/islands';

test('island pages log no hydration warnings or errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await eventsPageReady(page);
  for (const path of ['/league-registration', '/membership-checkout?tier=Bogey', '/member-login', '/book']) {
    await page.goto(path);
    await hydrated(page);
  }
  expect(problems).toEqual([]);
});
