/**
 * A gift card as stored (giftcard:card:{id}) and the order its Checkout session carries. The order
 * travels in the session's metadata (every field fits Stripe's 500 characters), so a paid session is
 * enough to issue its card whatever else was lost: the webhook and the reconciler read it from there.
 */
import type { CheckoutSession } from '../../../shared/payments/registry';
import type { GiftCardOrder } from '../contract/order-form';

export const GIFT_CARD_KIND = 'gift-card';

export interface Person {
  name: string;
  email: string;
}

export interface GiftCardRecord {
  id: string;
  checkoutSessionId: string;
  /** The payment to refund when staff void an unspent card; null for one issued without payment. */
  paymentIntent: string | null;
  amountCents: number;
  purchaser: Person;
  /** The purchaser when `toSelf` ("send it to me to print"). */
  recipient: Person;
  toSelf: boolean;
  message: string;
  /** 'YYYY-MM-DD', venue-local. */
  deliverOn: string;
  /** ISO instant. */
  issuedAt: string;
  /** SHA-256 of the code (keys.ts hashCode); the code itself is never stored. */
  codeHash: string;
  /** The code's last group, to tell cards apart. */
  codeHint: string;
  /** How many codes the card has had: a resend replaces the code. */
  codeVersion: number;
}

/** An order as it is priced: the content-checked amount in cents. */
export type PricedOrder = Omit<GiftCardOrder, 'amount'> & { amountCents: number };

/** The Checkout metadata carrying an order. */
export function orderMetadata(order: PricedOrder): Record<string, string> {
  return {
    kind: GIFT_CARD_KIND,
    amountCents: String(order.amountCents),
    purchaserName: order.purchaserName,
    purchaserEmail: order.purchaserEmail,
    toSelf: order.toSelf ? '1' : '0',
    recipientName: order.recipientName,
    recipientEmail: order.recipientEmail,
    message: order.message,
    deliverOn: order.deliverOn,
  };
}

/** The order a session's metadata carries, or null when it carries none. */
export function orderOf(metadata: CheckoutSession['metadata']): PricedOrder | null {
  if (!metadata || metadata['kind'] !== GIFT_CARD_KIND) return null;
  const field = (name: string) => metadata[name] ?? '';
  const amountCents = Number(field('amountCents'));
  if (!Number.isInteger(amountCents) || amountCents <= 0 || !/^\d{4}-\d{2}-\d{2}$/.test(field('deliverOn')) || !field('purchaserEmail') || !field('recipientEmail')) return null;
  return {
    amountCents,
    purchaserName: field('purchaserName'),
    purchaserEmail: field('purchaserEmail'),
    toSelf: field('toSelf') === '1',
    recipientName: field('recipientName'),
    recipientEmail: field('recipientEmail'),
    message: field('message'),
    deliverOn: field('deliverOn'),
  };
}

export function readCard(value: unknown): GiftCardRecord | null {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (typeof parsed !== 'object' || parsed === null) return null;
  const card = parsed as Partial<GiftCardRecord>;
  return typeof card.id === 'string' && typeof card.amountCents === 'number' && typeof card.codeHash === 'string' && card.purchaser && card.recipient ? (card as GiftCardRecord) : null;
}
