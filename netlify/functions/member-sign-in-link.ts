import type { Config } from '@netlify/functions';
import { confirmSignInLink, readSignInLink } from '../../src/features/memberships/contract/member-sign-in-link';
import { SIGN_IN_OUTCOMES } from '../../src/features/memberships/contract/member-sign-in-texts';
import { onsiteBookingOnly } from '../../src/features/bay-booking/server/mode';
import { requireSameOrigin } from '../../src/features/staff/server/session';
import { handle } from '../../src/shared/server/handle';
import { answer } from '../../src/shared/server/http';
import { issueMemberSessionToken, memberSessionCookie } from '../../src/features/memberships/server/member-session';
import { consumeSignInToken, peekSignInToken } from '../../src/features/memberships/server/sign-in-token';
import { HttpError, routeParam } from '../../src/shared/server/request';

const linkInvalid = () => new HttpError(404, SIGN_IN_OUTCOMES['link-invalid']);

/**
 * GET /api/member/sign-in/:token: whom the e-mailed link signs in; changes nothing.
 * POST (the member's button, same origin only): takes the token and sets the member session.
 */
export default handle(
  ['GET', 'POST'],
  async (request, context) => {
    const token = routeParam(context, 'token') ?? '';
    if (request.method === 'GET') {
      const member = await peekSignInToken(token);
      if (!member) throw linkInvalid();
      return answer(readSignInLink, { email: member.email });
    }
    requireSameOrigin(request);
    const member = await consumeSignInToken(token);
    if (!member) throw linkInvalid();
    return answer(confirmSignInLink, { ok: true }, 200, { 'Set-Cookie': memberSessionCookie(request, await issueMemberSessionToken(member)) });
  },
  { guard: onsiteBookingOnly, headers: { 'Cache-Control': 'no-store' } },
);

export const config: Config = { path: '/api/member/sign-in/:token' };
