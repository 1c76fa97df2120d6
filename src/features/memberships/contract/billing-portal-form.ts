import * as z from 'zod';

/**
 * The body of POST /api/create-portal-session, sent by the membership success page: the customer
 * and the Checkout session that created it, the proof that the caller is that customer.
 */
export const NO_CUSTOMER_MESSAGE = 'No customer data available';
export const NOT_YOUR_ACCOUNT_MESSAGE = 'We could not confirm this account. Please use Member Login with the email address of your membership.';

export const billingPortalSchema = z.object({
  customerId: z.string({ error: NO_CUSTOMER_MESSAGE }).trim().min(1, NO_CUSTOMER_MESSAGE).max(255, NO_CUSTOMER_MESSAGE),
  sessionId: z.string({ error: NOT_YOUR_ACCOUNT_MESSAGE }).trim().min(1, NOT_YOUR_ACCOUNT_MESSAGE).max(300, NOT_YOUR_ACCOUNT_MESSAGE),
});

export type BillingPortalRequest = z.output<typeof billingPortalSchema>;
