import type { Config } from '@netlify/functions';
import { buyGiftCard } from '../../src/features/gift-cards/contract/gift-card-checkout';
import { giftCardOrderSchema } from '../../src/features/gift-cards/contract/order-form';
import { startGiftCardCheckout } from '../../src/features/gift-cards/server/checkout';
import { calendarNow } from '../../src/shared/server/calendar-clock';
import { handle } from '../../src/shared/server/handle';
import { answer } from '../../src/shared/server/http';
import { readJsonBody, siteUrl } from '../../src/shared/server/request';

/**
 * POST /api/gift-card-checkout → { url } of the gift card's hosted Checkout, for the amount the content
 * allows and a delivery date within the venue-local year. 400 with the field's message otherwise.
 */
export default handle(['POST'], async (request) => {
  const order = await readJsonBody(request, giftCardOrderSchema, { maxBytes: 4096 });
  return answer(buyGiftCard, { url: await startGiftCardCheckout(order, siteUrl(request), { now: Date.now(), calendar: calendarNow().getTime() }) });
});

export const config: Config = { path: '/api/gift-card-checkout' };
