// Member sessions against the Stripe emulator: a signed session gives a plan's benefits only while
// the customer's subscription is active or trialing, and follows the subscription's current plan.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import membershipCheckout from '../../netlify/functions/membership-checkout';
import { findActiveMemberByEmail } from '../../src/server/members/active-member';
import { bookingMemberFromRequest, issueMemberSessionToken, type BookingMember } from '../../src/server/members/session';
import { apiRequest, clearStore } from './api-helpers';
import { startPaymentsHarness, useDeadStripe, type PaymentsHarness } from './payments-harness';
import { uniqueEmail } from './stripe-emulator-support';

let payments: PaymentsHarness;

/** Buys a membership through the API and the emulator's hosted page; returns the customer and subscription. */
async function buyMembership(email: string, membershipTier: string): Promise<{ customerId: string; subscriptionId: string }> {
  const { sessionId } = await (await membershipCheckout(apiRequest('/api/create-subscription', { body: { membershipTier, billingTerm: '1-month' } }))).json();
  await payments.emulator.completeCheckout(sessionId, { email, name: 'Pat Member' });
  const session = await payments.stripe.checkout.sessions.retrieve(sessionId);
  return { customerId: session.customer as string, subscriptionId: session.subscription as string };
}

async function requestAs(member: BookingMember): Promise<Request> {
  return new Request('http://localhost:8888/api/bay-availability', { headers: { cookie: `member_session=${await issueMemberSessionToken(member)}` } });
}

describe('booking member from a request', () => {
  beforeAll(async () => {
    payments = await startPaymentsHarness();
  });
  afterAll(async () => payments.close());
  beforeEach(async () => {
    payments.useEnv();
    await clearStore();
  });

  it('finds an active member by e-mail (any case) with the plan of memberships.json; an unknown address finds nobody', async () => {
    const email = uniqueEmail('bogey-plus');
    const { customerId } = await buyMembership(email, 'Bogey+');
    expect(await findActiveMemberByEmail(email.toUpperCase())).toEqual({ email, customerId, planSlug: 'bogey-plus' });
    expect(await findActiveMemberByEmail(uniqueEmail('nobody'))).toBeNull();
  });

  it('gives benefits while active or trialing; past due, unpaid or cancelled give none', async () => {
    const email = uniqueEmail('practice');
    const { customerId, subscriptionId } = await buyMembership(email, 'Practice');
    const request = () => requestAs({ email, customerId, planSlug: 'practice' });
    expect(await bookingMemberFromRequest(await request())).toEqual({ email, customerId, planSlug: 'practice' });
    await payments.emulator.setSubscriptionStatus(subscriptionId, 'past_due');
    expect(await bookingMemberFromRequest(await request())).toBeNull();
    expect(await findActiveMemberByEmail(email)).toBeNull();
    await payments.emulator.setSubscriptionStatus(subscriptionId, 'active');
    expect(await bookingMemberFromRequest(await request())).not.toBeNull();
    await payments.emulator.setSubscriptionStatus(subscriptionId, 'unpaid');
    expect(await bookingMemberFromRequest(await request())).toBeNull();
    await payments.stripe.subscriptions.cancel(subscriptionId);
    expect(await bookingMemberFromRequest(await request())).toBeNull();
  });

  it('applies the subscription’s current plan, not the one the cookie was signed with', async () => {
    const email = uniqueEmail('upgraded');
    const { customerId } = await buyMembership(email, 'Bogey+');
    expect(await bookingMemberFromRequest(await requestAs({ email, customerId, planSlug: 'practice' }))).toEqual({ email, customerId, planSlug: 'bogey-plus' });
  });

  it('a session naming a customer without a subscription gets nothing; Stripe unreachable is an error, not a silent change of price', async () => {
    const customer = await payments.stripe.customers.create({ email: uniqueEmail('lapsed') });
    expect(await bookingMemberFromRequest(await requestAs({ email: customer.email!, customerId: customer.id, planSlug: 'bogey' }))).toBeNull();
    const request = await requestAs({ email: customer.email!, customerId: customer.id, planSlug: 'bogey' });
    await useDeadStripe();
    await expect(bookingMemberFromRequest(request)).rejects.toMatchObject({ type: 'StripeConnectionError' });
  });
});
