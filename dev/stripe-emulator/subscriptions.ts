// Subscriptions: started by a completed checkout, updated and cancelled through the API or the
// billing portal, and moved through their billing periods by the test helpers.
import { existing, StripeApiError } from './errors';
import type { LineItemInput } from './checkout';
import type { EmulatorCore } from './core';
import type { CouponObject, DiscountObject, EventObject, Metadata, PlanObject, PriceObject, Recurring, SubscriptionItemObject, SubscriptionObject, SubscriptionStatus } from './objects';
import { NO_REQUEST, randomId, type RequestInfo } from './state';

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

export class Subscriptions {
  constructor(private readonly core: EmulatorCore) {}

  getSubscription(id: string, param = 'id'): SubscriptionObject {
    return existing(this.core.state.subscriptions, 'subscription', id, param);
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
    const start = this.core.now();
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
        source: { coupon: structuredClone(coupon), type: 'coupon' },
        start,
        subscription: id,
        subscription_item: null,
      };
      coupon.times_redeemed += 1;
      this.core.state.discounts.set(discount.id, discount);
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
      price: structuredClone(item.price),
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
    this.core.state.subscriptions.set(id, subscription);
    return { subscription, events: [this.core.recordEvent('customer.subscription.created', subscription, NO_REQUEST)] };
  }

  /** The end of the subscription's current period, from its first item (the API reports periods per item). */
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
      previous['cancellation_details'] = structuredClone(subscription.cancellation_details);
      subscription.cancel_at_period_end = change.cancelAtPeriodEnd;
      subscription.cancel_at = change.cancelAtPeriodEnd ? this.periodEnd(subscription) : null;
      subscription.canceled_at = change.cancelAtPeriodEnd ? this.core.now() : null;
      subscription.cancellation_details = { comment: null, feedback: null, reason: change.cancelAtPeriodEnd ? (change.cancellationReason ?? 'cancellation_requested') : null };
    }
    if (change.metadata !== undefined && JSON.stringify(change.metadata) !== JSON.stringify(subscription.metadata)) {
      previous['metadata'] = structuredClone(subscription.metadata);
      subscription.metadata = change.metadata;
    }
    if (change.description !== undefined && change.description !== subscription.description) {
      previous['description'] = subscription.description;
      subscription.description = change.description;
    }
    const events = Object.keys(previous).length > 0 ? [this.core.recordEvent('customer.subscription.updated', subscription, request, previous)] : [];
    return { subscription, events };
  }

  /** Cancels now: status canceled, customer.subscription.deleted. */
  cancelSubscription(id: string, request: RequestInfo = NO_REQUEST, reason = 'cancellation_requested'): { subscription: SubscriptionObject; events: EventObject[] } {
    const subscription = this.getSubscription(id);
    if (subscription.status === 'canceled') {
      throw new StripeApiError(404, `No such subscription: '${id}'`, { code: 'resource_missing', param: 'id' });
    }
    const now = this.core.now();
    subscription.status = 'canceled';
    subscription.canceled_at = subscription.canceled_at ?? now;
    subscription.ended_at = now;
    subscription.cancellation_details = { comment: null, feedback: null, reason };
    return { subscription, events: [this.core.recordEvent('customer.subscription.deleted', subscription, request)] };
  }

  /** Test helper: the subscription reaches the end of its period (canceled if set to cancel, else renewed). */
  endPeriod(id: string): EventObject[] {
    const subscription = this.getSubscription(id);
    if (subscription.cancel_at_period_end) return this.cancelSubscription(id).events;
    const previous = { items: structuredClone(subscription.items) };
    for (const item of subscription.items.data) {
      const recurring = item.price.recurring;
      if (!recurring) continue;
      item.current_period_start = item.current_period_end;
      item.current_period_end = addInterval(item.current_period_start, recurring.interval, recurring.interval_count);
    }
    return [this.core.recordEvent('customer.subscription.updated', subscription, NO_REQUEST, previous)];
  }

  /** Test helper: a renewal payment failed (past_due) or the subscription recovered (active). */
  setSubscriptionStatus(id: string, status: SubscriptionStatus): EventObject[] {
    const subscription = this.getSubscription(id);
    if (subscription.status === status) return [];
    const previous = { status: subscription.status };
    subscription.status = status;
    if (status === 'canceled') {
      subscription.ended_at = this.core.now();
      subscription.canceled_at = subscription.canceled_at ?? this.core.now();
      return [this.core.recordEvent('customer.subscription.deleted', subscription, NO_REQUEST)];
    }
    return [this.core.recordEvent('customer.subscription.updated', subscription, NO_REQUEST, previous)];
  }
}
