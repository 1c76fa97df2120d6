/**
 * A Checkout session as the success pages read it, nothing more: the customer id and the metadata
 * fields sessions, teeTime, membershipTier, billingTerm (null when absent).
 */
import type { CheckoutLookup } from '../contract/checkout-session';
import { HttpError } from '../server/request';
import { getStripe, isMissingResource, type Stripe } from './stripe-client';

export const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;
export const SESSION_NOT_FOUND_MESSAGE = 'Checkout session not found.';

export function customerId(customer: Stripe.Checkout.Session['customer']): string | null {
  if (!customer) return null;
  return typeof customer === 'string' ? customer : customer.id;
}

export async function retrieveCheckoutSession(id: string): Promise<Stripe.Checkout.Session> {
  if (!CHECKOUT_SESSION_ID.test(id)) throw new HttpError(400, 'Invalid checkout session id.');
  try {
    return await getStripe().checkout.sessions.retrieve(id);
  } catch (error) {
    if (isMissingResource(error)) throw new HttpError(404, SESSION_NOT_FOUND_MESSAGE);
    throw error;
  }
}

export function toLookup(session: Stripe.Checkout.Session): CheckoutLookup {
  const metadata = session.metadata ?? {};
  const pick = (key: string) => (typeof metadata[key] === 'string' && metadata[key] !== '' ? metadata[key] : null);
  return {
    customer: customerId(session.customer),
    metadata: {
      sessions: pick('sessions'),
      teeTime: pick('teeTime'),
      membershipTier: pick('membershipTier'),
      billingTerm: pick('billingTerm'),
    },
  };
}
