// The local Stripe emulator's API (dev/stripe-emulator) driven by the real `stripe` SDK: the seeded
// catalogue, customers, subscription lists and cancellation, idempotency keys and Stripe's error answers.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { StripeEmulator } from '../../dev/stripe-emulator';
import { wantedPrices } from '../../dev/stripe-setup';
import { membershipCatalog } from '../../src/features/memberships/catalogue';
import { findPlan, findTerm, priceLookupKey, termSavings } from '../../src/features/memberships/rules/membership';
import { sdk, uniqueEmail, useEmulatorWithReceiver, type Receiver } from './stripe-emulator-support';

describe('Stripe emulator through the stripe SDK', () => {
  let emulator: StripeEmulator;
  let receiver: Receiver;
  let stripe: Stripe;
  useEmulatorWithReceiver((run) => ({ emulator, receiver, stripe } = run));

  it('is seeded with every plan × term price under its lookup key, the promotion coupon and the portal login link', async () => {
    const keys = wantedPrices(membershipCatalog).map((price) => price.lookupKey);
    expect(keys).toHaveLength(12);
    const found = [...(await stripe.prices.list({ lookup_keys: keys.slice(0, 10), limit: 100 })).data, ...(await stripe.prices.list({ lookup_keys: keys.slice(10) })).data];
    expect(found.map((price) => price.lookup_key).sort()).toEqual([...keys].sort());

    const plan = findPlan(membershipCatalog, 'Bogey+');
    const term = findTerm(membershipCatalog, '12-month');
    const [price] = (await stripe.prices.list({ lookup_keys: [priceLookupKey(plan, '12-month')], active: true, expand: ['data.product'] })).data;
    expect(price).toMatchObject({
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: termSavings(plan, term).chargePerPeriod * 100,
      nickname: 'Bogey+ 12 Months',
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 12 },
    });
    expect(price?.id).toMatch(/^price_/);
    expect((price?.product as Stripe.Product).name).toBe('Bogey+ Membership');

    const coupon = await stripe.coupons.retrieve(membershipCatalog.promotion.couponId);
    expect(coupon).toMatchObject({ object: 'coupon', percent_off: membershipCatalog.promotion.percentOff, valid: true });

    const products = await stripe.products.list({ limit: 2 });
    expect(products).toMatchObject({ object: 'list', has_more: true, url: '/v1/products' });
    expect(products.data).toHaveLength(2);

    const [configuration] = (await stripe.billingPortal.configurations.list({ is_default: true })).data;
    expect(configuration?.login_page).toEqual({ enabled: true, url: `${emulator.url}/portal-login` });
    expect(configuration?.features.subscription_cancel).toMatchObject({ enabled: true, mode: 'at_period_end' });
  });

  it('creates, retrieves, lists (email filter, pagination) and searches customers', async () => {
    const email = uniqueEmail('pager');
    const created: Stripe.Customer[] = [];
    for (let index = 0; index < 5; index += 1) created.push(await stripe.customers.create({ email, name: `Golfer ${index}`, metadata: { index: String(index) } }));
    await stripe.customers.create({ email: uniqueEmail('other') });

    const first = created[0] as Stripe.Customer;
    expect(first.id).toMatch(/^cus_/);
    expect(await stripe.customers.retrieve(first.id)).toMatchObject({ id: first.id, object: 'customer', email, metadata: { index: '0' } });

    const page1 = await stripe.customers.list({ email, limit: 2 });
    expect(page1).toMatchObject({ object: 'list', has_more: true, url: '/v1/customers' });
    // Newest first, as Stripe lists.
    expect(page1.data.map((customer) => customer.name)).toEqual(['Golfer 4', 'Golfer 3']);
    const page2 = await stripe.customers.list({ email, limit: 2, starting_after: page1.data[1]?.id as string });
    expect(page2.data.map((customer) => customer.name)).toEqual(['Golfer 2', 'Golfer 1']);
    expect(page2.has_more).toBe(true);
    const page3 = await stripe.customers.list({ email, limit: 2, starting_after: page2.data[1]?.id as string });
    expect(page3.data.map((customer) => customer.name)).toEqual(['Golfer 0']);
    expect(page3.has_more).toBe(false);
    const all = await stripe.customers.list({ email, limit: 2 }).autoPagingToArray({ limit: 100 });
    expect(all.map((customer) => customer.id).sort()).toEqual(created.map((customer) => customer.id).sort());
    // The list filter is exact (case-sensitive), as Stripe's is.
    expect((await stripe.customers.list({ email: email.toUpperCase() })).data).toHaveLength(0);

    const search = await stripe.customers.search({ query: `email:'${email.toUpperCase()}'`, limit: 3 });
    expect(search).toMatchObject({ object: 'search_result', has_more: true });
    expect(search.data).toHaveLength(3);
    expect(search.next_page).toEqual(expect.any(String));
    const rest = await stripe.customers.search({ query: `email:'${email}'`, limit: 3, page: search.next_page as string });
    expect(rest.data).toHaveLength(2);
    expect(rest.has_more).toBe(false);
    expect(rest.next_page).toBeNull();
    expect(await stripe.customers.search({ query: `email:'${email}'` }).autoPagingToArray({ limit: 50 })).toHaveLength(5);
    expect((await stripe.customers.search({ query: `metadata['index']:'3' AND email:'${email}'` })).data.map((customer) => customer.name)).toEqual(['Golfer 3']);
  });

  it('lists subscriptions by status across pages', async () => {
    const [price] = (await stripe.prices.list({ lookup_keys: ['membership_practice_1-month'] })).data;
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const session = await stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: price?.id as string, quantity: 1 }], success_url: 'http://localhost:8888/ok' });
      const { events } = await emulator.completeCheckout(session.id, { email: uniqueEmail('page') });
      ids.push((events.find((event) => event.type === 'customer.subscription.created')?.data.object as { id: string }).id);
    }
    await emulator.setSubscriptionStatus(ids[1] as string, 'past_due');
    const active = await stripe.subscriptions.list({ status: 'active', limit: 1, expand: ['data.customer'] }).autoPagingToArray({ limit: 1000 });
    expect(active.every((subscription) => subscription.status === 'active' && typeof subscription.customer === 'object')).toBe(true);
    expect(active.map((subscription) => subscription.id)).toEqual(expect.arrayContaining([ids[0], ids[2]]));
    expect(active.map((subscription) => subscription.id)).not.toContain(ids[1]);
    const pastDue = await stripe.subscriptions.list({ status: 'past_due' });
    expect(pastDue.data.map((subscription) => subscription.id)).toContain(ids[1]);
    const firstPage = await stripe.subscriptions.list({ limit: 2 });
    expect(firstPage.has_more).toBe(true);
    expect(receiver.events.some((event) => event.type === 'customer.subscription.updated')).toBe(true);
  });

  it('cancels a subscription through the API (DELETE) and updates cancel_at_period_end', async () => {
    const [price] = (await stripe.prices.list({ lookup_keys: ['membership_practice_6-month'] })).data;
    const session = await stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: price?.id as string, quantity: 1 }], success_url: 'http://localhost:8888/ok' });
    await emulator.completeCheckout(session.id, { email: uniqueEmail('api-cancel') });
    const id = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const scheduled = await stripe.subscriptions.update(id, { cancel_at_period_end: true });
    expect(scheduled).toMatchObject({ cancel_at_period_end: true, status: 'active', cancel_at: scheduled.items.data[0]?.current_period_end });
    const cancelled = await stripe.subscriptions.cancel(id);
    expect(cancelled).toMatchObject({ status: 'canceled', ended_at: expect.any(Number) });
    await expect.poll(() => receiver.events.map((event) => event.type)).toEqual(expect.arrayContaining(['customer.subscription.updated', 'customer.subscription.deleted']));
  });

  it('replays an idempotent request and refuses the same key with other parameters', async () => {
    const key = `idem-${Math.random()}`;
    const first = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: key });
    const second = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: key });
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: key })).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    const third = await stripe.customers.create({ email: 'idem@example.com' });
    expect(third.id).not.toBe(first.id);
  });

  it("answers Stripe's error shapes: 404 resource_missing, 400 invalid parameters, 401 for a wrong key, 500 during an outage", async () => {
    const missing = await stripe.customers.retrieve('cus_nope').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id', message: "No such customer: 'cus_nope'", type: 'StripeInvalidRequestError' });

    const raw = await fetch(`${emulator.url}/v1/checkout/sessions/cs_test_nope`, { headers: { authorization: `Bearer ${emulator.secretKey}` } });
    expect(raw.status).toBe(404);
    expect((await raw.json()).error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: "No such checkout.session: 'cs_test_nope'" });

    const badPrice = await stripe.checkout.sessions
      .create({ mode: 'subscription', line_items: [{ price: 'price_missing', quantity: 1 }], success_url: 'http://localhost:8888/ok' })
      .catch((error: unknown) => error);
    expect(badPrice).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'line_items[0][price]' });

    const oneTimeInSubscription = await stripe.checkout.sessions
      .create({ mode: 'subscription', line_items: [{ price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'x' } }, quantity: 1 }] })
      .catch((error: unknown) => error);
    expect(oneTimeInSubscription).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((oneTimeInSubscription as Stripe.errors.StripeError).message).toContain('at least one recurring price');

    const noQuantity = await stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'x' } } }] }).catch((error: unknown) => error);
    expect(noQuantity).toMatchObject({ statusCode: 400, param: 'line_items[0][quantity]' });

    const unknownParam = await stripe.customers.create({ emial: 'x' } as Stripe.CustomerCreateParams).catch((error: unknown) => error);
    expect(unknownParam).toMatchObject({ statusCode: 400, code: 'parameter_unknown', message: 'Received unknown parameter: emial' });

    const longMetadata = await stripe.checkout.sessions
      .create({ mode: 'payment', line_items: [{ price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'x' } }, quantity: 1 }], metadata: { sessions: 'x'.repeat(501) } })
      .catch((error: unknown) => error);
    expect(longMetadata).toMatchObject({ statusCode: 400, param: 'metadata[sessions]' });

    const wrongKey = await sdk(emulator, 'sk_test_wrong_key_123456').customers.list().catch((error: unknown) => error);
    expect(wrongKey).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(wrongKey).toMatchObject({ statusCode: 401 });
    const noKey = await fetch(`${emulator.url}/v1/customers`);
    expect(noKey.status).toBe(401);
    expect((await noKey.json()).error.type).toBe('invalid_request_error');

    emulator.setOutage(true);
    try {
      const down = await stripe.customers.list().catch((error: unknown) => error);
      expect(down).toBeInstanceOf(Stripe.errors.StripeAPIError);
      expect(down).toMatchObject({ statusCode: 500 });
    } finally {
      emulator.setOutage(false);
    }
  });
});
