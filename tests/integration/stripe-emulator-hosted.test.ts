// The local Stripe emulator's hosted pages (Checkout, the customer portal and its login page) driven
// with fetch like a browser, its test helpers, and its webhooks verified with stripe.webhooks.constructEvent.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { StripeEmulator } from '../../dev/stripe-emulator';
import { membershipCatalog } from '../../src/features/memberships/catalogue';
import { findPlan, priceLookupKey } from '../../src/features/memberships/rules/membership';
import { submitForm, uniqueEmail, useEmulatorWithReceiver, type Receiver } from './stripe-emulator-support';

describe('Stripe emulator through the stripe SDK', () => {
  let emulator: StripeEmulator;
  let receiver: Receiver;
  let stripe: Stripe;
  useEmulatorWithReceiver((run) => ({ emulator, receiver, stripe } = run));

  it('creates a payment-mode checkout with price_data, retrieves it with line items, and completes it through the hosted page', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        { price_data: { currency: 'usd', unit_amount: 70000, product_data: { name: 'Fall league session' } }, quantity: 1 },
        { price_data: { currency: 'usd', unit_amount: 70000, product_data: { name: 'Winter league session' } }, quantity: 1 },
      ],
      metadata: { sessions: 'fall,winter', teeTime: 'monday-early' },
      customer_email: 'team@example.com',
      client_reference_id: 'reg_123',
      success_url: 'http://localhost:8888/league-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:8888/league',
      expires_at: Math.floor(Date.now() / 1000) + 3600,
    });
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 140000,
      currency: 'usd',
      metadata: { sessions: 'fall,winter', teeTime: 'monday-early' },
      customer: null,
      customer_email: 'team@example.com',
      client_reference_id: 'reg_123',
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${emulator.url}/checkout/${session.id}`);
    expect(session.line_items).toBeUndefined();

    const expanded = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
    expect(expanded.line_items?.object).toBe('list');
    expect(expanded.line_items?.data.map((item) => [item.description, item.amount_total, item.quantity])).toEqual([
      ['Fall league session', 70000, 1],
      ['Winter league session', 70000, 1],
    ]);
    // Inline prices do not show in price lists.
    expect((await stripe.prices.list({ limit: 100 })).data.some((price) => price.unit_amount === 70000)).toBe(false);

    const page = await fetch(session.url as string);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('value="team@example.com"');
    expect(html).toMatch(/<button class="primary" type="submit">Pay<\/button>/);
    expect(html).toContain('Fall league session');
    expect(html).toContain('$1,400.00');
    expect(html).toContain('href="http://localhost:8888/league"');

    const submitted = await submitForm(session.url as string, html);
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe(`http://localhost:8888/league-success?session_id=${session.id}`);
    // The webhook was answered before the redirect.
    expect(receiver.rejected).toEqual([]);
    expect(receiver.events.map((event) => event.type)).toEqual(['checkout.session.completed']);
    const event = receiver.events[0] as Stripe.CheckoutSessionCompletedEvent;
    expect(event).toMatchObject({ object: 'event', livemode: false, api_version: Stripe.API_VERSION });
    expect(event.id).toMatch(/^evt_/);
    expect(event.data.object).toMatchObject({ id: session.id, status: 'complete', payment_status: 'paid', metadata: { sessions: 'fall,winter', teeTime: 'monday-early' } });

    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', customer: null, customer_details: { email: 'team@example.com' } });
    expect(completed.payment_intent).toMatch(/^pi_/);

    // A paid session cannot be paid again.
    const again = await fetch(`${emulator.url}/checkout/${session.id}`);
    expect(await again.text()).toContain('already complete');
  });

  it('creates a subscription-mode checkout with the promotion coupon; completing it creates the customer and the subscription and signs each webhook', async () => {
    const plan = findPlan(membershipCatalog, 'Bogey');
    const [price] = (await stripe.prices.list({ lookup_keys: [priceLookupKey(plan, '3-month')] })).data;
    const email = uniqueEmail('member');
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price?.id as string, quantity: 1 }],
      discounts: [{ coupon: membershipCatalog.promotion.couponId }],
      metadata: { membershipTier: 'Bogey', billingTerm: '3-month' },
      customer_email: email,
      success_url: 'http://localhost:8888/membership-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:8888/membership-checkout?tier=Bogey',
    });
    const charge = (price?.unit_amount as number);
    expect(session).toMatchObject({ mode: 'subscription', amount_subtotal: charge, amount_total: charge - Math.round(charge * 0.1), discounts: [{ coupon: membershipCatalog.promotion.couponId }] });

    const html = await (await fetch(session.url as string)).text();
    expect(html).toMatch(/<button class="primary" type="submit">Subscribe<\/button>/);
    expect(html).toContain('Bogey Membership');
    expect(html).toContain(membershipCatalog.promotion.name);
    const submitted = await submitForm(session.url as string, html);
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe(`http://localhost:8888/membership-success?session_id=${session.id}`);
    expect(receiver.events.map((event) => event.type)).toEqual(['customer.created', 'customer.subscription.created', 'checkout.session.completed']);

    const retrieved = await stripe.checkout.sessions.retrieve(session.id, { expand: ['customer', 'subscription', 'line_items'] });
    expect(retrieved.status).toBe('complete');
    const customer = retrieved.customer as Stripe.Customer;
    expect(customer).toMatchObject({ object: 'customer', email });
    const subscription = retrieved.subscription as Stripe.Subscription;
    expect(subscription).toMatchObject({ object: 'subscription', status: 'active', customer: customer.id, cancel_at_period_end: false });
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    expect(item.price.id).toBe(price?.id);
    expect(item.current_period_end).toBe(
      Math.floor(Date.UTC(new Date(item.current_period_start * 1000).getUTCFullYear(), new Date(item.current_period_start * 1000).getUTCMonth() + 3, new Date(item.current_period_start * 1000).getUTCDate(), new Date(item.current_period_start * 1000).getUTCHours(), new Date(item.current_period_start * 1000).getUTCMinutes(), new Date(item.current_period_start * 1000).getUTCSeconds()) / 1000),
    );
    expect(subscription.discounts).toHaveLength(1);

    const active = await stripe.subscriptions.list({ status: 'active', customer: customer.id, expand: ['data.customer'] });
    expect(active.data.map((entry) => entry.id)).toEqual([subscription.id]);
    expect((active.data[0]?.customer as Stripe.Customer).email).toBe(email);
    expect((await stripe.subscriptions.list({ status: 'canceled', customer: customer.id })).data).toEqual([]);
  });

  it('opens the billing portal, whose Cancel subscription button sends the signed webhook, and the portal login link', async () => {
    const [price] = (await stripe.prices.list({ lookup_keys: ['membership_bogey-plus_12-month'] })).data;
    const email = uniqueEmail('portal');
    const session = await stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: price?.id as string, quantity: 1 }], customer_email: email, success_url: 'http://localhost:8888/ok' });
    await emulator.completeCheckout(session.id, { email });
    const { customer, subscription } = await stripe.checkout.sessions.retrieve(session.id);
    receiver.events.length = 0;

    const portal = await stripe.billingPortal.sessions.create({ customer: customer as string, return_url: 'http://localhost:8888/membership-success' });
    expect(portal).toMatchObject({ object: 'billing_portal.session', customer, return_url: 'http://localhost:8888/membership-success' });
    expect(portal.url).toBe(`${emulator.url}/portal/${portal.id}`);
    const html = await (await fetch(portal.url)).text();
    expect(html).toContain('Bogey+ 12 Months');
    expect(html).toContain('active');
    expect(html).toContain('Renews on');
    expect(html).toContain('<button class="danger" type="submit">Cancel subscription</button>');
    expect(html).toContain('href="http://localhost:8888/membership-success"');

    const cancelled = await submitForm(portal.url, html);
    expect(cancelled.status).toBe(303);
    expect(receiver.events.map((event) => event.type)).toEqual(['customer.subscription.updated']);
    const updated = receiver.events[0] as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(updated.data.object).toMatchObject({ id: subscription, cancel_at_period_end: true, status: 'active' });
    expect(updated.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    const after = await (await fetch(new URL(cancelled.headers.get('location') as string, portal.url))).text();
    expect(after).toContain('Cancels on');
    expect(after).toContain('Renew subscription');

    await emulator.endSubscriptionPeriod(subscription as string);
    expect(receiver.events.map((event) => event.type)).toEqual(['customer.subscription.updated', 'customer.subscription.deleted']);
    expect(await stripe.subscriptions.retrieve(subscription as string)).toMatchObject({ status: 'canceled' });

    const login = await fetch(`${emulator.portalLoginUrl}?prefilled_email=${encodeURIComponent(email)}`);
    const loginHtml = await login.text();
    expect(loginHtml).toContain('<label for="email">Email</label>');
    expect(loginHtml).toContain(`value="${email}"`);
    const loggedIn = await submitForm(emulator.portalLoginUrl, loginHtml);
    expect(loggedIn.status).toBe(303);
    const portalHtml = await (await fetch(new URL(loggedIn.headers.get('location') as string, emulator.url))).text();
    expect(portalHtml).toContain(`Signed in as ${email}`);
    const unknown = await submitForm(emulator.portalLoginUrl, loginHtml, { email: 'nobody@example.com' });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('No customer account was found for nobody@example.com.');
  });

  it('expires a session and reports async payment outcomes through the helpers, each as a signed event', async () => {
    const create = () =>
      stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ price_data: { currency: 'usd', unit_amount: 70000, product_data: { name: 'League' } }, quantity: 1 }], success_url: 'http://localhost:8888/ok' });
    const toExpire = await create();
    const expired = await fetch(`${emulator.url}/__emulator/sessions/${toExpire.id}/expire`, { method: 'POST' });
    expect(expired.status).toBe(200);
    expect(receiver.events.map((event) => event.type)).toEqual(['checkout.session.expired']);
    expect(await stripe.checkout.sessions.retrieve(toExpire.id)).toMatchObject({ status: 'expired', url: null });
    expect((await fetch(`${emulator.url}/checkout/${toExpire.id}`)).status).toBe(410);

    const delayed = await create();
    await fetch(`${emulator.url}/__emulator/sessions/${delayed.id}/complete`, { method: 'POST', body: new URLSearchParams({ email: 'ach@example.com', payment: 'delayed' }) });
    expect((receiver.events.at(-1) as Stripe.CheckoutSessionCompletedEvent).data.object.payment_status).toBe('unpaid');
    const failed = await fetch(`${emulator.url}/__emulator/sessions/${delayed.id}/async_payment_failed`, { method: 'POST' });
    expect(failed.status).toBe(200);
    expect(receiver.events.at(-1)?.type).toBe('checkout.session.async_payment_failed');

    const lazy = await create();
    emulator.advanceClock(25 * 3600);
    try {
      expect(await stripe.checkout.sessions.retrieve(lazy.id)).toMatchObject({ status: 'expired' });
    } finally {
      emulator.advanceClock(-25 * 3600);
    }
    await expect.poll(() => receiver.events.map((event) => event.type)).toContain('checkout.session.expired');
  });

  it('re-sends an event with the same id, and keeps trying a failing webhook endpoint before giving up', async () => {
    const session = await stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ price_data: { currency: 'usd', unit_amount: 1000, product_data: { name: 'X' } }, quantity: 1 }], success_url: 'http://localhost:8888/ok' });
    receiver.status = 500;
    const { events } = await emulator.completeCheckout(session.id, { email: 'retry@example.com' });
    const delivery = emulator.state.deliveries.find((entry) => entry.eventId === events[0]?.id);
    expect(delivery).toMatchObject({ attempts: 3, ok: false, status: 500 });
    receiver.status = 200;
    const resent = await fetch(`${emulator.url}/__emulator/events/${events[0]?.id}/resend`, { method: 'POST' });
    expect(resent.status).toBe(200);
    expect(receiver.events.filter((event) => event.id === events[0]?.id)).toHaveLength(4);
    expect(await stripe.events.retrieve(events[0]?.id as string)).toMatchObject({ type: 'checkout.session.completed' });
  });
});
