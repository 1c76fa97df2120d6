import type { Config } from '@netlify/functions';
import { membershipCatalog } from '../../src/features/memberships/catalogue';
import { currentMember, signOutMember } from '../../src/features/memberships/contract/member-session';
import { requireSameOrigin } from '../../src/features/staff/server/session';
import { handle } from '../../src/shared/server/handle';
import { answer } from '../../src/shared/server/http';
import { clearedMemberSessionCookie, signedInMember } from '../../src/features/memberships/server/member-session';

/** Answers vary with the session cookie and are never cached. */
const headers = { 'Cache-Control': 'no-store', Vary: 'Cookie' };

/** GET /api/member/session: who is signed in, or null. DELETE: signs out (from the site itself only). */
export default handle(
  ['GET', 'DELETE'],
  async (request) => {
    if (request.method === 'DELETE') {
      requireSameOrigin(request);
      return answer(signOutMember, { ok: true }, 200, { 'Set-Cookie': clearedMemberSessionCookie(request) });
    }
    const member = await signedInMember(request).catch(() => null);
    const plan = member ? membershipCatalog.plans.find((candidate) => candidate.slug === member.planSlug) : undefined;
    return answer(currentMember, { member: member && plan ? { email: member.email, planSlug: plan.slug, plan: plan.tier } : null });
  },
  { headers },
);

export const config: Config = { path: '/api/member/session' };
