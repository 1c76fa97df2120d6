import type { Config } from '@netlify/functions';
import { listFailedMessages, retryFailedMessage } from '../../src/features/staff/contract/admin-mail';
import { adminHandle } from '../../src/features/staff/server/admin-handle';
import { answer } from '../../src/shared/server/http';
import { afterAnswer, deliverNow } from '../../src/shared/mail/deliver';
import { listFailed, retryFailed } from '../../src/shared/mail/outbox';
import { HttpError, routeParam } from '../../src/shared/server/request';

export const NO_FAILED_MESSAGE = 'No failed message with that key.';

/**
 * GET /api/admin/mail/failed: the messages that failed every attempt, newest first.
 * POST /api/admin/mail/failed/:key/retry: queues one again and sends it after the answer; 404 when no
 * failed message has that key.
 */
export default adminHandle(['GET', 'POST'], async (request, context) => {
  const key = routeParam(context, 'key');
  if (request.method === 'GET') {
    if (key !== undefined) throw new HttpError(404, NO_FAILED_MESSAGE);
    return answer(listFailedMessages, await listFailed());
  }
  if (!key || key.length > 200 || !(await retryFailed(key, Date.now()))) throw new HttpError(404, NO_FAILED_MESSAGE);
  afterAnswer(context, () => deliverNow([key]));
  return answer(retryFailedMessage, { ok: true });
});

export const config: Config = { path: ['/api/admin/mail/failed', '/api/admin/mail/failed/:key/retry'] };
