// The Stripe emulator's one-time payments and refunds, driven by the real `stripe` SDK: a paid
// payment-mode Checkout has a PaymentIntent and a Charge; refunds in full or in part, with Stripe's
// refusals and the signed events Stripe sends for them.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { StripeEmulator } from '../../dev/stripe-emulator';
import { uniqueEmail, useEmulatorWithReceiver, type Receiver } from './stripe-emulator-support';

describe('Stripe emulator: payments and refunds', () => {
  let emulator: StripeEmulator;
  let receiver: Receiver;
  let stripe: Stripe;
  useEmulatorWithReceiver((run) => ({ emulator, receiver, stripe } = run));

  /** A paid payment-mode Checkout of `cents`, with payment_intent_data metadata; answers the session after payment. */
  async function paidSession(cents: number, payment: 'paid' | 'delayed' = 'paid'): Promise<Stripe.Checkout.Session> {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'usd', unit_amount: cents, product_data: { name: 'Bay 2, 1 hour' } }, quantity: 1 }],
      expires_at: Math.floor(Date.now() / 1000) + 30 * 60,
      payment_intent_data: { metadata: { booking: 'bk_1' }, description: 'Bay booking' },
      success_url: 'http://localhost:8888/book/success?session_id={CHECKOUT_SESSION_ID}',
    });
    await emulator.completeCheckout(session.id, { email: uniqueEmail('payer'), name: 'Pat Payer', payment });
    receiver.events.length = 0;
    return stripe.checkout.sessions.retrieve(session.id);
  }

  it('a paid session has a succeeded PaymentIntent with its charge, carrying payment_intent_data', async () => {
    const session = await paidSession(4000);
    const intent = await stripe.paymentIntents.retrieve(session.payment_intent as string, { expand: ['latest_charge'] });
    expect(intent).toMatchObject({ object: 'payment_intent', amount: 4000, amount_received: 4000, currency: 'usd', status: 'succeeded', metadata: { booking: 'bk_1' }, description: 'Bay booking' });
    expect(intent.latest_charge).toMatchObject({ object: 'charge', amount: 4000, amount_refunded: 0, refunded: false, paid: true, payment_intent: intent.id, status: 'succeeded' });
  });

  it('refunds in part then the rest, with refund.created and charge.refunded signed events; a third refund is refused', async () => {
    const session = await paidSession(7000);
    const paymentIntent = session.payment_intent as string;
    const part = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 2000, reason: 'requested_by_customer', metadata: { booking: 'bk_1' } });
    expect(part).toMatchObject({ object: 'refund', amount: 2000, currency: 'usd', payment_intent: paymentIntent, reason: 'requested_by_customer', status: 'succeeded', metadata: { booking: 'bk_1' } });
    expect(part.id).toMatch(/^re_/);
    await expect.poll(() => receiver.events.map((event) => event.type)).toEqual(['refund.created', 'charge.refunded']);
    const refunded = receiver.events[1] as Stripe.ChargeRefundedEvent;
    expect(refunded.data.object).toMatchObject({ id: part.charge, amount_refunded: 2000, refunded: false, payment_intent: paymentIntent });
    expect(refunded.data.previous_attributes).toEqual({ amount_refunded: 0, refunded: false });
    expect((receiver.events[0] as Stripe.RefundCreatedEvent).data.object.id).toBe(part.id);

    const rest = await stripe.refunds.create({ charge: part.charge as string });
    expect(rest.amount).toBe(5000);
    expect(await stripe.charges.retrieve(part.charge as string)).toMatchObject({ amount_refunded: 7000, refunded: true });
    await expect(stripe.refunds.create({ payment_intent: paymentIntent })).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'charge_already_refunded' });

    expect((await stripe.refunds.retrieve(part.id)).amount).toBe(2000);
    const listed = await stripe.refunds.list({ payment_intent: paymentIntent });
    expect(listed.data.map((refund) => refund.amount)).toEqual([5000, 2000]);
  });

  it('refuses a refund larger than what is left, without a charge or intent, of an unknown intent, or of a payment still processing', async () => {
    const session = await paidSession(3000);
    await expect(stripe.refunds.create({ payment_intent: session.payment_intent as string, amount: 3001 })).rejects.toMatchObject({
      code: 'amount_too_large',
      param: 'amount',
      message: 'Refund amount ($30.01) is greater than unrefunded amount on charge ($30.00)',
    });
    await expect(stripe.refunds.create({})).rejects.toMatchObject({ code: 'parameter_missing' });
    await expect(stripe.refunds.create({ payment_intent: 'pi_missing' })).rejects.toMatchObject({ code: 'resource_missing', param: 'payment_intent', statusCode: 404 });
    const delayed = await paidSession(3000, 'delayed');
    expect((await stripe.paymentIntents.retrieve(delayed.payment_intent as string)).status).toBe('processing');
    await expect(stripe.refunds.create({ payment_intent: delayed.payment_intent as string })).rejects.toMatchObject({ code: 'charge_not_refundable' });
    expect(await stripe.refunds.list({ payment_intent: session.payment_intent as string })).toMatchObject({ data: [] });
    await emulator.settleAsyncPayment(delayed.id, 'succeeded');
    expect((await stripe.refunds.create({ payment_intent: delayed.payment_intent as string })).amount).toBe(3000);
  });

  it('finds customers by e-mail (list is exact, search ignores case) and their subscriptions by status', async () => {
    const email = uniqueEmail('member');
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: (await stripe.prices.list({ lookup_keys: ['membership_bogey_1-month'] })).data[0]!.id, quantity: 1 }],
      success_url: 'http://localhost:8888/membership-success',
    });
    await emulator.completeCheckout(session.id, { email });
    const [customer] = (await stripe.customers.list({ email })).data;
    expect(customer?.email).toBe(email);
    expect((await stripe.customers.search({ query: `email:'${email.toUpperCase()}'` })).data.map((found) => found.id)).toEqual([customer?.id]);
    const subscriptionId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    expect((await stripe.subscriptions.list({ customer: customer!.id, status: 'active' })).data.map((found) => found.id)).toEqual([subscriptionId]);
    await emulator.setSubscriptionStatus(subscriptionId, 'past_due');
    expect((await stripe.subscriptions.list({ customer: customer!.id, status: 'active' })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ customer: customer!.id, status: 'past_due' })).data).toHaveLength(1);
  });
});
