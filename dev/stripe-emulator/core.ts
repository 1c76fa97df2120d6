// The emulator's Stripe account and the operations on it shared by the API routes, the hosted pages
// and the test helpers: one module per kind of object (catalog, customers, checkout, subscriptions,
// one-time payments and refunds, billing portal) over the in-memory state (state.ts). Every state change that Stripe announces with
// an event records one here; delivery is webhooks.ts's job.
import Stripe from 'stripe';
import { BillingPortal } from './billing-portal';
import { Catalog } from './catalog';
import { CheckoutSessions } from './checkout';
import { Customers } from './customers';
import type { EventObject } from './objects';
import { Payments } from './payments';
import { EmulatorState, randomId, type RequestInfo } from './state';
import { Subscriptions } from './subscriptions';

/** The API version of the installed SDK, written on events as Stripe does for the account's version. */
export const API_VERSION: string = Stripe.API_VERSION;

export class EmulatorCore {
  readonly state = new EmulatorState();
  readonly catalog: Catalog;
  readonly customers: Customers;
  readonly checkout: CheckoutSessions;
  readonly subscriptions: Subscriptions;
  readonly portal: BillingPortal;
  readonly payments: Payments;
  private readonly afterEvents: Array<(events: EventObject[]) => Promise<void>> = [];

  constructor(readonly baseUrl: () => string) {
    this.catalog = new Catalog(this);
    this.customers = new Customers(this);
    this.checkout = new CheckoutSessions(this);
    this.subscriptions = new Subscriptions(this);
    this.portal = new BillingPortal(this);
    this.payments = new Payments(this);
  }

  /** Registers the webhook sender; `publish` hands it every batch of new events. */
  onEvents(listener: (events: EventObject[]) => Promise<void>): void {
    this.afterEvents.push(listener);
  }

  now(): number {
    return this.state.now();
  }

  /** Records the event Stripe creates for a change; `previous` holds the changed fields' old values. */
  recordEvent(type: string, object: unknown, request: RequestInfo, previous?: Record<string, unknown>): EventObject {
    const event: EventObject = {
      id: randomId('evt_test_'),
      object: 'event',
      api_version: API_VERSION,
      created: this.now(),
      data: previous ? { object: structuredClone(object), previous_attributes: structuredClone(previous) } : { object: structuredClone(object) },
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
}
