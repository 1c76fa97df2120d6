/**
 * The messages the outbox gave up on (the staff's failed-mail list) in the venue data file: each
 * message as stored, with when it failed, its attempts and the mail server's last refusal, so a
 * restore keeps the list staff retry from. A restored message is only listed; nothing sends it until
 * staff retry it. (Messages still queued are their own family: queued-mail-family.ts.)
 */
import * as z from 'zod';
import { parseRecord } from '../server/json-records';
import { hashRead, scoredIndexRead, textsRead } from '../venue-data/reads';
import { fileTime, type RecordFamily } from '../venue-data/registry';
import { ATTEMPTS_KEY, ERROR_KEY, FAILED_KEY, messageKey, STATUS_KEY } from './outbox';

/** The outbox's stored body ({ message, queuedAt }), checked but passed on as given (its fields keep their order). */
export const storedBody = z.custom<{ message: { key: string } & Record<string, unknown>; queuedAt: string } & Record<string, unknown>>((value) => {
  const body = value as { message?: { key?: unknown }; queuedAt?: unknown } | null;
  return typeof body === 'object' && body !== null && typeof body.message === 'object' && body.message !== null && typeof body.message.key === 'string' && typeof body.queuedAt === 'string';
}, { message: 'expected the stored message: { message: { key, ... }, queuedAt }' });

const failedMailEntry = z
  .object({
    /** The message's idempotency key. */
    key: z.string().min(1),
    /** When it failed for the last time (ms since 1970), the list's order. */
    failedAtMs: fileTime,
    attempts: z.int().nonnegative(),
    lastError: z.string(),
    body: storedBody,
  })
  .refine((entry) => entry.body.message.key === entry.key, { message: 'every message must carry the key of its entry', path: ['body', 'message', 'key'] });

type FailedMailEntry = z.infer<typeof failedMailEntry>;

export const failedMailFamily: RecordFamily<FailedMailEntry> = {
  name: 'failedMail',
  label: 'failed messages',
  entry: failedMailEntry,
  idOf: (entry) => entry.key,
  timeOf: (entry) => entry.failedAtMs,
  ownedKeys: [FAILED_KEY],
  sharedKeys: [STATUS_KEY, ATTEMPTS_KEY, ERROR_KEY],
  async read(reader) {
    const [failed, attempts, errors] = await Promise.all([reader.read(scoredIndexRead(FAILED_KEY)), reader.read(hashRead(ATTEMPTS_KEY)), reader.read(hashRead(ERROR_KEY))]);
    const texts = await reader.read(textsRead(failed.map(([key]) => messageKey(key))));
    const entries: FailedMailEntry[] = [];
    const skipped: string[] = [];
    failed.forEach(([key, failedAtMs], index) => {
      const body = parseRecord(texts[index]);
      const entry = { key, failedAtMs, attempts: Number(attempts.get(key) ?? 0), lastError: errors.get(key) ?? '', body };
      if (failedMailEntry.safeParse(entry).success) entries.push(entry as FailedMailEntry);
      else skipped.push(messageKey(key));
    });
    return { entries, skipped };
  },
  restore: (entry) => [
    ['SET', messageKey(entry.key), JSON.stringify(entry.body)],
    ['ZADD', FAILED_KEY, String(entry.failedAtMs), entry.key],
    ['HSET', STATUS_KEY, entry.key, 'failed'],
    ['HSET', ATTEMPTS_KEY, entry.key, String(entry.attempts)],
    ['HSET', ERROR_KEY, entry.key, entry.lastError],
  ],
};
