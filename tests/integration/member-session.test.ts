// Member sessions against the Stripe emulator: a signed session gives a plan's benefits only while
// the customer's subscription is active or trialing, and follows the subscription's current plan.
import { describe, expect, it } from 'vitest';
import { findActiveMemberByEmail } from '../../src/features/memberships/server/active-member';
import { bookingMemberFromRequest } from '../../src/features/memberships/server/booking-member';
import { issueMemberSessionToken, type BookingMember } from '../../src/features/memberships/server/member-session';
import { buyMembership, useMembersHarness } from './members-helpers';
import { useDeadStripe } from './payments-harness';
import { uniqueEmail } from './stripe-emulator-support';

const harness = useMembersHarness();

async function requestAs(member: BookingMember): Promise<Request> {
  return new Request('http://localhost:8888/api/bay-availability', { headers: { cookie: `member_session=${await issueMemberSessionToken(member)}` } });
}

describe('booking member from a request', () => {
  it('finds an active member by e-mail (any case) with the plan of memberships.json; an unknown address finds nobody', async () => {
    const email = uniqueEmail('bogey-plus');
    const { customerId } = await buyMembership(harness.payments, email, 'Bogey+');
    expect(await findActiveMemberByEmail(email.toUpperCase())).toEqual({ email, customerId, planSlug: 'bogey-plus' });
    expect(await findActiveMemberByEmail(uniqueEmail('nobody'))).toBeNull();
  });

  it('gives benefits while active or trialing; past due, unpaid or cancelled give none', async () => {
    const email = uniqueEmail('practice');
    const { customerId, subscriptionId } = await buyMembership(harness.payments, email, 'Practice');
    const request = () => requestAs({ email, customerId, planSlug: 'practice' });
    expect(await bookingMemberFromRequest(await request())).toEqual({ email, customerId, planSlug: 'practice', benefits: expect.any(Object) });
    await harness.payments.emulator.setSubscriptionStatus(subscriptionId, 'past_due');
    expect(await bookingMemberFromRequest(await request())).toBeNull();
    expect(await findActiveMemberByEmail(email)).toBeNull();
    await harness.payments.emulator.setSubscriptionStatus(subscriptionId, 'active');
    expect(await bookingMemberFromRequest(await request())).not.toBeNull();
    await harness.payments.emulator.setSubscriptionStatus(subscriptionId, 'unpaid');
    expect(await bookingMemberFromRequest(await request())).toBeNull();
    await harness.payments.stripe.subscriptions.cancel(subscriptionId);
    expect(await bookingMemberFromRequest(await request())).toBeNull();
  });

  it('applies the subscription’s current plan, not the one the cookie was signed with', async () => {
    const email = uniqueEmail('upgraded');
    const { customerId } = await buyMembership(harness.payments, email, 'Bogey+');
    expect(await bookingMemberFromRequest(await requestAs({ email, customerId, planSlug: 'practice' }))).toMatchObject({ email, customerId, planSlug: 'bogey-plus' });
  });

  it('benefits run for the subscription’s current paid period, read from Stripe, and end at a scheduled cancellation', async () => {
    const email = uniqueEmail('period');
    const { customerId, subscriptionId } = await buyMembership(harness.payments, email, 'Bogey');
    const subscription = await harness.payments.stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0]!;
    const member = await bookingMemberFromRequest(await requestAs({ email, customerId, planSlug: 'bogey' }));
    expect(member?.benefits).toEqual({ from: item.current_period_start * 1000, until: item.current_period_end * 1000 });
    await harness.payments.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const cancelling = await harness.payments.stripe.subscriptions.retrieve(subscriptionId);
    expect(cancelling.cancel_at).not.toBeNull();
    expect((await bookingMemberFromRequest(await requestAs({ email, customerId, planSlug: 'bogey' })))?.benefits?.until).toBe(Math.min(item.current_period_end, cancelling.cancel_at!) * 1000);
  });

  it('a session naming a customer without a subscription gets nothing; Stripe unreachable is an error, not a silent change of price', async () => {
    const customer = await harness.payments.stripe.customers.create({ email: uniqueEmail('lapsed') });
    expect(await bookingMemberFromRequest(await requestAs({ email: customer.email!, customerId: customer.id, planSlug: 'bogey' }))).toBeNull();
    const request = await requestAs({ email: customer.email!, customerId: customer.id, planSlug: 'bogey' });
    await useDeadStripe();
    await expect(bookingMemberFromRequest(request)).rejects.toMatchObject({ type: 'StripeConnectionError' });
  });
});
