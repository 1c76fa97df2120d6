/** The Checkout metadata `kind` of membership sessions (the payment registry dispatches on it; the reports name their revenue by it). */
export const MEMBERSHIP_CHECKOUT_KIND = 'membership';
