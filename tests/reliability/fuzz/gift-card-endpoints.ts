// The gift card endpoints that take a JSON body, for the fuzz (see body-endpoints.ts for the shape).
import { BALANCE_TEXTS } from '../../../src/features/gift-cards/contract/balance-texts';
import { ORDER_MESSAGES as order } from '../../../src/features/gift-cards/contract/order-texts';
import { EMAILS_REFUSED, type BodyEndpoint, type Refusal } from './body-endpoints';


const r = (value: unknown, message?: string): Refusal => ({ value, message });
const NAMES_REFUSED = ['', '   ', 'x'.repeat(101), 'Robin\r\nBcc: x@evil.example', 'Robin\u0000'];

// Never sent well-formed: a valid order opens a Checkout session.
export const giftCardCheckout: BodyEndpoint = {
  name: 'gift-card-checkout',
  path: '/api/gift-card-checkout',
  maxBytes: 4096,
  requiresOrigin: false,
  validBody: (prng) => ({
    amount: prng.pick([25, 50, 100, 200]),
    purchaserName: prng.pick(['Pat Buyer', 'Li Ng']),
    purchaserEmail: 'pat@example.com',
    toSelf: false,
    recipientName: 'Robin Green',
    recipientEmail: 'robin@example.com',
    message: prng.pick(['', 'Happy birthday!']),
    deliverOn: '2026-12-24',
  }),
  fields: () => [
    // 42 is a whole-dollar amount in the shipped range: an order the server takes (never sent whole).
    { path: ['amount'], required: true, text: false, message: order.amount, acceptsTypes: [42], refusals: [0, -25, 25.5, 100_001, '50'].map((value) => r(value, order.amount)) },
    { path: ['purchaserName'], required: true, text: true, message: order.purchaserName, refusals: NAMES_REFUSED.map((value) => r(value, order.purchaserName)) },
    { path: ['purchaserEmail'], required: true, text: true, noise: 'refused', message: order.purchaserEmail, refusals: EMAILS_REFUSED.map((value) => r(value, order.purchaserEmail)) },
    { path: ['toSelf'], required: true, text: false, message: order.toSelf, acceptsTypes: [true, false], refusals: ['yes', 1, 'true'].map((value) => r(value, order.toSelf)) },
    // Required while toSelf is false, as in the valid body.
    { path: ['recipientName'], required: true, text: true, message: order.recipientName, refusals: NAMES_REFUSED.map((value) => r(value, order.recipientName)) },
    { path: ['recipientEmail'], required: true, text: true, noise: 'refused', message: order.recipientEmail, refusals: EMAILS_REFUSED.map((value) => r(value, order.recipientEmail)) },
    { path: ['message'], required: false, text: true, noise: 'unknown', message: order.message, refusals: ['x'.repeat(301), 'hi\u0000there', 'bell\u0007'].map((value) => r(value, order.message)) },
    { path: ['deliverOn'], required: true, text: true, noise: 'refused', message: order.deliverOn, refusals: ['', '24/12/2026', '2026-12-24T08:00', ' 2026-12-24'].map((value) => r(value, order.deliverOn)) },
  ],
};

export const giftCardBalance: BodyEndpoint = {
  name: 'gift-card-balance',
  path: '/api/gift-card-balance',
  maxBytes: 1024,
  requiresOrigin: false,
  // Codes with a right check character that no card has: looked up, and not found (or over the limit).
  validBody: (prng) => ({ code: prng.pick(['ABCD-EFGH-JKLM-NPQ5', 'abcdefghjklmnpq5', '2345 6789 2ABC DEFS']) }),
  fields: () => [
    {
      path: ['code'],
      required: true,
      text: true,
      noise: 'refused',
      // Too long for the schema, or failing the check character: the same 400 and message, before the store is asked.
      message: BALANCE_TEXTS.badCode,
      refusals: ['x'.repeat(41), '', 'ABCD', 'ABCD-EFGH-JKLM-NPQR', '0000-0000-0000-0000', 'ABCD-EFGH-JKLM-NPQ5\u0000', 'ABCD-EFGH-JKLM-NPQ\u202E5'].map((value) => r(value, BALANCE_TEXTS.badCode)),
    },
  ],
  wellFormed: [404, 429],
};

export const GIFT_CARD_BODY_ENDPOINTS: readonly BodyEndpoint[] = [giftCardCheckout, giftCardBalance];
