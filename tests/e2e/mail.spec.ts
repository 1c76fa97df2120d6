// An event request sent in the browser reaches both inboxes: the staff's notice and the visitor's
// receipt arrive at the runtime's local mail catcher, whose page shows them.
import { expect, test } from '@playwright/test';
import type { CaughtMessage } from '../../dev/mail-catcher/index';
import { mailCatcherURL } from '../playwright.config';
import { eventsPageReady } from './support/islands';

test('an event request sends the staff notice and the visitor receipt', async ({ page, request }) => {
  const email = `mail-e2e-${Date.now()}@example.com`;
  await eventsPageReady(page);
  await page.locator('[data-booking-trigger]').first().click();
  const dialog = page.getByRole('dialog', { name: 'Book Your Event' });
  await dialog.getByLabel('First Name').fill('Morgan');
  await dialog.getByLabel('Last Name').fill('Lake');
  await dialog.getByLabel('Phone').fill('6085550177');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Occasion').fill('Retirement party');
  await dialog.getByLabel('Party Size').fill('30');
  await dialog.getByLabel('Event Date').fill('2026-12-18');
  await dialog.getByLabel('Start Time').selectOption('6:00 PM');
  await dialog.getByLabel('End Time').selectOption('9:00 PM');
  await dialog.getByRole('button', { name: 'Submit Booking Request' }).click();
  await expect(page.getByTestId('toast')).toContainText('Booking Request Submitted!');

  const mine = async () => {
    const all = (await (await request.get(`${mailCatcherURL}/api/messages`)).json()) as CaughtMessage[];
    return all.filter((message) => message.to.includes(email) || message.replyTo.includes(email));
  };
  await expect.poll(async () => (await mine()).length, { timeout: 20_000 }).toBe(2);
  const messages = await mine();
  const staff = messages.find((message) => message.replyTo.includes(email))!;
  expect(staff.subject).toBe('Event request: Retirement party, Friday, December 18, 2026, 30 guests (Morgan Lake)');
  expect(staff.text).toContain('6085550177');
  const receipt = messages.find((message) => message.to.includes(email))!;
  expect(receipt.subject).toMatch(/^We received your event request/);

  await page.goto(mailCatcherURL);
  await page.getByRole('link', { name: staff.subject }).click();
  await expect(page.getByRole('heading', { level: 1, name: staff.subject })).toBeVisible();
  await expect(page.frameLocator('iframe[title="HTML part"]').getByText('Retirement party').first()).toBeVisible();
});
