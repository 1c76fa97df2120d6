import { useEffect, useState } from 'react';
import { checkoutLookup, type CheckoutLookup } from '../../shared/contract/checkout-session';
import { callApi } from '../../lib/api-client';

/** The session_id of the current URL, or null. */
export function sessionIdFromLocation(): string | null {
  const id = new URLSearchParams(window.location.search).get('session_id');
  return id && id.trim() ? id.trim() : null;
}

/** What a success page shows: loading, the payment error, or what it read of the payment. */
export type PaymentView<T> = { state: 'loading' } | { state: 'error' } | ({ state: 'done' } & T);

/**
 * The view of the Checkout session the URL's session_id names: 'loading', then what `read` makes of
 * it, or 'error' when the URL names none, the lookup fails, or `read` throws (a payment of another
 * kind). Read once, when the island mounts (its props never change).
 */
export function usePaymentView<T extends object>(read: (lookup: CheckoutLookup, sessionId: string) => T): PaymentView<T> {
  const [view, setView] = useState<PaymentView<T>>({ state: 'loading' });
  useEffect(() => {
    const sessionId = sessionIdFromLocation();
    if (!sessionId) {
      setView({ state: 'error' });
      return;
    }
    callApi(checkoutLookup, { params: { sessionId } })
      .then((lookup) => setView({ state: 'done', ...read(lookup, sessionId) }))
      .catch(() => setView({ state: 'error' }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);
  return view;
}
