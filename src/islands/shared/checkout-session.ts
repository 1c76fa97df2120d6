import { checkoutLookup, type CheckoutLookup } from '../../domain/api/checkout-session';
import { callApi } from '../../lib/api-client';

/** The session_id of the current URL, or null. */
export function sessionIdFromLocation(): string | null {
  const id = new URLSearchParams(window.location.search).get('session_id');
  return id && id.trim() ? id.trim() : null;
}

/** What the success pages read of the Checkout session that brought the visitor back. */
export function fetchCheckoutSession(sessionId: string): Promise<CheckoutLookup> {
  return callApi(checkoutLookup, { params: { sessionId } });
}
