// The events page between two daily rebuilds: its inline script hides an event whose day is over and
// moves a weekly event to its next date, in the venue's time zone, whatever the visitor's clock says.
import { expect, test } from '@playwright/test';
import { upcomingToday } from './support/public-pages';

const DAY_MS = 86_400_000;

test('a weekly event shows its next date days after the build', async ({ page }) => {
  const later = new Date(Date.now() + 9 * DAY_MS);
  await page.clock.install({ time: later });
  await page.goto('/events');
  const [expected] = upcomingToday(later).filter((event) => event.next);
  expect(expected).toBeDefined();
  await expect(page.locator('time[data-next-until]').first()).toHaveText(expected!.next!);
  await expect(page.locator('time[data-next-until]').first()).toHaveAttribute('datetime', expected!.on);
});

test('an event whose day is over is gone without a rebuild; one still to come stays', async ({ page }) => {
  await page.route('**/events', async (route) => {
    const response = await route.fetch();
    const cards = '<li data-until="2000-01-02T06:00:00.000Z" data-testid="over">Over</li><li data-until="2999-01-02T06:00:00.000Z" data-testid="to-come">To come</li>';
    const html = (await response.text()).replace(/(<section[^>]*aria-labelledby="upcoming-title"[\s\S]*?<ul[^>]*>)/, `$1${cards}`);
    await route.fulfill({ response, body: html });
  });
  await page.goto('/events');
  await expect(page.getByTestId('to-come')).toBeAttached();
  await expect(page.getByTestId('over')).not.toBeAttached();
});

test('while every date is still to come the page makes no date formatter: one costs the first load ~20 ms of main thread', async ({ page, request }) => {
  const html = await (await request.get('/events')).text();
  const untils = [...html.matchAll(/data-next-until="([^"]+)"/g)].map((match) => Date.parse(match[1]!));
  expect(untils.length).toBeGreaterThan(0);
  // Before the earliest weekly date ends, whichever side of midnight the build was made on.
  await page.clock.install({ time: Math.min(Date.now(), Math.min(...untils) - 3_600_000) });
  await page.addInitScript(() => {
    const counted = window as unknown as { dateFormattersMade: number };
    counted.dateFormattersMade = 0;
    Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        counted.dateFormattersMade += 1;
        return new target(...args);
      },
    });
  });
  await page.goto('/events');
  await expect(page.locator('time[data-next-until]').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { dateFormattersMade: number }).dateFormattersMade)).toBe(0);
});
