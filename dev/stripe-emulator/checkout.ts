// Checkout sessions: created by the API, paid on the hosted page (or by a test helper), expired, and
// the outcome of a delayed payment; each change records the events Stripe sends, in Stripe's order.
import { existing, StripeApiError } from './errors';
import type { EmulatorCore } from './core';
import type { CheckoutSessionObject, CouponObject, CustomerDetails, CustomerObject, EventObject, LineItemObject, Metadata, PriceObject } from './objects';
import { NO_REQUEST, randomId, type RequestInfo } from './state';

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
  /** payment_intent_data's metadata and description (payment mode). */
  paymentIntentMetadata: Metadata;
  paymentIntentDescription: string | null;
}

export interface CompleteOptions {
  email: string;
  name?: string | null;
  /** 'paid' (card) or 'delayed' (a bank debit still processing: payment_status stays unpaid). */
  payment?: 'paid' | 'delayed';
}

export class CheckoutSessions {
  /** What a session passes on to the subscription or the payment it starts. */
  private readonly sessionExtras = new Map<
    string,
    { subscriptionMetadata: Metadata; subscriptionDescription: string | null; paymentIntentMetadata: Metadata; paymentIntentDescription: string | null }
  >();

  constructor(private readonly core: EmulatorCore) {}

  /** A session past its expires_at expires on the next read, with its event. */
  getSession(id: string, param = 'id'): CheckoutSessionObject {
    const session = existing(this.core.state.sessions, 'checkout.session', id, param);
    this.expireIfDue(session);
    return session;
  }

  expireIfDue(session: CheckoutSessionObject): void {
    if (session.status === 'open' && session.expires_at <= this.core.now()) {
      void this.core.publish(this.expireSession(session.id));
    }
  }

  sessionLineItems(id: string): LineItemObject[] {
    return this.core.state.lineItems.get(id) ?? [];
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
      const product = this.core.state.products.get(item.price.product);
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
        price: structuredClone(item.price),
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
      created: this.core.now(),
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
      url: `${this.core.baseUrl()}/checkout/${id}`,
      wallet_options: null,
    };
    this.core.state.sessions.set(id, session);
    this.core.state.lineItems.set(id, lineItems);
    this.sessionExtras.set(id, {
      subscriptionMetadata: input.subscriptionMetadata,
      subscriptionDescription: input.subscriptionDescription,
      paymentIntentMetadata: input.paymentIntentMetadata,
      paymentIntentDescription: input.paymentIntentDescription,
    });
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
    let customer = session.customer ? this.core.state.customers.get(session.customer) ?? null : null;
    const needsCustomer = session.mode === 'subscription' || session.customer_creation === 'always';
    if (!customer && needsCustomer) {
      const created = this.core.customers.createCustomer({ email, name: options.name ?? null });
      customer = created.customer;
      events.push(...created.events);
    }
    const delayed = options.payment === 'delayed';
    if (session.mode === 'subscription') {
      if (!customer) throw new Error('unreachable: subscription mode always has a customer');
      const extras = this.sessionExtras.get(id);
      const created = this.core.subscriptions.createSubscription({
        customer: customer.id,
        items: this.sessionLineItems(id).map((item) => ({ price: this.core.catalog.getPrice(item.price.id), quantity: item.quantity })),
        coupons: session.discounts.map((discount) => this.core.catalog.getCoupon(discount.coupon)),
        metadata: extras?.subscriptionMetadata ?? {},
        description: extras?.subscriptionDescription ?? null,
        checkoutSession: id,
        status: 'active',
      });
      session.subscription = created.subscription.id;
      events.push(...created.events);
    }
    session.customer = customer?.id ?? null;
    if (session.mode === 'payment') {
      const extras = this.sessionExtras.get(id);
      session.payment_intent = this.core.payments.createForSession({
        session,
        email: customer?.email ?? email,
        name: options.name ?? customer?.name ?? null,
        metadata: extras?.paymentIntentMetadata ?? {},
        description: extras?.paymentIntentDescription ?? null,
        delayed,
      }).id;
    }
    session.customer_details = this.customerDetails(customer?.email ?? email, options.name ?? customer?.name ?? null);
    session.status = 'complete';
    session.payment_status = delayed ? 'unpaid' : 'paid';
    session.url = null;
    events.push(this.core.recordEvent('checkout.session.completed', session, NO_REQUEST));
    return events;
  }

  expireSession(id: string, request: RequestInfo = NO_REQUEST): EventObject[] {
    const session = existing(this.core.state.sessions, 'checkout.session', id);
    if (session.status !== 'open') {
      throw new StripeApiError(400, `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`, {
        code: 'checkout_session_not_open',
      });
    }
    session.status = 'expired';
    session.url = null;
    return [this.core.recordEvent('checkout.session.expired', session, request)];
  }

  /** The outcome of a delayed (bank debit) payment after checkout.session.completed with payment_status unpaid. */
  settleAsyncPayment(id: string, outcome: 'succeeded' | 'failed'): EventObject[] {
    const session = this.getSession(id);
    if (session.status !== 'complete' || session.payment_status !== 'unpaid') {
      throw new StripeApiError(400, `Checkout Session ${id} has no payment in progress (status ${session.status}, payment_status ${session.payment_status}).`);
    }
    const events: EventObject[] = [];
    if (session.payment_intent) this.core.payments.settle(session.payment_intent, outcome);
    if (outcome === 'succeeded') {
      session.payment_status = 'paid';
    } else if (session.subscription) {
      const subscription = this.core.subscriptions.getSubscription(session.subscription);
      const previous = { status: subscription.status };
      subscription.status = 'past_due';
      events.push(this.core.recordEvent('customer.subscription.updated', subscription, NO_REQUEST, previous));
    }
    events.unshift(this.core.recordEvent(`checkout.session.async_payment_${outcome}`, session, NO_REQUEST));
    return events;
  }
}
