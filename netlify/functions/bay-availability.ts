import type { Config } from '@netlify/functions';
import { bayAvailability } from '../../src/domain/api/bay-availability';
import { availabilityQuerySchema } from '../../src/domain/forms/bay-booking';
import { dayAvailability } from '../../src/server/bay-booking/booking';
import { routeParams } from '../../src/server/bay-booking/params';
import { onsiteBookingOnly } from '../../src/server/bay-booking/mode';
import { handle } from '../../src/server/handle';
import { answer } from '../../src/server/http';
import { bookingMemberFromRequest } from '../../src/server/members/session';

/**
 * GET /api/bay-availability/:date/:lengthMinutes/:partySize → the day's free start times per bay type
 * with prices (a signed-in member's included time taken off). 400 outside the window or for a length
 * or party the venue does not take. Not cached: it changes with every hold.
 */
export default handle(['GET'], async (request, context) => {
  const query = routeParams(context, ['date', 'lengthMinutes', 'partySize'], availabilityQuerySchema);
  const member = await bookingMemberFromRequest(request);
  return answer(bayAvailability, await dayAvailability(query, member, Date.now()), 200, { 'Cache-Control': 'no-store' });
}, { guard: onsiteBookingOnly });

export const config: Config = { path: '/api/bay-availability/:date/:lengthMinutes/:partySize' };
