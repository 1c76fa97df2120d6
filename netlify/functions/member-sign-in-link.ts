import type { Config } from '@netlify/functions';
import { SIGN_IN_LANDING_PATH, type SignInOutcome } from '../../src/domain/forms/member-sign-in-messages';
import { onsiteBookingOnly } from '../../src/server/bay-booking/mode';
import { handle } from '../../src/server/handle';
import { issueMemberSessionToken, memberSessionCookie } from '../../src/server/members/session';
import { consumeSignInToken } from '../../src/server/members/sign-in';
import { routeParam, siteUrl } from '../../src/server/request';

/** Where a followed link lands: /book, saying how it went. */
function landing(request: Request, outcome: SignInOutcome, cookie?: string): Response {
  const location = `${siteUrl(request)}${SIGN_IN_LANDING_PATH}?member=${outcome}`;
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store', ...(cookie ? { 'Set-Cookie': cookie } : {}) } });
}

/** GET /api/member/sign-in/:token: the e-mailed link; it works once, and sets the member session. */
export default handle(['GET'], async (request, context) => {
  const member = await consumeSignInToken(routeParam(context, 'token') ?? '');
  if (!member) return landing(request, 'link-invalid');
  return landing(request, 'signed-in', memberSessionCookie(request, await issueMemberSessionToken(member)));
}, { guard: onsiteBookingOnly });

export const config: Config = { path: '/api/member/sign-in/:token' };
