// Shared by the member tests: a Stripe emulator wired to the handlers for the describe block (its env
// in force, the store and member sign-in links cleared before each test), and a membership bought
// through the site and paid on the emulator's hosted page.
import membershipCheckout from '../../netlify/functions/membership-checkout';
import { apiRequest, withRedis } from './api-helpers';
import { useBayPayments } from './bay-helpers';
import type { PaymentsHarness } from './payments-harness';

export function useMembersHarness(): { readonly payments: PaymentsHarness } {
  return useBayPayments(() => withRedis((redis) => redis.eval("for _, k in ipairs(redis.call('KEYS', 'member:*')) do redis.call('DEL', k) end return 0")));
}

/** A membership of `tier` (1-month term) bought through the API and paid on the emulator's hosted page. */
export async function buyMembership(payments: PaymentsHarness, email: string, tier: string): Promise<{ customerId: string; subscriptionId: string }> {
  const { sessionId } = await (await membershipCheckout(apiRequest('/api/create-subscription', { body: { membershipTier: tier, billingTerm: '1-month' } }))).json();
  await payments.emulator.completeCheckout(sessionId, { email, name: 'Pat Member' });
  const session = await payments.stripe.checkout.sessions.retrieve(sessionId);
  return { customerId: session.customer as string, subscriptionId: session.subscription as string };
}
