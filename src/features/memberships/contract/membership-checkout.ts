/**
 * POST /api/create-subscription: starts the hosted Checkout of a membership (subscription mode).
 * Body: membershipCheckoutSchema (src/features/memberships/contract/checkout-form.ts). Answer: the Checkout
 * session's id and the address of its hosted page.
 */
import * as z from 'zod/mini';
import type { membershipCheckoutSchema } from './checkout-form';
import { endpoint } from '../../../shared/contract/endpoint';

export const membershipCheckoutAnswer = z.object({ sessionId: z.string(), url: z.string() });
export type MembershipCheckoutAnswer = z.infer<typeof membershipCheckoutAnswer>;

export const startMembershipCheckout = endpoint('POST', '/api/create-subscription')
  .takes<z.input<ReturnType<typeof membershipCheckoutSchema>>>()
  .answers<MembershipCheckoutAnswer>();
