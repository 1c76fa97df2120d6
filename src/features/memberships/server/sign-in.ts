/**
 * Member sign-in by e-mail: a one-time link, short-lived and single use (its token in
 * sign-in-token.ts). Asking for a link is counted per connection (429 over the limit), and that count
 * is all that happens before the answer, so members and everyone else get it by the same path and in
 * the same time. After the answer Stripe is asked whether the address is a member's; a member's link is
 * counted per address (quietly: more links to one inbox are not sent), and the token's hash and its
 * e-mail are written in the same round trip as that count. The queued e-mail, which holds the link,
 * expires with the link and is deleted once sent.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { MailMessage } from '../../../shared/mail/message';
import { queueWrites } from '../../../shared/mail/outbox';
import { enforceLimit, limitedWrite, type LimitPolicy } from '../../../shared/server/rate-limit';
import { HttpError } from '../../../shared/server/request';
import { findActiveMemberByEmail } from './active-member';
import { hashToken, SIGN_IN_LINK_TTL_SECONDS, signInLink, signInTokenKey } from './sign-in-token';

/** Sign-in link requests per connection: as the portal's e-mail login. */
export const SIGN_IN_REQUEST_LIMIT: LimitPolicy = {
  prefix: 'ratelimit:member-sign-in',
  requests: 5,
  windowSeconds: 60,
  message: 'Too many attempts. Please wait a minute and try again.',
};

/** Links sent to one address: at most 3 per link lifetime, so nobody can fill a member's inbox. */
export const SIGN_IN_ADDRESS_LIMIT: LimitPolicy = {
  prefix: 'ratelimit:member-link',
  requests: 3,
  windowSeconds: SIGN_IN_LINK_TTL_SECONDS,
  message: 'Too many sign-in links for this address.',
};

const hashAddress = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** Builds the e-mail of a link; the caller passes it so this module ships no templates to readers. */
export type SignInMessageBuilder = (input: { email: string; link: string; linkHash: string }) => MailMessage;

/** Counts a request for a link from this connection (429 over the limit): the only work before the answer. */
export async function countSignInRequest(client: string): Promise<void> {
  await enforceLimit(SIGN_IN_REQUEST_LIMIT, client);
}

/**
 * After the answer: queues a sign-in link to `email` if it belongs to an active membership; answers
 * the keys of the messages queued (empty for anyone else, and when the address has had its share of links).
 */
export async function queueSignInLink(email: string, origin: string, buildMessage: SignInMessageBuilder, now = new Date()): Promise<string[]> {
  const member = await findActiveMemberByEmail(email);
  if (!member) return [];
  const token = randomBytes(32).toString('base64url');
  const linkHash = hashToken(token);
  const message = { ...buildMessage({ email: member.email, link: signInLink(origin, token), linkHash }), expiresInSeconds: SIGN_IN_LINK_TTL_SECONDS };
  try {
    await limitedWrite(SIGN_IN_ADDRESS_LIMIT, hashAddress(member.email), [
      { command: 'SET', key: signInTokenKey(linkHash), args: [JSON.stringify(member), 'EX', SIGN_IN_LINK_TTL_SECONDS] },
      ...queueWrites([message], now),
    ]);
  } catch (error) {
    // The address had its share of links: nothing more is sent.
    if (error instanceof HttpError && error.status === 429) return [];
    throw error;
  }
  return [message.key];
}
