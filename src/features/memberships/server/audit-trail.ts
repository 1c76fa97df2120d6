/**
 * The membership subscription events Stripe reported, kept for the staff: a list of JSON entries at
 * `stripe:audit`, newest first, the latest AUDIT_LENGTH. Apart from the webhook so that what only
 * reads or restores it (the data export) does not ship the Stripe SDK.
 */
export const AUDIT_KEY = 'stripe:audit';
export const AUDIT_LENGTH = 1000;
/** Membership Checkout sessions whose first payment is counted (hash: session id → '1'), rebuilt from the audit entries of this type. */
export const PAID_SESSIONS_KEY = 'stripe:membership:first-paid';
/** The audit entry of a membership's first payment. */
export const FIRST_PAYMENT_TYPE = 'checkout.session.completed';
