// The memberships, events, menu and league pages: plans, prices, events and the league, from the content files.
import { expect, test } from '@playwright/test';
import { termSavings } from '../../src/features/memberships/rules/membership';
import { catalog, events, expectNewTab, jsonLdTypes, league, menu, site, upcomingToday } from './support/public-pages';
import { browserClockAt, OPEN_AT } from './support/calendar';
import leaguePage from '../../src/content/league-page.json' with { type: 'json' };

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
    // Only what is still to come today, soonest first: each with its date (a weekly event with its next one).
    const upcoming = upcomingToday();
    await expect(page.locator('section[aria-labelledby="upcoming-title"] li h3')).toHaveText(upcoming.map((event) => event.title));
    for (const event of upcoming) await expect(page.getByText(event.next ?? event.date, { exact: true }).first()).toBeAttached();
    await expect(page.getByRole('link', { name: site.phone }).last()).toHaveAttribute('href', /^tel:/);
    const types = await jsonLdTypes(page);
    expect(types.filter((type) => type === 'Event')).toHaveLength(upcoming.length);
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

test.describe('league', () => {
  test('schedule with practice dates, courses and registration windows, formats, awards, fee, playoffs and register buttons', async ({ page }) => {
    // A moment every shipped session takes registrations (the calendar of support/calendar.ts).
    await browserClockAt(page, OPEN_AT);
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
      await expect(card.locator('[data-registration-line]:visible')).toHaveText(/^\s*Registration open until the end of \w+day, /);
    }
    for (const format of ['Best Ball', 'Scramble', 'Greensome Alternate']) await expect(page.getByText(format, { exact: true })).toBeAttached();
    for (const award of ['Net Skins', 'Gross Skins', 'Closest to Pin', 'Longest Drive']) await expect(page.getByRole('heading', { name: award })).toBeAttached();
    await expect(page.getByText('$350 per person, $700 per team')).toBeAttached();
    for (const round of leaguePage.playoffs.rounds) await expect(page.getByText(round.dates, { exact: true })).toBeAttached();
    await expect(page.getByText('competing in all 3 sessions')).toBeAttached();
    const register = page.locator('main a[href="/league-registration"]');
    await expect(register).toHaveCount(2);
    await expect(page.getByRole('link', { name: leaguePage.hero.registerLabel })).toBeVisible();
    await expect(page.locator('[data-registration-closed]')).toBeHidden();
    expect(await jsonLdTypes(page)).toContain('Offer');
  });
});
