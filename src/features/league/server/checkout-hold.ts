// How long a league registration's checkout lives, and how long its pending place is held. Kept apart
// from the registration flow so what only counts places (availability) does not ship the Stripe SDK.

/** Checkout sessions of league registrations expire after an hour (Stripe allows 30 minutes to 24 hours). */
export const CHECKOUT_EXPIRY_SECONDS = 60 * 60;
/** A pending registration holds its tee-time place a little longer than its Checkout session lives. */
export const PENDING_HOLD_MS = (CHECKOUT_EXPIRY_SECONDS + 5 * 60) * 1000;
