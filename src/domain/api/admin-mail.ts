/**
 * /api/admin/mail/failed: messages the outbox gave up on after its retries, newest first, and putting
 * one back in the queue (it is sent right away and retried as before).
 */
import * as z from 'zod/mini';
import type { OkAnswer } from './common';
import { endpoint } from './endpoint';

export const failedMessage = z.object({
  /** The idempotency key, e.g. 'event-request-staff:{id}'. */
  key: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  attempts: z.number(),
  /** The mail server's last refusal. */
  lastError: z.string(),
  /** ISO timestamps. */
  queuedAt: z.string(),
  failedAt: z.string(),
});
export type FailedMessage = z.infer<typeof failedMessage>;

export const failedMessagesAnswer = z.array(failedMessage);

export const listFailedMessages = endpoint('GET', '/api/admin/mail/failed').answers<FailedMessage[]>();
/** 404 when no failed message has that key. */
export const retryFailedMessage = endpoint('POST', '/api/admin/mail/failed/:key/retry').answers<OkAnswer>();
