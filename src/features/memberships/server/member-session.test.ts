import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { issueSessionToken } from '../../staff/server/session';
import { HttpError } from '../../../shared/server/request';
import {
  clearedMemberSessionCookie,
  issueMemberSessionToken,
  memberSessionCookie,
  memberSessionKey,
  readMemberSessionToken,
  signedInMember,
} from './member-session';
import { bookingMemberFromRequest } from './booking-member';

const env = { MEMBER_SESSION_SECRET: 'm'.repeat(40) };
const member = { email: 'pat@example.com', customerId: 'cus_123', planSlug: 'bogey' };

describe('member session tokens', () => {
  it('round-trips the e-mail, customer and plan, with the same key only', async () => {
    const token = await issueMemberSessionToken(member, env);
    expect(await readMemberSessionToken(token, env)).toEqual(member);
    expect(await readMemberSessionToken(token, { MEMBER_SESSION_SECRET: 'n'.repeat(40) })).toBeNull();
    expect(await readMemberSessionToken(`${token}x`, env)).toBeNull();
  });

  it('refuses an admin token, an expired token and one without a customer', async () => {
    const adminEnv = { ...env, ADMIN_JWT_SECRET: 'm'.repeat(40), ADMIN_PASSWORD: 'x' };
    expect(await readMemberSessionToken(await issueSessionToken(adminEnv), adminEnv)).toBeNull();
    const now = Math.floor(Date.now() / 1000);
    const sign = (claims: { sub?: string; iat: number; exp: number }) => {
      const token = new SignJWT({ email: member.email, plan: member.planSlug }).setProtectedHeader({ alg: 'HS256' }).setIssuer('venue-site').setAudience('venue-member');
      if (claims.sub) token.setSubject(claims.sub);
      return token.setIssuedAt(claims.iat).setExpirationTime(claims.exp).sign(memberSessionKey(env));
    };
    expect(await readMemberSessionToken(await sign({ sub: 'cus_1', iat: now, exp: now + 60 }), env)).not.toBeNull();
    expect(await readMemberSessionToken(await sign({ sub: 'cus_1', iat: now - 120, exp: now - 60 }), env)).toBeNull();
    expect(await readMemberSessionToken(await sign({ iat: now, exp: now + 60 }), env)).toBeNull();
  });

  it('requires MEMBER_SESSION_SECRET (32+ characters) in production; local runs derive a stable key', () => {
    expect(() => memberSessionKey({ NODE_ENV: 'production' })).toThrow(HttpError);
    expect(() => memberSessionKey({ MEMBER_SESSION_SECRET: 'short' })).toThrow(HttpError);
    expect(memberSessionKey({ NODE_ENV: 'production', ...env })).toHaveLength(40);
    expect(memberSessionKey({})).toEqual(memberSessionKey({}));
  });
});

describe('member session cookie', () => {
  it('is HttpOnly, SameSite=Lax, 30 days, Secure except on http://localhost, and cleared with Max-Age=0', () => {
    const local = new Request('http://localhost:8888/api/member/sign-in');
    const deployed = new Request('https://golf.example/api/member/sign-in');
    expect(memberSessionCookie(local, 'tok')).toBe('member_session=tok; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000');
    expect(memberSessionCookie(deployed, 'tok')).toContain('; Secure;');
    expect(clearedMemberSessionCookie(deployed)).toMatch(/^member_session=; .*Max-Age=0$/);
  });

  it('names the signed-in member; no cookie, a forged one or sign-in not configured name nobody', async () => {
    const token = await issueMemberSessionToken(member, env);
    const withCookie = (value: string) => new Request('http://localhost/book', { headers: { cookie: `a=1; member_session=${value}` } });
    expect(await signedInMember(withCookie(token), env)).toEqual(member);
    expect(await signedInMember(new Request('http://localhost/book'), env)).toBeNull();
    expect(await signedInMember(withCookie('forged'), env)).toBeNull();
    // No Stripe call is made for a request that names nobody.
    expect(await bookingMemberFromRequest(withCookie(token), { NODE_ENV: 'production' })).toBeNull();
    expect(await bookingMemberFromRequest(new Request('http://localhost/book'), env)).toBeNull();
  });
});
