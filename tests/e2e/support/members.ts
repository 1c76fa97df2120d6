// What the member e2e tests share: a membership bought through the emulator's hosted checkout, the
// mail catcher's messages to one address, and the sign-in link a member is e-mailed.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { SIGN_IN_BUTTON } from '../../../src/features/memberships/contract/member-sign-in-texts';
import type { CaughtMessage } from '../../../dev/mail-catcher/index';
import { mailCatcherURL } from '../../playwright.config';

export async function messagesTo(request: APIRequestContext, email: string): Promise<CaughtMessage[]> {
  const all = (await (await request.get(`${mailCatcherURL}/api/messages`)).json()) as CaughtMessage[];
  return all.filter((message) => message.to.includes(email));
}

export async function buyMembership(request: APIRequestContext, tier: string, email: string): Promise<void> {
  const created = await request.post('/api/create-subscription', { data: { membershipTier: tier, billingTerm: '1-month' } });
  expect(created.ok()).toBe(true);
  const { sessionId, url } = (await created.json()) as { sessionId: string; url: string };
  const completed = await request.post(`${new URL(url).origin}/__emulator/sessions/${sessionId}/complete`, { form: { email, name: 'Mia Member' } });
  expect(completed.ok()).toBe(true);
}

/** The path (with its #sign-in= fragment) of the one sign-in link e-mailed to `email`, once it has arrived. */
export async function emailedSignInPath(request: APIRequestContext, email: string): Promise<string> {
  await expect.poll(async () => (await messagesTo(request, email)).length, { timeout: 20_000 }).toBe(1);
  const [message] = await messagesTo(request, email);
  const link = new URL(/https?:\/\/\S+\/book#sign-in=[A-Za-z0-9_-]+/.exec(message!.text)![0]);
  return `${link.pathname}${link.hash}`;
}

/** Opens the e-mailed link as the member does: the page names the address, and the member presses the button. */
export async function signInFromLink(page: Page, path: string, email: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByText(`Sign in as ${email}?`)).toBeVisible();
  await page.getByRole('button', { name: SIGN_IN_BUTTON, exact: true }).click();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
}
