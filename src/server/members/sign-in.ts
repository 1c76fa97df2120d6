/**
 * Member sign-in by e-mail: a one-time link, short-lived and single use.
 *   member:signin:{sha256 of the link's token}  JSON BookingMember, expires with the link
 * Only the token's hash is stored, so reading the store gives no working link. Asking for a link
 * is counted per connection (429 over the limit) and per address (quietly: more links to one inbox
 * are not sent, and the answer stays the same); the token and its e-mail are written in the same
 * round trip as the per-address count. Following the link takes the token in one atomic GETDEL.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SIGN_IN_LINK_MINUTES } from '../../domain/forms/member-sign-in-messages';
import type { MailMessage } from '../../domain/mail/message';
import { queueWrites } from '../mail/outbox';
import { enforceLimit, limitedWrite, type LimitPolicy } from '../rate-limit';
import { HttpError } from '../request';
import { withStore } from '../store';
import { findActiveMemberByEmail, type BookingMember } from './active-member';

export const SIGN_IN_LINK_TTL_SECONDS = SIGN_IN_LINK_MINUTES * 60;
export const signInTokenKey = (tokenHash: string) => `member:signin:${tokenHash}`;

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

/** A link's token: 32 random bytes, base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const hashAddress = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** Builds the e-mail of a link; the caller passes it so this module ships no templates to readers. */
export type SignInMessageBuilder = (input: { email: string; link: string; linkHash: string }) => MailMessage;

/**
 * Sends a sign-in link to `email` if it belongs to an active membership; answers the keys of the
 * messages queued (empty for anyone else, and when the address has had its share of links).
 */
export async function requestSignInLink(
  email: string,
  client: string,
  origin: string,
  buildMessage: SignInMessageBuilder,
  now = new Date(),
): Promise<string[]> {
  await enforceLimit(SIGN_IN_REQUEST_LIMIT, client);
  const member = await findActiveMemberByEmail(email);
  if (!member) return [];
  const token = randomBytes(32).toString('base64url');
  const linkHash = hashToken(token);
  const message = buildMessage({ email: member.email, link: `${origin}/api/member/sign-in/${token}`, linkHash });
  try {
    await limitedWrite(SIGN_IN_ADDRESS_LIMIT, hashAddress(member.email), [
      { command: 'SET', key: signInTokenKey(linkHash), args: [JSON.stringify(member), 'EX', SIGN_IN_LINK_TTL_SECONDS] },
      ...queueWrites([message], now),
    ]);
  } catch (error) {
    // The address had its share of links: answer as for anyone else.
    if (error instanceof HttpError && error.status === 429) return [];
    throw error;
  }
  return [message.key];
}

function readMember(value: unknown): BookingMember | null {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { email, customerId, planSlug } = parsed as Partial<BookingMember>;
  return typeof email === 'string' && typeof customerId === 'string' && typeof planSlug === 'string' ? { email, customerId, planSlug } : null;
}

/** The member a link's token signs in, taking the token (it works once); null for an unknown, used or expired one. */
export async function consumeSignInToken(token: string): Promise<BookingMember | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const stored = await withStore((store) => store.getdel(signInTokenKey(hashToken(token))));
  return stored === null ? null : readMember(stored);
}
