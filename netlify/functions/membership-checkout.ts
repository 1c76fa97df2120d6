import type { Config } from '@netlify/functions';
import { membershipCatalog } from '../../src/features/memberships/catalogue';
import { startMembershipCheckout } from '../../src/features/memberships/contract/membership-checkout';
import { membershipCheckoutSchema } from '../../src/features/memberships/contract/checkout-form';
import { handle } from '../../src/shared/server/handle';
import { answer } from '../../src/shared/server/http';
import { createMembershipCheckout } from '../../src/features/memberships/server/checkout';
import { readJsonBody, siteUrl } from '../../src/shared/server/request';
import { calendarNow } from '../../src/shared/server/calendar-clock';

const schema = membershipCheckoutSchema(membershipCatalog);

/**
 * POST /api/create-subscription { priceId?, membershipTier, billingTerm } → { sessionId, url } of the
 * membership's hosted Checkout, discounted while the promotion runs at this moment.
 */
export default handle(['POST'], async (request) => {
  const body = await readJsonBody(request, schema);
  return answer(startMembershipCheckout, await createMembershipCheckout(body, siteUrl(request), { calendar: calendarNow() }));
});

export const config: Config = { path: '/api/create-subscription' };
