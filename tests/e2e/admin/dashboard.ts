// The dashboard's "Needs Attention", at fixed browser clocks against the shipped content: while the
// league's sessions take registrations nothing asks for a season roll; once they have all closed the
// league item shows, linking to the editor form that fixes it. Items of content staff may yet change
// (the promotion's name, placeholder prices) are expected exactly when the content calls for them.
import { expect, test } from '@playwright/test';
import { EDITOR_LINKS, monthNamed } from '../../../src/features/staff/rules/attention';
import { venueDate } from '../../../src/domain/venue-calendar';
import { CLOSED_AT, OPEN_AT } from '../support/calendar';
import { bayBooking, catalog } from '../support/public-pages';
import { expectNoAxeViolations, journey } from '../support/admin-journey';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthAt = (at: Date) => MONTHS[Number(venueDate(at).slice(5, 7)) - 1];

/** The attention list at the open and the closed instant of the shipped league. */
export function attentionList(): void {
  test('the dashboard lists what needs attention, each with the link that fixes it', async () => {
    const { page } = journey;
    const item = (id: string) => page.locator(`[data-attention="${id}"]`);

    await page.clock.setFixedTime(OPEN_AT);
    await page.goto('/admin');
    const list = page.getByTestId('needs-attention');
    await expect(list.getByRole('heading', { name: 'Needs Attention' })).toBeVisible();
    await expect(item('league')).toHaveCount(0);
    const placeholder = bayBooking.bayTypes.some((type) => type.prices.some((price) => 'placeholder' in price && price.placeholder));
    await expect(item('placeholder-price')).toHaveCount(placeholder ? 1 : 0);
    if (placeholder) await expect(item('placeholder-price').getByRole('link', { name: 'Edit the bay prices' })).toHaveAttribute('href', EDITOR_LINKS.bayBooking);
    const month = monthNamed(catalog.promotion.name);
    const staleName = catalog.promotion.active && !catalog.promotion.endsAt && month !== null && month !== monthAt(OPEN_AT);
    await expect(item('promotion-month')).toHaveCount(staleName ? 1 : 0);
    if (staleName) await expect(item('promotion-month')).toContainText(`names ${month}, but it is ${monthAt(OPEN_AT)}`);
    await expectNoAxeViolations(page, '/admin with its attention list');

    await page.clock.setFixedTime(CLOSED_AT);
    await page.goto('/admin');
    await expect(item('league')).toContainText('No league session takes registrations, and none opens in the next 30 days');
    await expect(item('league').getByRole('link', { name: 'Edit the league sessions' })).toHaveAttribute('href', EDITOR_LINKS.league);
    // The list comes first, above the cards.
    const [attentionTop, cardsTop] = [await page.getByTestId('needs-attention').boundingBox(), await page.getByTestId('admin-cards').boundingBox()];
    expect(attentionTop!.y).toBeLessThan(cardsTop!.y);
    await page.clock.setFixedTime(new Date());
  });
}
