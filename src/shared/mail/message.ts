/**
 * An outgoing message as the outbox keeps it (pure): who it goes to, its subject and what it says as
 * data (content.ts), queued in the same step as the record it is about. It is rendered only when it
 * is sent, so storing a record costs no rendering and only the functions that send carry the renderer.
 */
import type { MailContent } from './content';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** UTF-8 text (an .ics calendar). */
  content: string;
}

interface Envelope {
  /** Idempotency key: one message per key, ever ('event-request-staff:{id}'). */
  key: string;
  to: string[];
  replyTo?: string;
  subject: string;
  attachments?: MailAttachment[];
  /** It carries a secret (a gift card's code): the outbox deletes its stored copy once it is sent instead of keeping it a week. */
  secret?: true;
  /**
   * For a message that carries a secret (a sign-in link): the outbox keeps it no longer than this
   * many seconds from queueing (queueWrites), and deletes it once sent instead of keeping it a week.
   */
  expiresInSeconds?: number;
}

/** A message as it is queued now: its content as data, rendered when sent. */
export interface MailMessage extends Envelope {
  content: MailContent;
}

/** A message with both parts written out: what is sent, and how messages queued before their content was data are stored. */
export interface RenderedMessage extends Envelope {
  text: string;
  html: string;
}

/** What the outbox may hold: either shape; one stored rendered is sent as it is. */
export type OutboxMessage = MailMessage | RenderedMessage;

export const isRendered = (message: OutboxMessage): message is RenderedMessage => !('content' in message) && typeof (message as RenderedMessage).html === 'string';

/** The outbox's record of a message: queued (waiting or being retried), sent, or failed for good. */
export interface OutboxEntry {
  message: OutboxMessage;
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
