import { randomUUID } from 'node:crypto';
import type { Config } from '@netlify/functions';
import { requestEventBooking } from '../../src/domain/api/event-booking';
import { eventBookingRequestSchema, isHoneypotFilled } from '../../src/domain/forms/event-booking';
import { storeEventBooking } from '../../src/server/events/bookings';
import { afterAnswer, deliverClaimed } from '../../src/server/mail/deliver';
import { eventRequestMessages } from '../../src/server/mail/event-request-messages';
import { handle } from '../../src/server/handle';
import { answer } from '../../src/server/http';
import { clientIp, readJsonBody } from '../../src/server/request';

/**
 * POST /api/event-booking: stores the request with its messages queued and answers 201 { ok: true, id };
 * the messages go out after the answer (never delaying it), or from the scheduled outbox run. A filled honeypot
 * (`website`) gets the same-looking answer without storing; more than 10 requests per 10 minutes
 * from one IP → 429 (EVENT_BOOKING_RATE_LIMIT changes the count, e.g. for load tests).
 */
export default handle(['POST'], async (request, context) => {
  const body = await readJsonBody(request, eventBookingRequestSchema);
  if (isHoneypotFilled(body)) return answer(requestEventBooking, { ok: true, id: randomUUID() }, 201);
  const { stored, messages } = await storeEventBooking(body, clientIp(request, context), eventRequestMessages);
  afterAnswer(context, () => deliverClaimed(messages));
  return answer(requestEventBooking, { ok: true, id: stored.id }, 201);
});

export const config: Config = { path: '/api/event-booking' };
