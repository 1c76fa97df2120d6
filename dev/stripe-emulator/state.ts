// The emulator's in-memory Stripe account: every object by id, the events with their webhook
// deliveries, the account's clock and the outage switch.
import { randomBytes } from 'node:crypto';
import type {
  AnyObject,
  CheckoutSessionObject,
  CouponObject,
  CustomerObject,
  DiscountObject,
  EventObject,
  LineItemObject,
  ChargeObject,
  PaymentIntentObject,
  RefundObject,
  PortalConfigurationObject,
  PortalSessionObject,
  PriceObject,
  ProductObject,
  SubscriptionObject,
} from './objects';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}${out}`;
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

export const NO_REQUEST: RequestInfo = { id: null, idempotencyKey: null };

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
  readonly paymentIntents = new Map<string, PaymentIntentObject>();
  readonly charges = new Map<string, ChargeObject>();
  readonly refunds = new Map<string, RefundObject>();
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
      this.paymentIntents.get(id) ??
      this.charges.get(id) ??
      this.refunds.get(id) ??
      this.events.find((event) => event.id === id)
    );
  }
}
