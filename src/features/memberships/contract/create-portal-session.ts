/**
 * POST /api/create-portal-session: opens Stripe's billing portal for the customer a Checkout session
 * created (the membership success page's button). Body: billingPortalSchema
 * (src/features/memberships/contract/billing-portal-form.ts). Answer: the portal's address.
 */
import type * as z from 'zod/mini';
import type { billingPortalSchema } from './billing-portal-form';
import type { RedirectAnswer } from '../../../shared/contract/common';
import { endpoint } from '../../../shared/contract/endpoint';

export const openBillingPortal = endpoint('POST', '/api/create-portal-session').takes<z.input<typeof billingPortalSchema>>().answers<RedirectAnswer>();
