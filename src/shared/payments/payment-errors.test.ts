import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { isMissingResource, isStripeError, PaymentsUnconfiguredError } from './payment-errors';

describe('payment errors', () => {
  it("recognises the Stripe SDK's errors without loading the SDK", () => {
    expect(isStripeError(new Stripe.errors.StripeConnectionError({ message: 'connect ECONNREFUSED' }))).toBe(true);
    expect(isStripeError(new Stripe.errors.StripeAPIError({ message: 'boom' }))).toBe(true);
    expect(isStripeError(new Error('plain'))).toBe(false);
    expect(isStripeError(new PaymentsUnconfiguredError())).toBe(false);
    expect(isStripeError({ type: 'StripeCardError', message: 'not an Error' })).toBe(false);
  });

  it('tells an unknown object from other Stripe failures', () => {
    expect(isMissingResource(new Stripe.errors.StripeInvalidRequestError({ message: 'No such checkout session', code: 'resource_missing' }))).toBe(true);
    expect(isMissingResource(new Stripe.errors.StripeAPIError({ message: 'boom' }))).toBe(false);
  });
});
