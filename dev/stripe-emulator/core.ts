// The emulator's in-memory Stripe account: its objects and the operations shared by the API routes,
// the hosted pages and the test helpers (completing a checkout, cancelling a subscription, …). Every
// state change that Stripe announces with an event records one here; delivery is webhooks.ts's job.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { noSuch, StripeApiError } from './errors';
import type {
  AnyObject,
  CheckoutSessionObject,
  CouponObject,
  CustomerDetails,
  CustomerObject,
  DiscountObject,
  EventObject,
  LineItemObject,
  Metadata,
  PlanObject,
  PortalConfigurationObject,
  PortalSessionObject,
  PriceObject,
  ProductObject,
  Recurring,
  SubscriptionItemObject,
  SubscriptionObject,
  SubscriptionStatus,
} from './objects';

/** The API version of the installed SDK, written on events as Stripe does for the account's version. */
export const API_VERSION: string = Stripe.API_VERSION;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}${out}`;
}

export function clone<T>(value: T): T {
  return structuredClone(value);
}

/** Adds `count` intervals to a Unix time, with calendar months and years as Stripe bills them. */
export function addInterval(start: number, interval: Recurring['interval'], count: number): number {
  const date = new Date(start * 1000);
  switch (interval) {
    case 'day':
      return start + count * 86_400;
    case 'week':
      return start + count * 7 * 86_400;
    case 'month': {
      const day = date.getUTCDate();
      date.setUTCDate(1);
      date.setUTCMonth(date.getUTCMonth() + count);
      const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
      date.setUTCDate(Math.min(day, lastDay));
      return Math.floor(date.getTime() / 1000);
    }
    case 'year':
      return addInterval(start, 'month', 12 * count);
  }
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  url: string;
  attempts: number;
  /** HTTP status of the last attempt, or null when it got no answer. */
  status: number | null;
  ok: boolean;
  error: string | null;
}

/** Who caused an event (the API request that made the change), as Stripe records on the event. */
export interface RequestInfo {
  id: string | null;
  idempotencyKey: string | null;
}

const NO_REQUEST: RequestInfo = { id: null, idempotencyKey: null };

export interface LineItemInput {
  price: PriceObject;
  quantity: number;
}

export interface CreateSessionInput {
  mode: 'payment' | 'subscription';
  lineItems: LineItemInput[];
  coupons: CouponObject[];
  metadata: Metadata;
  successUrl: string | null;
  cancelUrl: string | null;
  customer: CustomerObject | null;
  customerEmail: string | null;
  customerCreation: 'always' | 'if_required' | null;
  clientReferenceId: string | null;
  expiresAt: number;
  allowPromotionCodes: boolean | null;
  submitType: string | null;
  locale: string | null;
  billingAddressCollection: string | null;
  paymentMethodTypes: string[];
  subscriptionMetadata: Metadata;
  subscriptionDescription: string | null;
}

export interface CompleteOptions {
  email: string;
  name?: string | null;
  /** 'paid' (card) or 'delayed' (a bank debit still processing: payment_status stays unpaid). */
  payment?: 'paid' | 'delayed';
}

export class EmulatorState {
  readonly products = new Map<string, ProductObject>();
  readonly prices = new Map<string, PriceObject>();
  /** Prices created inline by `price_data` (Stripe hides them from price lists). */
  readonly inlinePrices = new Set<string>();
  readonly coupons = new Map<string, CouponObject>();
  readonly customers = new Map<string, CustomerObject>();
  /** Ids of deleted customers (retrieve answers `{deleted: true}` for them, as Stripe does). */
  readonly deletedCustomers = new Set<string>();
  readonly discounts = new Map<string, DiscountObject>();
  readonly sessions = new Map<string, CheckoutSessionObject>();
  readonly lineItems = new Map<string, LineItemObject[]>();
  readonly subscriptions = new Map<string, SubscriptionObject>();
  readonly portalConfigurations = new Map<string, PortalConfigurationObject>();
  readonly portalSessions = new Map<string, PortalSessionObject>();
  readonly events: EventObject[] = [];
  readonly deliveries: WebhookDelivery[] = [];
  /** Seconds added to the wall clock (tests move time forward to reach period ends or expiry). */
  clockOffset = 0;
  /** While true every API call answers 500 api_error, as during a Stripe outage. */
  outage = false;

  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffset;
  }

  /** Any stored object by id, for expansion. */
  lookup(id: string): AnyObject | undefined {
    return (
      this.customers.get(id) ??
      this.subscriptions.get(id) ??
      this.prices.get(id) ??
      this.products.get(id) ??
      this.sessions.get(id) ??
      this.coupons.get(id) ??
      this.discounts.get(id) ??
      this.portalConfigurations.get(id) ??
      this.portalSessions.get(id) ??
      this.events.find((event) => event.id === id)
    );
  }
}

export class EmulatorCore {
  readonly state = new EmulatorState();
  private readonly afterEvents: Array<(events: EventObject[]) => Promise<void>> = [];
  private readonly sessionExtras = new Map<string, { subscriptionMetadata: Metadata; subscriptionDescription: string | null }>();

  constructor(readonly baseUrl: () => string) {
    this.createDefaultPortalConfiguration();
  }

  /** Registers the webhook sender; `emit` hands it every batch of new events. */
  onEvents(listener: (events: EventObject[]) => Promise<void>): void {
    this.afterEvents.push(listener);
  }

  now(): number {
    return this.state.now();
  }

  // ——— events ———

  private event(type: string, object: unknown, request: RequestInfo, previous?: Record<string, unknown>): EventObject {
    const event: EventObject = {
      id: randomId('evt_test_'),
      object: 'event',
      api_version: API_VERSION,
      created: this.now(),
      data: previous ? { object: clone(object), previous_attributes: clone(previous) } : { object: clone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: request.id, idempotency_key: request.idempotencyKey },
      type,
    };
    this.state.events.push(event);
    return event;
  }

  /** Hands events to the webhook sender; resolves once it has delivered them (or given up). */
  async publish(events: EventObject[]): Promise<void> {
    if (events.length === 0) return;
    for (const listener of this.afterEvents) await listener(events);
  }

  // ——— products, prices, coupons ———

  getProduct(id: string, param = 'id'): ProductObject {
    const product = this.state.products.get(id);
    if (!product) throw noSuch('product', id, param);
    return product;
  }

  createProduct(input: { id?: string; name: string; description?: string | null; active?: boolean; metadata?: Metadata; url?: string | null; unitLabel?: string | null; statementDescriptor?: string | null }): ProductObject {
    const id = input.id ?? randomId('prod_', 14);
    if (this.state.products.has(id)) {
      throw new StripeApiError(400, `Product already exists.`, { code: 'resource_already_exists', param: 'id' });
    }
    const now = this.now();
    const product: ProductObject = {
      id,
      object: 'product',
      active: input.active ?? true,
      created: now,
      default_price: null,
      description: input.description ?? null,
      images: [],
      livemode: false,
      marketing_features: [],
      metadata: input.metadata ?? {},
      name: input.name,
      package_dimensions: null,
      shippable: null,
      statement_descriptor: input.statementDescriptor ?? null,
      tax_code: null,
      tax_details: null,
      type: 'service',
      unit_label: input.unitLabel ?? null,
      updated: now,
      url: input.url ?? null,
    };
    this.state.products.set(id, product);
    return product;
  }

  getPrice(id: string, param = 'id'): PriceObject {
    const price = this.state.prices.get(id);
    if (!price) throw noSuch('price', id, param);
    return price;
  }

  priceByLookupKey(key: string): PriceObject | undefined {
    for (const price of this.state.prices.values()) if (price.lookup_key === key) return price;
    return undefined;
  }

  createPrice(input: {
    currency: string;
    unitAmount: number;
    product: string;
    recurring: { interval: Recurring['interval']; intervalCount: number } | null;
    lookupKey?: string | null;
    transferLookupKey?: boolean;
    nickname?: string | null;
    metadata?: Metadata;
    active?: boolean;
    inline?: boolean;
  }): PriceObject {
    if (input.lookupKey) {
      const holder = this.priceByLookupKey(input.lookupKey);
      if (holder && !input.transferLookupKey) {
        throw new StripeApiError(
          400,
          `A price (\`${holder.id}\`) already uses that lookup key. Set \`transfer_lookup_key=true\` to move the lookup key to this price.`,
          { param: 'lookup_key' },
        );
      }
      if (holder) holder.lookup_key = null;
    }
    const price: PriceObject = {
      id: randomId('price_'),
      object: 'price',
      active: input.active ?? true,
      billing_scheme: 'per_unit',
      created: this.now(),
      currency: input.currency.toLowerCase(),
      custom_unit_amount: null,
      livemode: false,
      lookup_key: input.lookupKey ?? null,
      metadata: input.metadata ?? {},
      nickname: input.nickname ?? null,
      product: input.product,
      recurring: input.recurring
        ? { interval: input.recurring.interval, interval_count: input.recurring.intervalCount, meter: null, trial_period_days: null, usage_type: 'licensed' }
        : null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: input.recurring ? 'recurring' : 'one_time',
      unit_amount: input.unitAmount,
      unit_amount_decimal: String(input.unitAmount),
    };
    this.state.prices.set(price.id, price);
    if (input.inline) this.state.inlinePrices.add(price.id);
    return price;
  }

  getCoupon(id: string, param = 'id'): CouponObject {
    const coupon = this.state.coupons.get(id);
    if (!coupon) throw noSuch('coupon', id, param);
    return coupon;
  }

  // ——— customers ———

  getCustomer(id: string, param = 'id'): CustomerObject {
    const customer = this.state.customers.get(id);
    if (!customer) throw noSuch('customer', id, param);
    return customer;
  }

  createCustomer(input: { email?: string | null; name?: string | null; phone?: string | null; description?: string | null; metadata?: Metadata }, request: RequestInfo = NO_REQUEST): { customer: CustomerObject; events: EventObject[] } {
    const customer: CustomerObject = {
      id: randomId('cus_', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created: this.now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: input.description ?? null,
      discount: null,
      email: input.email ?? null,
      invoice_prefix: randomId('', 8).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: input.metadata ?? {},
      name: input.name ?? null,
      next_invoice_sequence: 1,
      phone: input.phone ?? null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    this.state.customers.set(customer.id, customer);
    return { customer, events: [this.event('customer.created', customer, request)] };
  }

  /** Customers whose e-mail matches, ignoring case (newest first). */
  customersByEmail(email: string): CustomerObject[] {
    const wanted = email.trim().toLowerCase();
    return [...this.state.customers.values()].reverse().filter((customer) => customer.email?.toLowerCase() === wanted);
  }

  // ——— checkout sessions ———

  /** A session past its expires_at expires on the next read, with its event. */
  getSession(id: string, param = 'id'): CheckoutSessionObject {
    const session = this.state.sessions.get(id);
    if (!session) throw noSuch('checkout.session', id, param);
    this.expireIfDue(session);
    return session;
  }

  expireIfDue(session: CheckoutSessionObject): void {
    if (session.status === 'open' && session.expires_at <= this.now()) {
      void this.publish(this.expireSession(session.id));
    }
  }

  sessionLineItems(id: string): LineItemObject[] {
    return this.state.lineItems.get(id) ?? [];
  }

  createSession(input: CreateSessionInput): CheckoutSessionObject {
    const id = randomId(`cs_test_${input.mode === 'payment' ? 'a1' : 'b1'}`, 56);
    const percentOff = input.coupons.reduce((sum, coupon) => sum + (coupon.percent_off ?? 0), 0);
    const amountOffTotal = input.coupons.reduce((sum, coupon) => sum + (coupon.amount_off ?? 0), 0);
    const currency = input.lineItems[0]?.price.currency ?? 'usd';
    const subtotal = input.lineItems.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);
    let remainingAmountOff = amountOffTotal;
    const lineItems: LineItemObject[] = input.lineItems.map((item) => {
      const lineSubtotal = item.price.unit_amount * item.quantity;
      let discount = Math.round((lineSubtotal * percentOff) / 100);
      const flat = Math.min(remainingAmountOff, lineSubtotal - discount);
      remainingAmountOff -= flat;
      discount += flat;
      const product = this.state.products.get(item.price.product);
      return {
        id: randomId('li_'),
        object: 'item',
        adjustable_quantity: null,
        amount_discount: discount,
        amount_subtotal: lineSubtotal,
        amount_tax: 0,
        amount_total: lineSubtotal - discount,
        currency,
        description: product?.name ?? item.price.nickname ?? '',
        metadata: {},
        price: clone(item.price),
        quantity: item.quantity,
      };
    });
    const discountTotal = lineItems.reduce((sum, item) => sum + item.amount_discount, 0);
    const session: CheckoutSessionObject = {
      id,
      object: 'checkout.session',
      adaptive_pricing: null,
      after_expiration: null,
      allow_promotion_codes: input.allowPromotionCodes,
      amount_subtotal: subtotal,
      amount_total: subtotal - discountTotal,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: input.billingAddressCollection,
      cancel_url: input.cancelUrl,
      client_reference_id: input.clientReferenceId,
      client_secret: null,
      collected_information: null,
      consent: null,
      consent_collection: null,
      created: this.now(),
      currency,
      currency_conversion: null,
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: input.customer?.id ?? null,
      customer_account: null,
      customer_creation: input.mode === 'payment' ? (input.customerCreation ?? 'if_required') : null,
      customer_details: input.customer ? this.customerDetails(input.customer.email, input.customer.name) : null,
      customer_email: input.customerEmail,
      discounts: input.coupons.map((coupon) => ({ coupon: coupon.id, promotion_code: null })),
      expires_at: input.expiresAt,
      invoice: null,
      invoice_creation: null,
      livemode: false,
      locale: input.locale,
      metadata: input.metadata,
      mode: input.mode,
      origin_context: null,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: input.mode === 'subscription' ? 'always' : null,
      payment_method_configuration_details: null,
      payment_method_options: {},
      payment_method_types: input.paymentMethodTypes,
      payment_status: 'unpaid',
      permissions: null,
      recovered_from: null,
      saved_payment_method_options: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: 'open',
      submit_type: input.submitType,
      subscription: null,
      success_url: input.successUrl,
      total_details: { amount_discount: discountTotal, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: `${this.baseUrl()}/checkout/${id}`,
      wallet_options: null,
    };
    this.state.sessions.set(id, session);
    this.state.lineItems.set(id, lineItems);
    this.sessionExtras.set(id, { subscriptionMetadata: input.subscriptionMetadata, subscriptionDescription: input.subscriptionDescription });
    return session;
  }

  private customerDetails(email: string | null, name: string | null): CustomerDetails {
    return { address: null, business_name: null, email, individual_name: null, name, phone: null, tax_exempt: 'none', tax_ids: [] };
  }

  /**
   * What the hosted page's Pay / Subscribe button does: the session completes, the customer is created
   * (subscription mode, or payment mode with customer_creation=always; an existing `customer` is kept),
   * the subscription starts, and the events Stripe sends are recorded in Stripe's order.
   */
  completeSession(id: string, options: CompleteOptions): EventObject[] {
    const session = this.getSession(id);
    if (session.status !== 'open') {
      throw new StripeApiError(400, `This Checkout Session is ${session.status} and can no longer be paid.`, { code: 'checkout_session_not_open' });
    }
    const email = options.email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      throw new StripeApiError(400, 'Your email address is invalid.', { code: 'email_invalid', param: 'email' });
    }
    const events: EventObject[] = [];
    let customer = session.customer ? this.state.customers.get(session.customer) ?? null : null;
    const needsCustomer = session.mode === 'subscription' || session.customer_creation === 'always';
    if (!customer && needsCustomer) {
      const created = this.createCustomer({ email, name: options.name ?? null });
      customer = created.customer;
      events.push(...created.events);
    }
    const delayed = options.payment === 'delayed';
    if (session.mode === 'subscription') {
      if (!customer) throw new Error('unreachable: subscription mode always has a customer');
      const extras = this.sessionExtras.get(id);
      const created = this.createSubscription({
        customer: customer.id,
        items: this.sessionLineItems(id).map((item) => ({ price: this.getPrice(item.price.id), quantity: item.quantity })),
        coupons: session.discounts.map((discount) => this.getCoupon(discount.coupon)),
        metadata: extras?.subscriptionMetadata ?? {},
        description: extras?.subscriptionDescription ?? null,
        checkoutSession: id,
        status: 'active',
      });
      session.subscription = created.subscription.id;
      events.push(...created.events);
    } else {
      session.payment_intent = randomId('pi_');
    }
    session.customer = customer?.id ?? null;
    session.customer_details = this.customerDetails(customer?.email ?? email, options.name ?? customer?.name ?? null);
    session.status = 'complete';
    session.payment_status = delayed ? 'unpaid' : 'paid';
    session.url = null;
    events.push(this.event('checkout.session.completed', session, NO_REQUEST));
    return events;
  }

  expireSession(id: string, request: RequestInfo = NO_REQUEST): EventObject[] {
    const session = this.state.sessions.get(id);
    if (!session) throw noSuch('checkout.session', id);
    if (session.status !== 'open') {
      throw new StripeApiError(400, `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`, {
        code: 'checkout_session_not_open',
      });
    }
    session.status = 'expired';
    session.url = null;
    return [this.event('checkout.session.expired', session, request)];
  }

  /** The outcome of a delayed (bank debit) payment after checkout.session.completed with payment_status unpaid. */
  settleAsyncPayment(id: string, outcome: 'succeeded' | 'failed'): EventObject[] {
    const session = this.getSession(id);
    if (session.status !== 'complete' || session.payment_status !== 'unpaid') {
      throw new StripeApiError(400, `Checkout Session ${id} has no payment in progress (status ${session.status}, payment_status ${session.payment_status}).`);
    }
    const events: EventObject[] = [];
    if (outcome === 'succeeded') {
      session.payment_status = 'paid';
    } else if (session.subscription) {
      const subscription = this.getSubscription(session.subscription);
      const previous = { status: subscription.status };
      subscription.status = 'past_due';
      events.push(this.event('customer.subscription.updated', subscription, NO_REQUEST, previous));
    }
    events.unshift(this.event(`checkout.session.async_payment_${outcome}`, session, NO_REQUEST));
    return events;
  }

  // ——— subscriptions ———

  getSubscription(id: string, param = 'id'): SubscriptionObject {
    const subscription = this.state.subscriptions.get(id);
    if (!subscription) throw noSuch('subscription', id, param);
    return subscription;
  }

  private plan(price: PriceObject): PlanObject {
    const recurring = price.recurring;
    if (!recurring) throw new StripeApiError(400, `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`);
    return {
      id: price.id,
      object: 'plan',
      active: price.active,
      amount: price.unit_amount,
      amount_decimal: price.unit_amount_decimal,
      billing_scheme: 'per_unit',
      created: price.created,
      currency: price.currency,
      interval: recurring.interval,
      interval_count: recurring.interval_count,
      livemode: false,
      metadata: price.metadata,
      meter: null,
      nickname: price.nickname,
      product: price.product,
      tiers_mode: null,
      transform_usage: null,
      trial_period_days: null,
      usage_type: 'licensed',
    };
  }

  createSubscription(input: {
    customer: string;
    items: LineItemInput[];
    coupons: CouponObject[];
    metadata: Metadata;
    description: string | null;
    checkoutSession: string | null;
    status: SubscriptionStatus;
  }): { subscription: SubscriptionObject; events: EventObject[] } {
    const id = randomId('sub_');
    const start = this.now();
    const first = input.items[0]?.price;
    if (!first?.recurring) throw new StripeApiError(400, 'A subscription needs at least one recurring price.');
    const periodEnd = addInterval(start, first.recurring.interval, first.recurring.interval_count);
    const discountIds = input.coupons.map((coupon) => {
      const discount: DiscountObject = {
        id: randomId('di_'),
        object: 'discount',
        checkout_session: input.checkoutSession,
        customer: input.customer,
        end: coupon.duration === 'repeating' && coupon.duration_in_months ? addInterval(start, 'month', coupon.duration_in_months) : null,
        invoice: null,
        invoice_item: null,
        promotion_code: null,
        source: { coupon: clone(coupon), type: 'coupon' },
        start,
        subscription: id,
        subscription_item: null,
      };
      coupon.times_redeemed += 1;
      this.state.discounts.set(discount.id, discount);
      return discount.id;
    });
    const items: SubscriptionItemObject[] = input.items.map((item) => ({
      id: randomId('si_', 14),
      object: 'subscription_item',
      billing_thresholds: null,
      created: start,
      current_period_end: periodEnd,
      current_period_start: start,
      discounts: [],
      metadata: {},
      plan: this.plan(item.price),
      price: clone(item.price),
      quantity: item.quantity,
      subscription: id,
      tax_rates: [],
    }));
    const subscription: SubscriptionObject = {
      id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: start,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: null, type: 'classic' },
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: start,
      currency: first.currency,
      customer: input.customer,
      customer_account: null,
      days_until_due: null,
      default_payment_method: null,
      default_source: null,
      description: input.description,
      discounts: discountIds,
      ended_at: null,
      invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
      items: { object: 'list', data: items, has_more: false, total_count: items.length, url: `/v1/subscription_items?subscription=${id}` },
      latest_invoice: null,
      livemode: false,
      metadata: input.metadata,
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: start,
      status: input.status,
      test_clock: null,
      transfer_data: null,
      trial_end: null,
      trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
      trial_start: null,
    };
    this.state.subscriptions.set(id, subscription);
    return { subscription, events: [this.event('customer.subscription.created', subscription, NO_REQUEST)] };
  }

  /** The end of the subscription's current period (from its first item, as the API now reports periods per item). */
  periodEnd(subscription: SubscriptionObject): number {
    return subscription.items.data[0]?.current_period_end ?? subscription.start_date;
  }

  updateSubscription(
    id: string,
    change: { cancelAtPeriodEnd?: boolean; metadata?: Metadata; description?: string | null; cancellationReason?: string | null },
    request: RequestInfo = NO_REQUEST,
  ): { subscription: SubscriptionObject; events: EventObject[] } {
    const subscription = this.getSubscription(id);
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
      throw new StripeApiError(400, `A canceled subscription can only update its cancellation_details and metadata.`, { param: 'cancel_at_period_end' });
    }
    const previous: Record<string, unknown> = {};
    if (change.cancelAtPeriodEnd !== undefined && change.cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
      previous['cancel_at_period_end'] = subscription.cancel_at_period_end;
      previous['cancel_at'] = subscription.cancel_at;
      previous['canceled_at'] = subscription.canceled_at;
      previous['cancellation_details'] = clone(subscription.cancellation_details);
      subscription.cancel_at_period_end = change.cancelAtPeriodEnd;
      subscription.cancel_at = change.cancelAtPeriodEnd ? this.periodEnd(subscription) : null;
      subscription.canceled_at = change.cancelAtPeriodEnd ? this.now() : null;
      subscription.cancellation_details = { comment: null, feedback: null, reason: change.cancelAtPeriodEnd ? (change.cancellationReason ?? 'cancellation_requested') : null };
    }
    if (change.metadata !== undefined && JSON.stringify(change.metadata) !== JSON.stringify(subscription.metadata)) {
      previous['metadata'] = clone(subscription.metadata);
      subscription.metadata = change.metadata;
    }
    if (change.description !== undefined && change.description !== subscription.description) {
      previous['description'] = subscription.description;
      subscription.description = change.description;
    }
    const events = Object.keys(previous).length > 0 ? [this.event('customer.subscription.updated', subscription, request, previous)] : [];
    return { subscription, events };
  }

  /** Cancels now: status canceled, customer.subscription.deleted. */
  cancelSubscription(id: string, request: RequestInfo = NO_REQUEST, reason = 'cancellation_requested'): { subscription: SubscriptionObject; events: EventObject[] } {
    const subscription = this.getSubscription(id);
    if (subscription.status === 'canceled') {
      throw new StripeApiError(404, `No such subscription: '${id}'`, { code: 'resource_missing', param: 'id' });
    }
    const now = this.now();
    subscription.status = 'canceled';
    subscription.canceled_at = subscription.canceled_at ?? now;
    subscription.ended_at = now;
    subscription.cancellation_details = { comment: null, feedback: null, reason };
    return { subscription, events: [this.event('customer.subscription.deleted', subscription, request)] };
  }

  /** Test helper: the subscription reaches the end of its period (canceled if set to cancel, else renewed). */
  endPeriod(id: string): EventObject[] {
    const subscription = this.getSubscription(id);
    if (subscription.cancel_at_period_end) return this.cancelSubscription(id).events;
    const previous = { items: clone(subscription.items) };
    for (const item of subscription.items.data) {
      const recurring = item.price.recurring;
      if (!recurring) continue;
      item.current_period_start = item.current_period_end;
      item.current_period_end = addInterval(item.current_period_start, recurring.interval, recurring.interval_count);
    }
    return [this.event('customer.subscription.updated', subscription, NO_REQUEST, previous)];
  }

  /** Test helper: a renewal payment failed (past_due) or the subscription recovered (active). */
  setSubscriptionStatus(id: string, status: SubscriptionStatus): EventObject[] {
    const subscription = this.getSubscription(id);
    if (subscription.status === status) return [];
    const previous = { status: subscription.status };
    subscription.status = status;
    if (status === 'canceled') {
      subscription.ended_at = this.now();
      subscription.canceled_at = subscription.canceled_at ?? this.now();
      return [this.event('customer.subscription.deleted', subscription, NO_REQUEST)];
    }
    return [this.event('customer.subscription.updated', subscription, NO_REQUEST, previous)];
  }

  // ——— billing portal ———

  private createDefaultPortalConfiguration(): void {
    // An account whose customer portal settings were saved once in the Dashboard (Stripe's defaults).
    const now = this.now();
    const configuration: PortalConfigurationObject = {
      id: randomId('bpc_'),
      object: 'billing_portal.configuration',
      active: true,
      application: null,
      business_profile: { headline: null, privacy_policy_url: null, terms_of_service_url: null },
      created: now,
      default_return_url: null,
      features: {
        customer_update: { allowed_updates: ['email', 'address', 'shipping', 'phone', 'tax_id'], enabled: true },
        invoice_history: { enabled: true },
        payment_method_update: { enabled: true, payment_method_configuration: null },
        subscription_cancel: { cancellation_reason: { enabled: true, options: ['too_expensive', 'missing_features', 'switched_service', 'unused', 'other'] }, enabled: true, mode: 'at_period_end', proration_behavior: 'none' },
        subscription_update: { default_allowed_updates: [], enabled: false, products: null, proration_behavior: 'none' },
      },
      is_default: true,
      livemode: false,
      login_page: { enabled: false, url: null },
      metadata: {},
      name: null,
      updated: now,
    };
    this.state.portalConfigurations.set(configuration.id, configuration);
  }

  defaultPortalConfiguration(): PortalConfigurationObject | undefined {
    for (const configuration of this.state.portalConfigurations.values()) if (configuration.is_default) return configuration;
    return undefined;
  }

  getPortalConfiguration(id: string, param = 'id'): PortalConfigurationObject {
    const configuration = this.state.portalConfigurations.get(id);
    if (!configuration) throw noSuch('billing_portal.configuration', id, param);
    return configuration;
  }

  portalLoginUrl(): string {
    return `${this.baseUrl()}/portal-login`;
  }

  createPortalSession(input: { customer: string; returnUrl: string | null; configuration?: string; locale?: string | null }): PortalSessionObject {
    this.getCustomer(input.customer, 'customer');
    const configuration = input.configuration ? this.getPortalConfiguration(input.configuration, 'configuration') : this.defaultPortalConfiguration();
    if (!configuration) {
      throw new StripeApiError(
        400,
        'No configuration provided and your test mode default configuration has not been created. Provide a configuration or create your default by saving your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal.',
      );
    }
    if (!configuration.active) throw new StripeApiError(400, `The configuration ${configuration.id} is inactive.`, { param: 'configuration' });
    const returnUrl = input.returnUrl ?? configuration.default_return_url;
    const id = randomId('bps_');
    const session: PortalSessionObject = {
      id,
      object: 'billing_portal.session',
      configuration: configuration.id,
      created: this.now(),
      customer: input.customer,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: input.locale ?? null,
      on_behalf_of: null,
      return_url: returnUrl,
      url: `${this.baseUrl()}/portal/${id}`,
    };
    this.state.portalSessions.set(id, session);
    return session;
  }

  getPortalSession(id: string): PortalSessionObject {
    const session = this.state.portalSessions.get(id);
    if (!session) throw noSuch('billing_portal.session', id);
    return session;
  }

  /** The portal's cancel button, as the session's configuration says (at period end or immediately). */
  portalCancel(portalSessionId: string, subscriptionId: string): EventObject[] {
    const portal = this.getPortalSession(portalSessionId);
    const subscription = this.getSubscription(subscriptionId);
    if (subscription.customer !== portal.customer) throw noSuch('subscription', subscriptionId);
    const configuration = this.getPortalConfiguration(portal.configuration);
    if (!configuration.features.subscription_cancel.enabled) throw new StripeApiError(400, 'Cancelling subscriptions is not enabled in this portal configuration.');
    if (configuration.features.subscription_cancel.mode === 'immediately') return this.cancelSubscription(subscriptionId).events;
    return this.updateSubscription(subscriptionId, { cancelAtPeriodEnd: true }).events;
  }

  /** The portal's "Renew subscription" button for a subscription set to cancel at period end. */
  portalRenew(portalSessionId: string, subscriptionId: string): EventObject[] {
    const portal = this.getPortalSession(portalSessionId);
    const subscription = this.getSubscription(subscriptionId);
    if (subscription.customer !== portal.customer) throw noSuch('subscription', subscriptionId);
    return this.updateSubscription(subscriptionId, { cancelAtPeriodEnd: false }).events;
  }
}
