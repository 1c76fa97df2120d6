/**
 * Gift cards as a paid product of the payment registry: Checkout sessions of kind 'gift-card' issue
 * one card each when paid (settle); sessions still pending past their expiry are asked about by the
 * reconciler (lapsed), so a card whose webhook never came is issued all the same.
 */
import type { PaidProduct } from '../../../shared/payments/registry';
import { withStore } from '../../../shared/server/store';
import { PENDING_MARGIN_MS } from './checkout';
import { settleGiftCardCheckout, type GiftCardSessionField } from './issue';
import { PENDING_KEY } from './keys';
import { GIFT_CARD_KIND } from './record';

export const giftCardPayments: PaidProduct<GiftCardSessionField> = {
  kind: GIFT_CARD_KIND,
  settle: settleGiftCardCheckout,
  async lapsed(now) {
    const sessions = await withStore((store) => store.zrange<string[]>(PENDING_KEY, now - PENDING_MARGIN_MS, '-inf', { byScore: true, rev: true }));
    return { sessions, changed: 0 };
  },
};
