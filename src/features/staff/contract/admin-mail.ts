/**
 * /api/admin/mail/failed: messages the outbox gave up on after its retries, newest first, and putting
 * one back in the queue (it is sent right away and retried as before).
 */
import * as z from 'zod/mini';
import type { OkAnswer } from '../../../shared/contract/common';
import { endpoint } from '../../../shared/contract/endpoint';
import { failedMessage, type FailedMessage } from '../../../shared/contract/failed-mail';

export { failedMessage, type FailedMessage };

export const failedMessagesAnswer = z.array(failedMessage);

export const listFailedMessages = endpoint('GET', '/api/admin/mail/failed').answers<FailedMessage[]>();
/** 404 when no failed message has that key. */
export const retryFailedMessage = endpoint('POST', '/api/admin/mail/failed/:key/retry').answers<OkAnswer>();
