import type { Config } from '@netlify/functions';
import { holdBay } from '../../src/features/bay-booking/contract/bay-hold';
import { bayHoldSchema } from '../../src/features/bay-booking/contract/booking-form';
import { confirmedAnswer, holdForGuest } from '../../src/features/bay-booking/server/booking';
import { startCheckout } from '../../src/features/bay-booking/server/payment';
import { onsiteBookingOnly } from '../../src/features/bay-booking/server/mode';
import { expireReplacedCheckout } from '../../src/features/bay-booking/server/release';
import { handle } from '../../src/shared/server/handle';
import { afterAnswer, deliverNow } from '../../src/shared/mail/deliver';
import { answer } from '../../src/shared/server/http';
import { bookingMemberFromRequest } from '../../src/features/memberships/server/booking-member';
import { clientIp, readJsonBody, siteUrl } from '../../src/shared/server/request';

/**
 * POST /api/bay-hold → { url, needsPayment, bookingId }: holds a bay for the range (atomically, or
 * 409; the same visitor's unpaid hold for the same choice is replaced in that step), then Stripe
 * Checkout for the price; a member's booking wholly covered by included time is
 * confirmed at once (its confirmation queued by the hold) and answers its page. 400 bad choice, 429 too
 * many attempts from one IP (counted in the hold's own round trip), 502 when Stripe fails (the hold is given back).
 */
export default handle(['POST'], async (request, context) => {
  const body = await readJsonBody(request, bayHoldSchema);
  const member = await bookingMemberFromRequest(request);
  const now = Date.now();
  const origin = siteUrl(request);
  const held = await holdForGuest(body, member, now, { origin, client: clientIp(request, context) });
  // The visitor's earlier hold for the same choice was replaced in the hold's step: its Checkout page closes after the answer.
  const replaced = held.replacedSession;
  if (replaced) afterAnswer(context, () => expireReplacedCheckout(replaced));
  if (held.record.status === 'confirmed') {
    const confirmed = confirmedAnswer(held, origin);
    afterAnswer(context, () => deliverNow(confirmed.queued));
    return answer(holdBay, confirmed.answer);
  }
  return answer(holdBay, { url: await startCheckout(held, origin, now), needsPayment: true, bookingId: held.record.id });
}, { guard: onsiteBookingOnly });

export const config: Config = { path: '/api/bay-hold' };
