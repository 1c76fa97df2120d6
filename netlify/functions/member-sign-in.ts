import type { Config } from '@netlify/functions';
import { requestSignInLink } from '../../src/domain/api/member-sign-in';
import { memberLoginSchema } from '../../src/domain/forms/member-login';
import { SIGN_IN_LANDING_PATH, SIGN_IN_LINK_SENT_MESSAGE, type SignInOutcome } from '../../src/domain/forms/member-sign-in-messages';
import { handle } from '../../src/server/handle';
import { answer } from '../../src/server/http';
import { afterAnswer, deliverNow } from '../../src/server/mail/deliver';
import { memberSignInMessage } from '../../src/server/mail/member-messages';
import { issueMemberSessionToken, memberSessionCookie } from '../../src/server/members/session';
import { consumeSignInToken, requestSignInLink as sendSignInLink } from '../../src/server/members/sign-in';
import { clientIp, readJsonBody, routeParam, siteUrl } from '../../src/server/request';

/** Where a followed link lands: /book, saying how it went. */
function landing(request: Request, outcome: SignInOutcome, cookie?: string): Response {
  const location = `${siteUrl(request)}${SIGN_IN_LANDING_PATH}?member=${outcome}`;
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store', ...(cookie ? { 'Set-Cookie': cookie } : {}) } });
}

/**
 * POST /api/member/sign-in { email }: the same answer for every address; a member's address gets a
 * one-time link by e-mail (sent after the answer). GET /api/member/sign-in/:token: the link itself.
 */
export default handle(['POST', 'GET'], async (request, context) => {
  if (request.method === 'GET') {
    const member = await consumeSignInToken(routeParam(context, 'token') ?? '');
    if (!member) return landing(request, 'link-invalid');
    return landing(request, 'signed-in', memberSessionCookie(request, await issueMemberSessionToken(member)));
  }
  const { email } = await readJsonBody(request, memberLoginSchema, { maxBytes: 2048 });
  const queued = await sendSignInLink(email, clientIp(request, context), siteUrl(request), memberSignInMessage);
  afterAnswer(context, () => deliverNow(queued));
  return answer(requestSignInLink, { ok: true, message: SIGN_IN_LINK_SENT_MESSAGE });
});

export const config: Config = { path: ['/api/member/sign-in', '/api/member/sign-in/:token'] };
