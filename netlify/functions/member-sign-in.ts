import type { Config } from '@netlify/functions';
import { requestSignInLink } from '../../src/features/memberships/contract/member-sign-in';
import { memberLoginSchema } from '../../src/features/memberships/contract/member-login-form';
import { SIGN_IN_LINK_SENT_MESSAGE } from '../../src/features/memberships/contract/member-sign-in-texts';
import { onsiteBookingOnly } from '../../src/features/bay-booking/server/mode';
import { handle } from '../../src/shared/server/handle';
import { answer } from '../../src/shared/server/http';
import { afterAnswer, deliverNow } from '../../src/shared/mail/deliver';
import { memberSignInMessage } from '../../src/features/memberships/mail/sign-in-email';
import { countSignInRequest, queueSignInLink } from '../../src/features/memberships/server/sign-in';
import { clientIp, readJsonBody, siteUrl } from '../../src/shared/server/request';

/**
 * POST /api/member/sign-in { email }: the same answer for every address, by the same path (only the
 * connection's request count before it); after the answer, a member's address gets a one-time link by e-mail.
 */
export default handle(['POST'], async (request, context) => {
  const { email } = await readJsonBody(request, memberLoginSchema, { maxBytes: 2048 });
  await countSignInRequest(clientIp(request, context));
  const origin = siteUrl(request);
  afterAnswer(context, async () => deliverNow(await queueSignInLink(email, origin, memberSignInMessage)));
  return answer(requestSignInLink, { ok: true, message: SIGN_IN_LINK_SENT_MESSAGE });
}, { guard: onsiteBookingOnly });

export const config: Config = { path: '/api/member/sign-in' };
