import type { Config } from '@netlify/functions';
import { holdBay } from '../../src/domain/api/bay-hold';
import { bayHoldSchema } from '../../src/domain/forms/bay-booking';
import { confirmedAnswer, holdForGuest } from '../../src/server/bay-booking/booking';
import { startCheckout } from '../../src/server/bay-booking/payment';
import { onsiteBookingOnly } from '../../src/server/bay-booking/mode';
import { handle } from '../../src/server/handle';
import { afterAnswer, deliverNow } from '../../src/server/mail/deliver';
import { answer } from '../../src/server/http';
import { bookingMemberFromRequest } from '../../src/server/members/session';
import { clientIp, readJsonBody, siteUrl } from '../../src/server/request';

/**
 * POST /api/bay-hold → { url, needsPayment, bookingId }: holds a bay for the range (atomically, or
 * 409), then Stripe Checkout for the price; a member's booking wholly covered by included time is
 * confirmed at once (its confirmation queued by the hold) and answers its page. 400 bad choice, 429 too
 * many attempts from one IP (counted in the hold's own round trip), 502 when Stripe fails (the hold is given back).
 */
export default handle(['POST'], async (request, context) => {
  const body = await readJsonBody(request, bayHoldSchema);
  const member = await bookingMemberFromRequest(request);
  const now = Date.now();
  const origin = siteUrl(request);
  const held = await holdForGuest(body, member, now, { origin, client: clientIp(request, context) });
  if (held.record.status === 'confirmed') {
    const confirmed = confirmedAnswer(held, origin);
    afterAnswer(context, () => deliverNow(confirmed.queued));
    return answer(holdBay, confirmed.answer);
  }
  return answer(holdBay, { url: await startCheckout(held, origin, now), needsPayment: true, bookingId: held.record.id });
}, { guard: onsiteBookingOnly });

export const config: Config = { path: '/api/bay-hold' };
