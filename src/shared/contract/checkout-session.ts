/**
 * GET /api/checkout-session/:sessionId: what the success pages read of a Checkout session, and
 * nothing more: the customer it created and the metadata the site set (null when absent).
 */
import * as z from 'zod/mini';
import { endpoint } from './endpoint';

const metadataValue = z.nullable(z.string());

export const checkoutLookupAnswer = z.object({
  customer: z.nullable(z.string()),
  metadata: z.object({
    /** League: the session ids, 'fall,winter'. */
    sessions: metadataValue,
    /** League: the tee time, or one per session in session order when they differ: 'monday-6pm,tuesday-8pm'. */
    teeTime: metadataValue,
    /** Membership: the plan and the billing term's key. */
    membershipTier: metadataValue,
    billingTerm: metadataValue,
  }),
});
export type CheckoutLookup = z.infer<typeof checkoutLookupAnswer>;

export const checkoutLookup = endpoint('GET', '/api/checkout-session/:sessionId').answers<CheckoutLookup>();
