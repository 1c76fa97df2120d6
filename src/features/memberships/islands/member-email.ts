/** The member e-mail forms' check (billing login, bay-booking sign-in). */
import { MEMBER_LOGIN_EMAIL_MESSAGE } from '../contract/member-login-texts';

/**
 * Undefined when `email` is an address the server takes, else the message to show. The shared schema
 * (and zod) load on first use, keeping them out of the page's first load.
 */
export async function memberEmailProblem(email: string): Promise<string | undefined> {
  const { memberLoginSchema } = await import('../contract/member-login-form');
  return memberLoginSchema.safeParse({ email }).success ? undefined : MEMBER_LOGIN_EMAIL_MESSAGE;
}
