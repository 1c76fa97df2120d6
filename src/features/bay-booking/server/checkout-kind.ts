/** Metadata marking a Checkout session as bay time, which the webhook and reconciliation look for. */
export const BAY_CHECKOUT_KIND = 'bay';
