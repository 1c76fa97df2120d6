import type { Config } from '@netlify/functions';
import { membershipCatalog } from '../../src/data/memberships';
import { startMembershipCheckout } from '../../src/domain/api/membership-checkout';
import { membershipCheckoutSchema } from '../../src/domain/forms/membership-checkout';
import { handle } from '../../src/server/handle';
import { answer } from '../../src/server/http';
import { createMembershipCheckout } from '../../src/server/payments/membership';
import { readJsonBody, siteUrl } from '../../src/server/request';

const schema = membershipCheckoutSchema(membershipCatalog);

/** POST /api/create-subscription { priceId?, membershipTier, billingTerm } → { sessionId, url } of the membership's hosted Checkout. */
export default handle(['POST'], async (request) => {
  const body = await readJsonBody(request, schema);
  return answer(startMembershipCheckout, await createMembershipCheckout(body, siteUrl(request)));
});

export const config: Config = { path: '/api/create-subscription' };
