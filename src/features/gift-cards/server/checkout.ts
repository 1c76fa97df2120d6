/**
 * Buying a gift card: the order is checked against the content (amount) and the venue-local calendar
 * (delivery date), then a payment-mode Checkout session (cards only: a gift card never pays for a gift
 * card) charges the amount decided here and carries the order in its metadata. The session waits in
 * the pending list until it is issued or expires, so the reconciler asks Stripe about it if its
 * webhook never comes.
 */
import { randomUUID } from 'node:crypto';
import { giftCards } from '../catalogue';
import type { GiftCardOrder } from '../contract/order-form';
import { checkAmount } from '../rules/amount';
import { deliveryDateProblem } from '../rules/delivery';
import { GIFT_CARDS_PATH, giftCardSuccessUrl } from '../rules/links';
import { formatCents } from '../../../domain/money';
import { site } from '../../../data/site';
import { getStripe } from '../../../shared/payments/stripe-client';
import { HttpError } from '../../../shared/server/request';
import { withStore } from '../../../shared/server/store';
import { PENDING_KEY } from './keys';
import { orderMetadata, type PricedOrder } from './record';

/** How long a gift card's Checkout stays open. */
export const CHECKOUT_EXPIRY_SECONDS = 30 * 60;
/** After this a pending session is asked about (its expiry and a margin). */
export const PENDING_MARGIN_MS = (CHECKOUT_EXPIRY_SECONDS + 5 * 60) * 1000;

/** The order priced from the content, or a 400 naming the refused field. */
export function priceOrder(order: GiftCardOrder, now: number): PricedOrder {
  const amount = checkAmount(order.amount, giftCards);
  if (!amount.ok) throw new HttpError(400, amount.message, { fields: { amount: amount.message } });
  const dateProblem = deliveryDateProblem(order.deliverOn, now);
  if (dateProblem) throw new HttpError(400, dateProblem, { fields: { deliverOn: dateProblem } });
  const { amount: _dollars, ...rest } = order;
  return { ...rest, amountCents: amount.cents };
}

/** `now` times the session (its expiry, the pending list); `calendar` is the venue's today for the delivery date. */
export async function startGiftCardCheckout(order: GiftCardOrder, origin: string, { now, calendar }: { now: number; calendar: number }): Promise<string> {
  const priced = priceOrder(order, calendar);
  const metadata = orderMetadata(priced);
  const session = await getStripe().checkout.sessions.create(
    {
      mode: 'payment',
      allowed_payment_method_types: ['card'],
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: priced.amountCents, product_data: { name: `${site.name} gift card ${formatCents(priced.amountCents)}` } } }],
      metadata,
      payment_intent_data: { metadata: { kind: metadata['kind']! } },
      customer_email: priced.purchaserEmail,
      success_url: giftCardSuccessUrl(origin, { recipientName: priced.recipientName, toSelf: priced.toSelf, deliverOn: priced.deliverOn }),
      cancel_url: `${origin}${GIFT_CARDS_PATH}`,
      expires_at: Math.floor(now / 1000) + CHECKOUT_EXPIRY_SECONDS,
    },
    { idempotencyKey: `gift-card-checkout-${randomUUID()}` },
  );
  if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
  await withStore((store) => store.zadd(PENDING_KEY, { score: now, member: session.id }));
  return session.url;
}

