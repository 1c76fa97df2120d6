/**
 * Member sessions: a jose HS256 JWT in the `member_session` cookie (HttpOnly, Secure except on
 * http://localhost, SameSite=Lax so the e-mailed sign-in link can set it, Path=/, 30 days) naming the
 * member's e-mail, Stripe customer and plan. The cookie only says who signed in: whether they still
 * get a plan's benefits is asked of Stripe each time a booking depends on it (booking-member.ts), so
 * reading a session here never loads the Stripe SDK.
 */
import { createHash } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { cookieAttributes, readCookie } from '../../../shared/server/cookies';
import { readMemberSessionSettings } from '../../../shared/server/env';
import { HttpError } from '../../../shared/server/request';
import type { BookingMember } from './active-member';

export type { BookingMember } from './active-member';

export const MEMBER_SESSION_COOKIE = 'member_session';
export const MEMBER_SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
const ISSUER = 'venue-site';
const AUDIENCE = 'venue-member';

export const MEMBER_SIGN_IN_UNCONFIGURED_MESSAGE = 'Member sign-in is not available right now. Please call us to book with your membership.';

/**
 * The signing key: MEMBER_SESSION_SECRET (at least 32 characters); local runs without it use a fixed
 * derived key. Production without it answers 503 and logs the variable's name.
 */
export function memberSessionKey(env: NodeJS.ProcessEnv = process.env): Uint8Array {
  const { secret, production } = readMemberSessionSettings(env);
  const refuse = (detail: string) => {
    console.error(`[members] ${detail}`);
    return new HttpError(503, MEMBER_SIGN_IN_UNCONFIGURED_MESSAGE);
  };
  if (secret) {
    if (secret.length < 32) throw refuse('MEMBER_SESSION_SECRET must be at least 32 characters.');
    return new TextEncoder().encode(secret);
  }
  if (production) throw refuse('MEMBER_SESSION_SECRET is not set.');
  return createHash('sha256').update('local-member-session-secret').digest();
}

export async function issueMemberSessionToken(member: BookingMember, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new SignJWT({ email: member.email, plan: member.planSlug })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(member.customerId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${MEMBER_SESSION_LIFETIME_SECONDS}s`)
    .sign(memberSessionKey(env));
}

/** Who a member session token names, or null when it is not a valid, unexpired token of this site. */
export async function readMemberSessionToken(token: string, env: NodeJS.ProcessEnv = process.env): Promise<BookingMember | null> {
  const key = memberSessionKey(env);
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['iat', 'exp', 'sub'],
      maxTokenAge: MEMBER_SESSION_LIFETIME_SECONDS,
    });
    const { email, plan } = payload;
    if (typeof email !== 'string' || typeof plan !== 'string' || !payload.sub) return null;
    return { email, customerId: payload.sub, planSlug: plan };
  } catch {
    return null;
  }
}

export function memberSessionCookie(request: Request, token: string): string {
  return `${MEMBER_SESSION_COOKIE}=${token}; ${cookieAttributes(request, MEMBER_SESSION_LIFETIME_SECONDS, 'Lax')}`;
}

export function clearedMemberSessionCookie(request: Request): string {
  return `${MEMBER_SESSION_COOKIE}=; ${cookieAttributes(request, 0, 'Lax')}`;
}

/** The member a request's session cookie names, as signed (no Stripe call); null without a valid one. */
export async function signedInMember(request: Request, env: NodeJS.ProcessEnv = process.env): Promise<BookingMember | null> {
  const token = readCookie(request, MEMBER_SESSION_COOKIE);
  if (!token) return null;
  return readMemberSessionToken(token, env);
}
