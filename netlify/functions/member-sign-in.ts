import type { Config } from '@netlify/functions';
import { requestSignInLink } from '../../src/domain/api/member-sign-in';
import { memberLoginSchema } from '../../src/domain/forms/member-login';
import { SIGN_IN_LINK_SENT_MESSAGE } from '../../src/domain/forms/member-sign-in-messages';
import { onsiteBookingOnly } from '../../src/server/bay-booking/mode';
import { handle } from '../../src/server/handle';
import { answer } from '../../src/server/http';
import { afterAnswer, deliverNow } from '../../src/server/mail/deliver';
import { memberSignInMessage } from '../../src/server/mail/member-messages';
import { requestSignInLink as sendSignInLink } from '../../src/server/members/sign-in';
import { clientIp, readJsonBody, siteUrl } from '../../src/server/request';

/**
 * POST /api/member/sign-in { email }: the same answer for every address; a member's address gets a
 * one-time link by e-mail, sent after the answer.
 */
export default handle(['POST'], async (request, context) => {
  const { email } = await readJsonBody(request, memberLoginSchema, { maxBytes: 2048 });
  const queued = await sendSignInLink(email, clientIp(request, context), siteUrl(request), memberSignInMessage);
  afterAnswer(context, () => deliverNow(queued));
  return answer(requestSignInLink, { ok: true, message: SIGN_IN_LINK_SENT_MESSAGE });
}, { guard: onsiteBookingOnly });

export const config: Config = { path: '/api/member/sign-in' };
