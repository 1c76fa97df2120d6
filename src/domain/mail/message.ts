/**
 * An outgoing message as the outbox keeps it (pure): rendered once, when the record it is about is
 * stored, so a retry days later sends exactly what was queued, and the functions that only deliver
 * (the scheduled retry, the staff's retry) need no templates.
 */

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** UTF-8 text (an .ics calendar). */
  content: string;
}

export interface MailMessage {
  /** Idempotency key: one message per key, ever ('event-request-staff:{id}'). */
  key: string;
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/** The outbox's record of a message: queued (waiting or being retried), sent, or failed for good. */
export interface OutboxEntry {
  message: MailMessage;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  /** ISO timestamps. */
  queuedAt: string;
  sentAt?: string;
  failedAt?: string;
  /** The mail server's last refusal, for the staff's failed list. */
  lastError?: string;
}

/** Attempts before a message is marked failed and waits for a person to retry it. */
export const MAX_ATTEMPTS = 6;

/** First retry after 5 minutes (the scheduled run's period), then doubling, at most 6 hours apart. */
export const FIRST_RETRY_MS = 5 * 60_000;
export const MAX_RETRY_MS = 6 * 60 * 60_000;

/** Milliseconds to wait after the `attempts`-th failed attempt (1-based). */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}
