import { randomUUID } from 'node:crypto';
import type { Config } from '@netlify/functions';
import { requestEventBooking } from '../../src/domain/api/event-booking';
import { eventBookingRequestSchema, isHoneypotFilled } from '../../src/domain/forms/event-booking';
import { storeEventBooking } from '../../src/server/events/bookings';
import { handle } from '../../src/server/handle';
import { answer } from '../../src/server/http';
import { clientIp, readJsonBody } from '../../src/server/request';

/**
 * POST /api/event-booking: stores the request and answers 201 { ok: true, id }. A filled honeypot
 * (`website`) gets the same-looking answer without storing; more than 10 requests per 10 minutes
 * from one IP → 429 (EVENT_BOOKING_RATE_LIMIT changes the count, e.g. for load tests).
 */
export default handle(['POST'], async (request, context) => {
  const body = await readJsonBody(request, eventBookingRequestSchema);
  if (isHoneypotFilled(body)) return answer(requestEventBooking, { ok: true, id: randomUUID() }, 201);
  const stored = await storeEventBooking(body, clientIp(request, context));
  return answer(requestEventBooking, { ok: true, id: stored.id }, 201);
});

export const config: Config = { path: '/api/event-booking' };
