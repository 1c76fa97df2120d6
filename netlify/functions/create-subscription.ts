import type { Config } from '@netlify/functions';
import { handle } from '../../src/server/handle';
import { json } from '../../src/server/http';
import { createMembershipCheckout, createSubscriptionSchema } from '../../src/server/payments/membership';
import { readJsonBody, siteUrl } from '../../src/server/request';

/** POST /api/create-subscription { priceId?, membershipTier, billingTerm } → { sessionId, url }. */
export default handle(['POST'], async (request) => {
  const body = await readJsonBody(request, createSubscriptionSchema);
  return json(await createMembershipCheckout(body, siteUrl(request)));
});

export const config: Config = { path: '/api/create-subscription' };
