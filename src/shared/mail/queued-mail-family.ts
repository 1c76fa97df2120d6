/**
 * The messages the outbox still holds to send (waiting for their first send, their next retry, or a
 * later day, as a gift card's delivery) in the venue data file: each message as stored, with when it
 * is due, its failed attempts so far and the last refusal, so a restore sends what had not gone out
 * yet and keeps each one's backoff. A message that holds a secret (a sign-in link, a gift card's code)
 * is left out: the file never carries a secret (staff resend a card whose e-mail had not gone out).
 *
 * A message sent between the export and the restore is sent again by the restored store: its
 * Message-ID is the same (transport.ts), so mail programs show it once.
 */
import * as z from 'zod';
import { parseRecord } from '../server/json-records';
import { hashRead, scoredIndexRead, textsRead } from '../venue-data/reads';
import { fileTime, type RecordFamily, type StoreWrite } from '../venue-data/registry';
import { storedBody } from './failed-mail-family';
import { ATTEMPTS_KEY, ERROR_KEY, messageKey, QUEUE_KEY, STATUS_KEY } from './outbox';

const queuedMailEntry = z
  .object({
    /** The message's idempotency key. */
    key: z.string().min(1),
    /** When it is due (ms since 1970), the list's order. */
    dueAtMs: fileTime,
    attempts: z.int().nonnegative(),
    lastError: z.string(),
    body: storedBody,
  })
  .refine((entry) => entry.body.message.key === entry.key, { message: 'every message must carry the key of its entry', path: ['body', 'message', 'key'] })
  .refine((entry) => !holdsSecret(entry.body.message), { message: 'a message holding a secret is never in the file', path: ['body', 'message'] });

type QueuedMailEntry = z.infer<typeof queuedMailEntry>;

/** A sign-in link or a gift card's code: marked secret, or queued with a lifetime. */
function holdsSecret(message: Record<string, unknown>): boolean {
  return message['secret'] === true || message['expiresInSeconds'] !== undefined;
}

export const queuedMailFamily: RecordFamily<QueuedMailEntry> = {
  name: 'queuedMail',
  label: 'queued messages',
  entry: queuedMailEntry,
  idOf: (entry) => entry.key,
  timeOf: (entry) => entry.dueAtMs,
  ownedKeys: [QUEUE_KEY],
  sharedKeys: [STATUS_KEY, ATTEMPTS_KEY, ERROR_KEY],
  async read(reader) {
    const [queued, attempts, errors] = await Promise.all([reader.read(scoredIndexRead(QUEUE_KEY)), reader.read(hashRead(ATTEMPTS_KEY)), reader.read(hashRead(ERROR_KEY))]);
    const texts = await reader.read(textsRead(queued.map(([key]) => messageKey(key))));
    const entries: QueuedMailEntry[] = [];
    const skipped: string[] = [];
    queued.forEach(([key, dueAtMs], index) => {
      // A key whose message is gone (a sign-in link that lived out its time) has nothing left to send.
      if (texts[index] === null) return;
      const body = parseRecord(texts[index]);
      const entry = { key, dueAtMs, attempts: Number(attempts.get(key) ?? 0), lastError: errors.get(key) ?? '', body };
      const checked = queuedMailEntry.safeParse(entry);
      if (checked.success) entries.push(entry as QueuedMailEntry);
      else if (!(body && typeof body === 'object' && holdsSecret(((body as { message?: Record<string, unknown> }).message ?? {})))) skipped.push(messageKey(key));
    });
    return { entries, skipped };
  },
  restore(entry) {
    const writes: StoreWrite[] = [
      ['SET', messageKey(entry.key), JSON.stringify(entry.body)],
      ['ZADD', QUEUE_KEY, String(entry.dueAtMs), entry.key],
      ['HSET', STATUS_KEY, entry.key, 'queued'],
    ];
    if (entry.attempts > 0) writes.push(['HSET', ATTEMPTS_KEY, entry.key, String(entry.attempts)]);
    if (entry.lastError !== '') writes.push(['HSET', ERROR_KEY, entry.key, entry.lastError]);
    return writes;
  },
};
