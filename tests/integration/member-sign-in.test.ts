// Member sign-in for bay booking: a one-time e-mailed link for active members only, the same answer
// for every address by the same path (Stripe asked after it), links stored hashed, single use and
// short-lived, used only by the member's same-origin POST (a GET, as a mail scanner sends, changes
// nothing), the queued e-mail gone with the link or once sent, the session cookie, and signing out.
import { beforeEach, describe, expect, it } from 'vitest';
import memberSignIn from '../../netlify/functions/member-sign-in';
import memberSignInLink, { config as signInLinkConfig } from '../../netlify/functions/member-sign-in-link';
import memberSessionFunction from '../../netlify/functions/member-session';
import { SIGN_IN_LINK_SENT_MESSAGE } from '../../src/features/memberships/contract/member-sign-in-texts';
import { site } from '../../src/data/site';
import { bookingMemberFromRequest } from '../../src/features/memberships/server/booking-member';
import { SIGN_IN_LINK_TTL_SECONDS } from '../../src/features/memberships/server/sign-in-token';
import { queueSignInLink } from '../../src/features/memberships/server/sign-in';
import { memberSignInMessage } from '../../src/features/memberships/mail/sign-in-email';
import { routed } from '../support/function-context';
import { apiRequest, ORIGIN, withRedis } from './api-helpers';
import { afterAnswerContext, useMailCatcher } from './mail-helpers';
import { buyMembership as buy, useMembersHarness } from './members-helpers';
import { useDeadStripe } from './payments-harness';
import { uniqueEmail } from './stripe-emulator-support';

const followLink = routed(memberSignInLink, signInLinkConfig);
const mail = useMailCatcher();
const harness = useMembersHarness();

async function buyMembership(email: string, membershipTier = 'Bogey'): Promise<string> {
  return (await buy(harness.payments, email, membershipTier)).subscriptionId;
}

/** Asks for a link as a visitor would; answers the response after the mail was sent. */
async function askForLink(email: unknown, ip = '198.51.100.70'): Promise<Response> {
  const { context, settled } = afterAnswerContext({ ip });
  const response = await memberSignIn(apiRequest('/api/member/sign-in', { body: { email } }), context);
  await settled();
  return response;
}

/** The sign-in link of the newest message to `email`. */
async function linkSentTo(email: string): Promise<string> {
  const message = (await mail.catcher.messages()).find((caught) => caught.to.includes(email));
  const link = /https?:\/\/\S+\/book#sign-in=[A-Za-z0-9_-]{43}/.exec(message?.text ?? '')?.[0];
  if (!link) throw new Error(`no sign-in link was sent to ${email}`);
  return link;
}

const tokenOf = (link: string) => link.split('#sign-in=')[1]!;
/** What the /book page asks when opened from the link (also what a scanner's GET gets). */
const read = (token: string) => followLink(apiRequest(`/api/member/sign-in/${token}`));
/** The member's button. */
const confirm = (token: string, origin: string | null = ORIGIN) => followLink(apiRequest(`/api/member/sign-in/${token}`, { method: 'POST', origin }));
/** As a person follows the link: the page reads whom it signs in, then the button signs in. */
const follow = async (link: string) => {
  await read(tokenOf(link));
  return confirm(tokenOf(link));
};

describe('member sign-in by e-mail link', () => {
  beforeEach(() => mail.catcher.clear());

  it('e-mails a member a one-time link to /book; its page says who signs in; the button sets a member session', async () => {
    const email = uniqueEmail('member');
    await buyMembership(email, 'Bogey+');
    const answer = await askForLink(email.toUpperCase());
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true, message: SIGN_IN_LINK_SENT_MESSAGE });

    const [message] = await mail.catcher.messages();
    expect(message?.to).toEqual([email]);
    expect(message?.subject).toBe(`Your sign-in link – ${site.name}`);
    expect(message?.text).toContain('within 15 minutes');
    const link = await linkSentTo(email);
    expect(link.startsWith(`${ORIGIN}/book#sign-in=`)).toBe(true);

    // Only the token's hash is stored, with the link's lifetime; the sent e-mail holding the link is gone from the outbox.
    const token = tokenOf(link);
    await withRedis(async (redis) => {
      const keys = await redis.keys('member:signin:*');
      expect(keys).toHaveLength(1);
      expect(keys[0]).not.toContain(token);
      expect(await redis.get(keys[0]!)).not.toContain(token);
      expect(await redis.ttl(keys[0]!)).toBeGreaterThan(SIGN_IN_LINK_TTL_SECONDS - 5);
      expect(await redis.keys('mail:msg:member-sign-in:*')).toEqual([]);
      for (const key of await redis.keys('*')) {
        const type = await redis.type(key);
        if (type === 'string') expect(await redis.get(key)).not.toContain(token);
      }
    });

    // A scanner's GETs (and the page's own) say whom it signs in and use nothing up; no cookie.
    for (let scan = 0; scan < 3; scan += 1) {
      const scanned = await read(token);
      expect(scanned.status).toBe(200);
      expect(await scanned.json()).toEqual({ email });
      expect(scanned.headers.get('set-cookie')).toBeNull();
      expect(scanned.headers.get('cache-control')).toBe('no-store');
    }
    // Another site cannot post it (no login CSRF), and that uses nothing up either.
    for (const origin of ['https://evil.example', null]) {
      const forged = await confirm(token, origin);
      expect(forged.status).toBe(403);
      expect(forged.headers.get('set-cookie')).toBeNull();
    }

    const landed = await confirm(token);
    expect(landed.status).toBe(200);
    expect(await landed.json()).toEqual({ ok: true });
    const cookie = landed.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^member_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/);
    const session = cookie.split(';')[0]!;
    const withSession = new Request(`${ORIGIN}/api/member/session`, { headers: { cookie: session } });
    expect(await (await memberSessionFunction(withSession)).json()).toEqual({ member: { email, planSlug: 'bogey-plus', plan: 'Bogey+' } });
    expect(await bookingMemberFromRequest(withSession)).toMatchObject({ email, planSlug: 'bogey-plus' });

    // Single use.
    const again = await confirm(token);
    expect(again.status).toBe(404);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect((await read(token)).status).toBe(404);
  });

  it('answers the same to a non-member, a past-due member and a malformed token gets no session', async () => {
    const pastDue = uniqueEmail('past-due');
    await harness.payments.emulator.setSubscriptionStatus(await buyMembership(pastDue), 'past_due');
    for (const email of [uniqueEmail('stranger'), pastDue]) {
      const answer = await askForLink(email);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ ok: true, message: SIGN_IN_LINK_SENT_MESSAGE });
    }
    expect(await mail.catcher.messages()).toEqual([]);
    await withRedis(async (redis) => expect(await redis.keys('member:signin:*')).toEqual([]));
    for (const token of ['short', 'x'.repeat(43), '%E0%A4%A']) {
      for (const landed of [await read(token), await confirm(token)]) {
        expect([404, 400]).toContain(landed.status);
        expect(landed.headers.get('set-cookie')).toBeNull();
      }
    }
  });

  it('a link no longer works after 15 minutes', async () => {
    const email = uniqueEmail('slow');
    await buyMembership(email);
    await askForLink(email);
    const link = await linkSentTo(email);
    await withRedis(async (redis) => {
      const [key] = await redis.keys('member:signin:*');
      await redis.pExpire(key!, 1);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await follow(link)).status).toBe(404);
  });

  it('the queued e-mail holding the link lives no longer than the link, and is deleted once sent', async () => {
    const email = uniqueEmail('queued');
    await buyMembership(email);
    // Queued, not yet sent (as when the mail server is down): it expires with the link.
    const [key] = await queueSignInLink(email, ORIGIN, memberSignInMessage);
    expect(key).toMatch(/^member-sign-in:[0-9a-f]{64}$/);
    await withRedis(async (redis) => {
      const ttl = await redis.ttl(`mail:msg:${key}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(SIGN_IN_LINK_TTL_SECONDS);
    });
  });

  it('refuses an invalid address (400) and too many requests from one connection (429); one inbox gets at most 3 links', async () => {
    const bad = await askForLink('not-an-address');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe('Please enter a valid email address');

    const email = uniqueEmail('flooded');
    await buyMembership(email);
    const answers = [];
    for (let index = 0; index < 4; index += 1) answers.push((await askForLink(email, `203.0.113.${index}`)).status);
    expect(answers).toEqual([200, 200, 200, 200]);
    expect((await mail.catcher.messages()).filter((message) => message.to.includes(email))).toHaveLength(3);

    const statuses = [];
    for (let index = 0; index < 6; index += 1) statuses.push((await askForLink(uniqueEmail('burst'), '198.51.100.99')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('the answer comes before Stripe is asked: with Stripe unreachable it is the same, and nothing is stored or sent', async () => {
    await useDeadStripe();
    const answer = await askForLink(uniqueEmail('offline'));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true, message: SIGN_IN_LINK_SENT_MESSAGE });
    await withRedis(async (redis) => expect(await redis.keys('member:signin:*')).toEqual([]));
    expect(await mail.catcher.messages()).toEqual([]);
  });

  it('signs out from the site itself only', async () => {
    const out = await memberSessionFunction(apiRequest('/api/member/session', { method: 'DELETE' }));
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^member_session=; .*Max-Age=0$/);
    const foreign = await memberSessionFunction(apiRequest('/api/member/session', { method: 'DELETE', origin: 'https://evil.example' }));
    expect(foreign.status).toBe(403);
    expect(await (await memberSessionFunction(apiRequest('/api/member/session'))).json()).toEqual({ member: null });
  });
});
