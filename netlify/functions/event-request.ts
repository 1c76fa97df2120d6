import { randomUUID } from 'node:crypto';
import type { Config } from '@netlify/functions';
import { sendEventRequest } from '../../src/features/event-requests/contract/event-request';
import { eventRequestBodySchema, isHoneypotFilled } from '../../src/features/event-requests/contract/request-form';
import { storeEventRequest } from '../../src/features/event-requests/server/requests';
import { afterAnswer, deliverClaimed } from '../../src/shared/mail/deliver';
import { eventRequestMessages } from '../../src/features/event-requests/mail/emails';
import { handle } from '../../src/shared/server/handle';
import { answer } from '../../src/shared/server/http';
import { clientIp, readJsonBody } from '../../src/shared/server/request';

/**
 * POST /api/event-booking: stores the request with its messages queued and answers 201 { ok: true, id };
 * the messages go out after the answer (never delaying it), or from the scheduled outbox run. A filled honeypot
 * (`website`) gets the same-looking answer without storing; more than 10 requests per 10 minutes
 * from one IP → 429 (EVENT_BOOKING_RATE_LIMIT changes the count, e.g. for load tests).
 */
export default handle(['POST'], async (request, context) => {
  const body = await readJsonBody(request, eventRequestBodySchema);
  if (isHoneypotFilled(body)) return answer(sendEventRequest, { ok: true, id: randomUUID() }, 201);
  const { stored, messages } = await storeEventRequest(body, clientIp(request, context), eventRequestMessages);
  afterAnswer(context, () => deliverClaimed(messages));
  return answer(sendEventRequest, { ok: true, id: stored.id }, 201);
});

export const config: Config = { path: '/api/event-booking' };
