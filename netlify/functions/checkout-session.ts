import type { Config } from '@netlify/functions';
import { checkoutLookup } from '../../src/shared/contract/checkout-session';
import { handle } from '../../src/shared/server/handle';
import { answer } from '../../src/shared/server/http';
import { retrieveCheckoutSession, toLookup } from '../../src/shared/payments/checkout-lookup';
import { HttpError, routeParam } from '../../src/shared/server/request';

/** GET /api/checkout-session/{session_id} → { customer, metadata: { sessions, teeTime, membershipTier, billingTerm } }. */
export default handle(['GET'], async (_request, context) => {
  const id = routeParam(context, 'sessionId');
  if (!id) throw new HttpError(400, 'Invalid checkout session id.');
  return answer(checkoutLookup, toLookup(await retrieveCheckoutSession(id)));
});

export const config: Config = { path: '/api/checkout-session/:sessionId' };
