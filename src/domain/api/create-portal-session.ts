/**
 * POST /api/create-portal-session: opens Stripe's billing portal for the customer a Checkout session
 * created (the membership success page's button). Body: billingPortalSchema
 * (src/domain/forms/billing-portal.ts). Answer: the portal's address.
 */
import type * as z from 'zod/mini';
import type { billingPortalSchema } from '../forms/billing-portal';
import type { RedirectAnswer } from './common';
import { endpoint } from './endpoint';

export const openBillingPortal = endpoint('POST', '/api/create-portal-session').takes<z.input<typeof billingPortalSchema>>().answers<RedirectAnswer>();
