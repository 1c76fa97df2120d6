import type { Config } from '@netlify/functions';
import { openBillingPortal } from '../../src/features/memberships/contract/create-portal-session';
import { billingPortalSchema } from '../../src/features/memberships/contract/billing-portal-form';
import { handle } from '../../src/shared/server/handle';
import { answer } from '../../src/shared/server/http';
import { createPortalForCheckout } from '../../src/features/memberships/server/portal';
import { readJsonBody, siteUrl } from '../../src/shared/server/request';

/**
 * POST /api/create-portal-session { customerId, sessionId } → { url }: only for the customer the
 * Checkout session `sessionId` created (else 403); no customerId → 400 'No customer data available'.
 */
export default handle(['POST'], async (request) => {
  const body = await readJsonBody(request, billingPortalSchema);
  return answer(openBillingPortal, await createPortalForCheckout(body, siteUrl(request)));
});

export const config: Config = { path: '/api/create-portal-session' };
