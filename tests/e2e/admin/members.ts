// The members lookup: search, sort, filter, the summary, status colours and expiry labels.
import { expect, test } from '@playwright/test';
import { DAY_MS, expectNoAxeViolations, journey, MEMBERS_CLOCK_SHIFT_DAYS, RUN } from '../support/admin-journey';

/** The members lookup: search, sort, filter, summary, colours and expiry labels. */
export function membersLookup(): void {
  test('members: search, sort, filter, summary, status colours and expiry labels', async () => {
    const { page, seeded } = journey;
    await page.clock.setFixedTime(new Date(Date.now() + MEMBERS_CLOCK_SHIFT_DAYS * DAY_MS));
    await page.goto('/admin/members');
    await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
    const summary = page.getByTestId('member-summary');
    await expect(summary).toBeVisible();
    const number = async (testId: string) => Number(await page.getByTestId(testId).locator('dd').textContent());
    const [total, active, inactive, expiring] = [await number('summary-total'), await number('summary-active'), await number('summary-inactive'), await number('summary-expiring')];
    expect(total).toBeGreaterThanOrEqual(4);
    expect(active + inactive).toBe(total);
    expect(active).toBeGreaterThanOrEqual(2);
    expect(inactive).toBeGreaterThanOrEqual(2);
    expect(expiring).toBeGreaterThanOrEqual(1);
    await expectNoAxeViolations(page, '/admin/members');

    const search = page.getByLabel('Search by email or name');
    const names = () => page.getByTestId('member').getByRole('heading').allTextContents();
    await search.fill(seeded.emailTag);
    await expect(page.getByTestId('member')).toHaveCount(4);
    await expect(page.getByTestId('member-count')).toHaveText(`Showing 4 of ${total} members`);

    const sort = page.getByLabel('Sort by');
    await expect(sort.locator('option')).toHaveText(['Name', 'Email', 'Join Date', 'Expiration']);
    await sort.selectOption({ label: 'Name' });
    expect(await names()).toEqual([seeded.members.active, seeded.members.canceled, seeded.members.pastDue, seeded.members.soon]);
    await sort.selectOption({ label: 'Email' });
    // alice., carl., pat., sam.
    expect(await names()).toEqual([seeded.members.active, seeded.members.canceled, seeded.members.pastDue, seeded.members.soon]);
    await sort.selectOption({ label: 'Join Date' });
    // Newest first: the customers' creation times (epoch seconds, several may share one) never increase.
    const created = await page.evaluate(async () => {
      const members = (await (await fetch('/api/admin/members', { credentials: 'include' })).json()) as Array<{ name: string; created: number }>;
      return Object.fromEntries(members.map((member) => [member.name, member.created]));
    });
    const joinedOrder = (await names()).map((name) => created[name]!);
    expect(joinedOrder).toHaveLength(4);
    expect(joinedOrder).toEqual([...joinedOrder].sort((a, b) => b - a));
    expect(created[seeded.members.canceled]).toBeGreaterThanOrEqual(created[seeded.members.active]!);
    await sort.selectOption({ label: 'Expiration' });
    // Soonest first: monthly (active), quarterly (past_due), semi-annual (canceled), annual.
    expect(await names()).toEqual([seeded.members.soon, seeded.members.pastDue, seeded.members.canceled, seeded.members.active]);

    const show = page.getByLabel('Show');
    await expect(show.locator('option')).toHaveText(['All', 'Active Only', 'Inactive Only', 'Expiring Soon']);
    await show.selectOption({ label: 'Active Only' });
    expect((await names()).sort()).toEqual([seeded.members.active, seeded.members.soon].sort());
    await show.selectOption({ label: 'Inactive Only' });
    expect((await names()).sort()).toEqual([seeded.members.canceled, seeded.members.pastDue].sort());
    await show.selectOption({ label: 'Expiring Soon' });
    expect(await names()).toEqual([seeded.members.soon]);
    await show.selectOption({ label: 'All' });

    const member = (name: string) => page.getByTestId('member').filter({ has: page.getByRole('heading', { name }) });
    const alice = member(seeded.members.active);
    await expect(alice.getByTestId('subscription-status')).toHaveText('Active');
    await expect(alice.getByTestId('subscription-status')).toHaveAttribute('data-tone', 'green');
    await expect(alice).toContainText('Bogey+ 12 Months');
    await expect(alice).toContainText('$2,388.00 / 12 months');
    await expect(alice).toContainText('Active (will renew)');
    await expect(alice.getByTestId('expiry')).toHaveAttribute('data-tone', 'green');
    await expect(alice.getByTestId('expiry')).toHaveText(/^Expires in \d{3} days$/);

    const sam = member(seeded.members.soon);
    await expect(sam.getByTestId('expiry')).toHaveText(/^Expires in (1[89]|2[01]) days$/);
    await expect(sam.getByTestId('expiry')).toHaveAttribute('data-tone', 'orange');
    await expect(sam).toContainText('$189.00 / month');

    const pat = member(seeded.members.pastDue);
    await expect(pat.getByTestId('subscription-status')).toHaveText('Past Due');
    await expect(pat.getByTestId('subscription-status')).toHaveAttribute('data-tone', 'yellow');
    await expect(pat.getByTestId('expiry')).toHaveText('Inactive');
    await expect(pat).not.toContainText('Active (will renew)');

    const carl = member(seeded.members.canceled);
    await expect(carl.getByTestId('subscription-status')).toHaveText('Canceled');
    await expect(carl.getByTestId('subscription-status')).toHaveAttribute('data-tone', 'red');
    await expect(carl.getByTestId('expiry')).toHaveText('Inactive');

    // Search by a name alone, then by an e-mail alone.
    await search.fill(`Pat Pastdue ${RUN}`);
    expect(await names()).toEqual([seeded.members.pastDue]);
    await search.fill(`carl.${seeded.emailTag}@example.com`);
    expect(await names()).toEqual([seeded.members.canceled]);
    await search.fill(`nobody-${RUN}`);
    await expect(page.getByTestId('members-empty')).toContainText('No members found');
    await page.clock.setFixedTime(new Date());
  });
}
