// One-time payments and their refunds: a payment-mode Checkout that is paid creates a PaymentIntent
// with one Charge; a refund on either returns all or part of what is left, and records the events
// Stripe sends for a card refund (refund.created, then charge.refunded).
import type { EmulatorCore } from './core';
import { existing, StripeApiError } from './errors';
import type { ChargeObject, CheckoutSessionObject, EventObject, Metadata, PaymentIntentObject, RefundObject, RefundReason } from './objects';
import { NO_REQUEST, randomId, type RequestInfo } from './state';

export interface PaymentInput {
  session: CheckoutSessionObject;
  email: string;
  name: string | null;
  /** The session's payment_intent_data: metadata and description the PaymentIntent and Charge carry. */
  metadata: Metadata;
  description: string | null;
  /** A delayed payment stays processing (charge pending) until settled. */
  delayed: boolean;
}

export interface RefundInput {
  paymentIntent?: string | undefined;
  charge?: string | undefined;
  amount?: number | undefined;
  reason: RefundReason | null;
  metadata: Metadata;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export class Payments {
  constructor(private readonly core: EmulatorCore) {}

  getPaymentIntent(id: string, param = 'id'): PaymentIntentObject {
    return existing(this.core.state.paymentIntents, 'payment_intent', id, param);
  }

  getCharge(id: string, param = 'id'): ChargeObject {
    return existing(this.core.state.charges, 'charge', id, param);
  }

  getRefund(id: string): RefundObject {
    return existing(this.core.state.refunds, 'refund', id);
  }

  /** The PaymentIntent and Charge of a paid payment-mode session (no events: the session's own are what the site reads). */
  createForSession(input: PaymentInput): PaymentIntentObject {
    const { session } = input;
    const now = this.core.now();
    const intent: PaymentIntentObject = {
      id: randomId('pi_'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_capturable: 0,
      amount_received: input.delayed ? 0 : session.amount_total,
      capture_method: 'automatic',
      created: now,
      currency: session.currency,
      customer: session.customer,
      description: input.description,
      latest_charge: null,
      livemode: false,
      metadata: { ...input.metadata },
      payment_method_types: [...session.payment_method_types],
      receipt_email: null,
      status: input.delayed ? 'processing' : 'succeeded',
    };
    const charge: ChargeObject = {
      id: randomId('ch_'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: input.delayed ? 0 : intent.amount,
      amount_refunded: 0,
      billing_details: { email: input.email, name: input.name },
      captured: true,
      created: now,
      currency: intent.currency,
      customer: intent.customer,
      description: input.description,
      livemode: false,
      metadata: { ...input.metadata },
      paid: !input.delayed,
      payment_intent: intent.id,
      refunded: false,
      status: input.delayed ? 'pending' : 'succeeded',
    };
    intent.latest_charge = charge.id;
    this.core.state.paymentIntents.set(intent.id, intent);
    this.core.state.charges.set(charge.id, charge);
    return intent;
  }

  /** A delayed payment's outcome: the PaymentIntent succeeds, or fails and needs another method. */
  settle(paymentIntentId: string, outcome: 'succeeded' | 'failed'): void {
    const intent = this.getPaymentIntent(paymentIntentId);
    const charge = this.getCharge(intent.latest_charge ?? '');
    if (outcome === 'succeeded') {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      Object.assign(charge, { status: 'succeeded', paid: true, amount_captured: charge.amount });
    } else {
      intent.status = 'requires_payment_method';
      charge.status = 'failed';
    }
  }

  /**
   * Refunds all (no amount) or part of what is left of a charge, found by its PaymentIntent or its id,
   * with Stripe's refusals: nothing to refund, already refunded, more than is left.
   */
  refund(input: RefundInput, request: RequestInfo = NO_REQUEST): { refund: RefundObject; events: EventObject[] } {
    if (input.paymentIntent && input.charge) {
      throw new StripeApiError(400, 'You may only specify one of these parameters: charge, payment_intent.', { param: 'payment_intent' });
    }
    let charge: ChargeObject;
    if (input.paymentIntent) {
      const intent = this.getPaymentIntent(input.paymentIntent, 'payment_intent');
      if (intent.status !== 'succeeded' || !intent.latest_charge) {
        throw new StripeApiError(400, `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, { code: 'charge_not_refundable', param: 'payment_intent' });
      }
      charge = this.getCharge(intent.latest_charge);
    } else if (input.charge) {
      charge = this.getCharge(input.charge, 'charge');
    } else {
      throw new StripeApiError(400, 'One of the following params should be provided for this request: payment_intent or charge.', { code: 'parameter_missing' });
    }
    if (charge.status !== 'succeeded') {
      throw new StripeApiError(400, `Charge ${charge.id} has not succeeded and cannot be refunded.`, { code: 'charge_not_refundable' });
    }
    const left = charge.amount - charge.amount_refunded;
    if (left === 0) throw new StripeApiError(400, `Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = input.amount ?? left;
    if (amount < 1) throw new StripeApiError(400, 'Invalid positive integer', { code: 'parameter_invalid_integer', param: 'amount' });
    if (amount > left) {
      throw new StripeApiError(400, `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`, { code: 'amount_too_large', param: 'amount' });
    }
    const refund: RefundObject = {
      id: randomId('re_'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: charge.id,
      created: this.core.now(),
      currency: charge.currency,
      destination_details: null,
      metadata: input.metadata,
      payment_intent: charge.payment_intent,
      reason: input.reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    this.core.state.refunds.set(refund.id, refund);
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return {
      refund,
      events: [this.core.recordEvent('refund.created', refund, request), this.core.recordEvent('charge.refunded', charge, request, previous)],
    };
  }
}
