import type { Config } from '@netlify/functions';
import { bayAvailability } from '../../src/features/bay-booking/contract/bay-availability';
import { availabilityQuerySchema } from '../../src/features/bay-booking/contract/booking-form';
import { dayAvailability } from '../../src/features/bay-booking/server/booking';
import { routeParams } from '../../src/features/bay-booking/server/params';
import { onsiteBookingOnly } from '../../src/features/bay-booking/server/mode';
import { handle } from '../../src/shared/server/handle';
import { answer } from '../../src/shared/server/http';
import { bookingMemberFromRequest } from '../../src/features/memberships/server/booking-member';

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
