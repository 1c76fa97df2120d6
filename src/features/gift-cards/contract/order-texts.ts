/**
 * The gift card order form's messages and limits, free of zod so the /gift-cards island ships them
 * without a schema library; the server's schema (order-form.ts) uses the same words.
 */
export const MESSAGE_MAX = 300;
export const NAME_MAX = 100;

export const ORDER_MESSAGES = {
  amount: 'Choose an amount.',
  purchaserName: 'Enter your name.',
  purchaserEmail: 'Enter your e-mail address, like name@example.com.',
  recipientName: "Enter the recipient's name.",
  recipientEmail: "Enter the recipient's e-mail address, like name@example.com.",
  message: `Keep the message to ${MESSAGE_MAX} characters.`,
  deliverOn: 'Choose a delivery date.',
  toSelf: 'Choose whether the card goes to you or to someone else.',
} as const;

/** Control characters other than a line break: refused in names and messages (nothing typed reaches a mail header raw). */
export const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f\u2028\u2029]/;
