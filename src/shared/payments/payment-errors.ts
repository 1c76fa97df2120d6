/**
 * Payment failures as the functions answer them, told apart without loading the Stripe SDK: every
 * function runs in handle(), and one that never talks to Stripe must not ship the SDK to say so.
 */

/** Payments are not configured (no STRIPE_SECRET_KEY, or a refused setting): answered 503; the message is for the log. */
export class PaymentsUnconfiguredError extends Error {
  constructor(reason = 'STRIPE_SECRET_KEY is not set') {
    super(`${reason}: payments are not configured`);
    this.name = 'PaymentsUnconfiguredError';
  }
}

/** What the Stripe SDK's errors carry (StripeError and its subclasses). */
export interface StripeErrorShape extends Error {
  /** 'StripeCardError', 'StripeConnectionError', … */
  type: string;
  code?: string;
  statusCode?: number;
}

/** True for an error the Stripe SDK raised (the API answered an error, or could not be reached). */
export function isStripeError(error: unknown): error is StripeErrorShape {
  return error instanceof Error && typeof (error as Partial<StripeErrorShape>).type === 'string' && (error as StripeErrorShape).type.startsWith('Stripe');
}

/** True when Stripe says the object does not exist (an unknown id). */
export function isMissingResource(error: unknown): boolean {
  return isStripeError(error) && (error.code === 'resource_missing' || error.statusCode === 404);
}
