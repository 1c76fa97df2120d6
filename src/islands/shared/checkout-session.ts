import { apiGet } from '../../lib/api-client';

/** GET /api/checkout-session/{id}: the fields the success pages read (spec sections 3 and 7). */
export interface CheckoutSessionSummary {
  customer: string | null;
  metadata: {
    sessions?: string | null;
    teeTime?: string | null;
    membershipTier?: string | null;
    billingTerm?: string | null;
  };
}

/** The session_id of the current URL, or null. */
export function sessionIdFromLocation(): string | null {
  const id = new URLSearchParams(window.location.search).get('session_id');
  return id && id.trim() ? id.trim() : null;
}

export function fetchCheckoutSession(sessionId: string): Promise<CheckoutSessionSummary> {
  return apiGet<CheckoutSessionSummary>(['/api/checkout-session', encodeURIComponent(sessionId)]);
}
