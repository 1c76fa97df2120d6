/** A message the outbox gave up on after its retries, as staff see it. */
import * as z from 'zod/mini';

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
