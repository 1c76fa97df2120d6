/**
 * Billing portal access. A portal session is only opened for a customer the caller proved to be:
 * the Checkout session that created that customer (both ids in the request). Access by e-mail never
 * opens a portal: after checking an active membership exists, it answers Stripe's verified portal
 * login link (STRIPE_PORTAL_LOGIN_URL) with the e-mail prefilled.
 */
import type { RedirectAnswer } from '../../../shared/contract/common';
import { NOT_YOUR_ACCOUNT_MESSAGE, type BillingPortalRequest } from '../contract/billing-portal-form';
import { readPortalLoginUrl } from '../../../shared/server/env';
import { HttpError } from '../../../shared/server/request';
import { getStripe, type Stripe } from '../../../shared/payments/stripe-client';
import { customerId, retrieveCheckoutSession } from '../../../shared/payments/checkout-lookup';

export const NO_MEMBERSHIP_MESSAGE =
  'Unable to find an active membership with this email address. Please check your email or contact support.';

export async function createPortalForCheckout(body: BillingPortalRequest, origin: string): Promise<RedirectAnswer> {
  let session: Stripe.Checkout.Session;
  try {
    session = await retrieveCheckoutSession(body.sessionId);
  } catch (error) {
    if (error instanceof HttpError && (error.status === 400 || error.status === 404)) throw new HttpError(403, NOT_YOUR_ACCOUNT_MESSAGE);
    throw error;
  }
  if (customerId(session.customer) !== body.customerId) throw new HttpError(403, NOT_YOUR_ACCOUNT_MESSAGE);
  const portal = await getStripe().billingPortal.sessions.create({ customer: body.customerId, return_url: `${origin}/memberships` });
  return { url: portal.url };
}

/** Subscription statuses that count as an active membership for member login. */
export const MEMBER_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/** Whether some customer with this e-mail has an active (or trialing / past due) subscription. */
export async function hasActiveMembership(email: string): Promise<boolean> {
  const stripe = getStripe();
  const candidates = [...new Set([email, email.toLowerCase()])];
  for (const address of candidates) {
    const customers = await stripe.customers.list({ email: address, limit: 10 });
    for (const customer of customers.data) {
      const subscriptions = await stripe.subscriptions.list({ customer: customer.id, status: 'all', limit: 20 });
      const owned = subscriptions.data.filter((subscription) => customerId(subscription.customer as Stripe.Checkout.Session['customer']) === customer.id);
      if (owned.some((subscription) => MEMBER_STATUSES.has(subscription.status))) return true;
    }
  }
  return false;
}

export async function portalLoginLink(email: string): Promise<RedirectAnswer> {
  const loginUrl = readPortalLoginUrl();
  if (!loginUrl) {
    console.error('[portal] STRIPE_PORTAL_LOGIN_URL is not set');
    throw new HttpError(503, 'Online account management is not available right now. Please contact us.');
  }
  if (!(await hasActiveMembership(email))) throw new HttpError(404, NO_MEMBERSHIP_MESSAGE);
  const url = new URL(loginUrl);
  url.searchParams.set('prefilled_email', email);
  return { url: url.toString() };
}
