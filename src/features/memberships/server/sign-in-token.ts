/**
 * A sign-in link's token:
 *   member:signin:{sha256 of the link's token}  JSON BookingMember, expires with the link
 * Only the token's hash is stored, so reading the store gives no working link. The e-mailed link opens
 * /book with the token in the address's fragment (never sent to a server, so a mail scanner fetching
 * the link gets the static page and nothing else): the page reads who the link is for (a GET that
 * changes nothing) and the member's button POSTs it, which takes the token in one atomic GETDEL. Apart from asking for a link (sign-in.ts, which asks Stripe
 * who is a member), so that following one ships no Stripe client.
 */
import { createHash } from 'node:crypto';
import { SIGN_IN_FRAGMENT, SIGN_IN_LANDING_PATH, SIGN_IN_LINK_MINUTES } from '../contract/member-sign-in-texts';
import { withStore } from '../../../shared/server/store';
import type { BookingMember } from './active-member';

export const SIGN_IN_LINK_TTL_SECONDS = SIGN_IN_LINK_MINUTES * 60;
export const signInTokenKey = (tokenHash: string) => `member:signin:${tokenHash}`;

/** A link's token: 32 random bytes, base64url (43 characters). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function readMember(value: unknown): BookingMember | null {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { email, customerId, planSlug } = parsed as Partial<BookingMember>;
  return typeof email === 'string' && typeof customerId === 'string' && typeof planSlug === 'string' ? { email, customerId, planSlug } : null;
}

/** The link e-mailed to a member: /book with the token in the fragment. */
export const signInLink = (origin: string, token: string) => `${origin}${SIGN_IN_LANDING_PATH}#${SIGN_IN_FRAGMENT}=${token}`;

/** The member a link's token would sign in, leaving the token as it is; null for an unknown, used or expired one. */
export async function peekSignInToken(token: string): Promise<BookingMember | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const stored = await withStore((store) => store.get(signInTokenKey(hashToken(token))));
  return stored === null ? null : readMember(stored);
}

/** The member a link's token signs in, taking the token (it works once); null for an unknown, used or expired one. */
export async function consumeSignInToken(token: string): Promise<BookingMember | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const stored = await withStore((store) => store.getdel(signInTokenKey(hashToken(token))));
  return stored === null ? null : readMember(stored);
}
