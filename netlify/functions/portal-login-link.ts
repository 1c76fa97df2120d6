import type { Config } from '@netlify/functions';
import { portalLoginLink as portalLoginEndpoint } from '../../src/features/memberships/contract/portal-login-link';
import { memberLoginSchema } from '../../src/features/memberships/contract/member-login-form';
import { handle } from '../../src/shared/server/handle';
import { answer } from '../../src/shared/server/http';
import { portalLoginLink } from '../../src/features/memberships/server/portal';
import { enforceLimit, PORTAL_EMAIL_LIMIT } from '../../src/shared/server/rate-limit';
import { clientIp, readJsonBody } from '../../src/shared/server/request';

/**
 * POST /api/create-portal-session-by-email { email } → { url } of Stripe's verified portal login
 * with the e-mail prefilled, only when that e-mail has an active membership (else 404 'Unable to find
 * an active membership…'). 5 attempts per minute per IP.
 */
export default handle(['POST'], async (request, context) => {
  const { email } = await readJsonBody(request, memberLoginSchema, { maxBytes: 2048 });
  await enforceLimit(PORTAL_EMAIL_LIMIT, clientIp(request, context));
  return answer(portalLoginEndpoint, await portalLoginLink(email));
});

export const config: Config = { path: '/api/create-portal-session-by-email' };
