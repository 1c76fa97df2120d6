// The local Stripe emulator (dev/stripe-emulator) driven by the real `stripe` SDK, its hosted pages driven
// with fetch like a browser, and its webhooks verified with stripe.webhooks.constructEvent.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomSecrets, startStripeEmulator, type StripeEmulator } from '../../dev/stripe-emulator';
import { defaultSyncOptions, syncStripeCatalog, wantedPrices } from '../../dev/stripe-setup';
import { membershipCatalog } from '../../src/data/memberships';
import { findPlan, findTerm, priceLookupKey, termSavings } from '../../src/domain/membership';

interface Receiver {
  url: string;
  events: Stripe.Event[];
  rejected: string[];
  /** Status the receiver answers (tests flip it to simulate a failing site). */
  status: number;
  close(): Promise<void>;
}

async function startReceiver(secret: () => string): Promise<Receiver> {
  const receiver = { events: [] as Stripe.Event[], rejected: [] as string[], status: 200 } as Receiver;
  const verifier = new Stripe('sk_test_unused');
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      try {
        receiver.events.push(verifier.webhooks.constructEvent(raw, String(request.headers['stripe-signature']), secret()));
      } catch (error) {
        receiver.rejected.push(error instanceof Error ? error.message : String(error));
        response.writeHead(400).end();
        return;
      }
      response.writeHead(receiver.status, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe-webhook`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}

function sdk(emulator: StripeEmulator, key = emulator.secretKey): Stripe {
  return new Stripe(key, { host: '127.0.0.1', port: emulator.port, protocol: 'http', maxNetworkRetries: 0, telemetry: false });
}

/** Submits the first form of an emulator page like a browser would (fields + overrides), without following redirects. */
async function submitForm(pageUrl: string, html: string, fields: Record<string, string> = {}, formIndex = 0): Promise<Response> {
  const forms = [...html.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)];
  const form = forms[formIndex];
  if (!form) throw new Error(`no form #${formIndex} in page`);
  const body = new URLSearchParams();
  for (const input of (form[2] ?? '').matchAll(/<input [^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) body.set(input[1] ?? '', (input[2] ?? '').replace(/&amp;/g, '&').replace(/&#39;/g, "'"));
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return fetch(new URL(form[1] ?? '', pageUrl), { method: 'POST', body, redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

const uniqueEmail = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('Stripe emulator through the stripe SDK', () => {
  let emulator: StripeEmulator;
  let receiver: Receiver;
  let stripe: Stripe;

  beforeAll(async () => {
    const secrets = randomSecrets();
    receiver = await startReceiver(() => secrets.webhookSecret);
    emulator = await startStripeEmulator({ ...secrets, webhookUrl: receiver.url, webhookRetryDelays: [20, 20], log: () => undefined });
    stripe = sdk(emulator);
  });

  afterAll(async () => {
    await emulator?.close();
    await receiver?.close();
  });

  beforeEach(() => {
    receiver.events.length = 0;
    receiver.rejected.length = 0;
    receiver.status = 200;
  });

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

describe('stripe:setup against the emulator', () => {
  let emulator: StripeEmulator;
  // What the CLI uses when SITE_URL is unset.
  const options = defaultSyncOptions(null);

  beforeAll(async () => {
    emulator = await startStripeEmulator({ ...randomSecrets(), seedCatalog: false });
  });
  afterAll(async () => {
    await emulator?.close();
  });

  it('creates everything on an empty account, then reports everything unchanged', async () => {
    const stripe = sdk(emulator);
    expect((await stripe.prices.list()).data).toEqual([]);
    const first = await syncStripeCatalog(stripe, membershipCatalog, options);
    const actions = first.lines.map((line) => `${line.action} ${line.kind}`);
    expect(actions.filter((line) => line === 'created product')).toHaveLength(3);
    expect(actions.filter((line) => line === 'created price')).toHaveLength(12);
    expect(actions).toContain('created coupon');
    // The account's default portal configuration exists (Dashboard defaults) and is brought in line.
    expect(actions).toContain('updated portal configuration');
    expect(first.portalLoginUrl).toBe(`${emulator.url}/portal-login`);

    const second = await syncStripeCatalog(stripe, membershipCatalog, options);
    expect(second.lines).toHaveLength(first.lines.length);
    expect(second.lines.every((line) => line.action === 'unchanged')).toBe(true);
  });

  it('replaces a price whose amount changed: the new price takes the lookup key, the old one is deactivated', async () => {
    const stripe = sdk(emulator);
    const changed = structuredClone(membershipCatalog);
    const practice = changed.plans.find((plan) => plan.tier === 'Practice');
    if (!practice) throw new Error('no Practice plan');
    practice.monthlyRates['1-month'] += 10;
    const [before] = (await stripe.prices.list({ lookup_keys: ['membership_practice_1-month'] })).data;
    const report = await syncStripeCatalog(stripe, changed, options);
    expect(report.lines.filter((line) => line.action !== 'unchanged').map((line) => `${line.action} ${line.key}`)).toEqual(['replaced membership_practice_1-month']);
    const [after] = (await stripe.prices.list({ lookup_keys: ['membership_practice_1-month'] })).data;
    expect(after?.id).not.toBe(before?.id);
    expect(after?.unit_amount).toBe((before?.unit_amount as number) + 1000);
    expect(await stripe.prices.retrieve(before?.id as string)).toMatchObject({ active: false, lookup_key: null });
    // Back to the catalogue: replaced again, then stable.
    await syncStripeCatalog(stripe, membershipCatalog, options);
    expect((await syncStripeCatalog(stripe, membershipCatalog, options)).lines.every((line) => line.action === 'unchanged')).toBe(true);
  });

  it('runs as `npm run stripe:setup` with STRIPE_API_BASE and prints one line per thing', async () => {
    const run = promisify(execFile);
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'dev/stripe-setup.ts'], {
      env: { ...process.env, STRIPE_SECRET_KEY: emulator.secretKey, STRIPE_API_BASE: emulator.url, NODE_ENV: 'development', SITE_URL: '' },
      timeout: 60_000,
    });
    const lines = stdout.trim().split('\n');
    expect(stdout).not.toMatch(/^(created|updated|replaced)/m);
    expect(lines[0]).toBe(`Syncing the membership catalogue to the Stripe emulator at ${emulator.url}…`);
    expect(lines.filter((line) => /^unchanged +price +membership_[a-z-]+_\d+-month \(price_\w+\): /.test(line))).toHaveLength(12);
    expect(lines.filter((line) => line.startsWith('unchanged'))).toHaveLength(17);
    expect(lines).toContain(`Customer portal login link (set STRIPE_PORTAL_LOGIN_URL to it): ${emulator.url}/portal-login`);
    expect(lines.at(-1)).toBe('Done: 17 unchanged.');
  }, 60_000);
});
