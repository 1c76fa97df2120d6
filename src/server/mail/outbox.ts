/**
 * The outbox: messages waiting to be sent, in Redis.
 *   mail:msg:{key}   JSON { message, queuedAt } (kept 7 days after it was sent); the message holds its content
 *                    as data (rendered when sent) or, queued before that, its HTML and text (sent as they are)
 *   mail:status      hash key → queued | sent | failed: set once per key (HSETNX), so a key is queued once, ever
 *   mail:queue       sorted set of keys to send, score = when (ms); a claimed key moves a lease ahead
 *   mail:attempts    hash key → failed attempts so far
 *   mail:error       hash key → the mail server's last refusal
 *   mail:failed      sorted set of keys that failed MAX_ATTEMPTS times, score = when (ms)
 * Queueing is part of the script that stores the record the message is about (the booking's limited
 * write, the registrations' status update), so the record and its messages are one atomic round trip.
 * Claiming moves a key a lease ahead before it is sent, so two senders (the function that stored it
 * and the scheduled run) never send the same message at once.
 */
import type { FailedMessage } from '../../domain/api/admin-mail';
import { MAX_ATTEMPTS, retryDelayMs, type MailMessage, type OutboxMessage } from '../../domain/mail/message';
import type { GuardedWrite } from '../rate-limit';
import { withStore, type Store } from '../store';

export const QUEUE_KEY = 'mail:queue';
export const STATUS_KEY = 'mail:status';
export const ATTEMPTS_KEY = 'mail:attempts';
export const ERROR_KEY = 'mail:error';
export const FAILED_KEY = 'mail:failed';
export const messageKey = (key: string) => `mail:msg:${key}`;

/** How long a claimed message is left to its sender before another run may take it (above the SMTP timeouts). */
export const CLAIM_LEASE_MS = 2 * 60_000;
export const SENT_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface QueuedMessage {
  message: OutboxMessage;
  queuedAt: string;
}

/**
 * The writes that queue messages, for a script that stores their record: the message (SET NX), its
 * status (HSETNX: a key already queued, sent or failed keeps its state) and its place in the queue
 * (ZADD NX), due at `dueAt` (now unless claimed). A key seen before is never sent again: the claim
 * drops a queued key whose status is not 'queued'.
 */
export function queueWrites(messages: readonly MailMessage[], now: Date, dueAt = now.getTime()): GuardedWrite[] {
  return messages.flatMap((message): GuardedWrite[] => [
    { command: 'SET', key: messageKey(message.key), args: [JSON.stringify({ message, queuedAt: now.toISOString() } satisfies QueuedMessage), 'NX'] },
    { command: 'HSETNX', key: STATUS_KEY, args: [message.key, 'queued'] },
    { command: 'ZADD', key: QUEUE_KEY, args: ['NX', dueAt, message.key] },
  ]);
}

/**
 * Queueing and claiming in the same write, for the function that sends the messages right after its
 * answer (deliverClaimed): each is due only once a claim lease has passed, so no other sender takes
 * it meanwhile, and the scheduled run sends it if that function never settles it. Only for keys new
 * in this write (named after a record created by it): an older key keeps its state and its place.
 */
export function queueClaimedWrites(messages: readonly MailMessage[], now: Date): GuardedWrite[] {
  return queueWrites(messages, now, now.getTime() + CLAIM_LEASE_MS);
}

/**
 * The same as Lua, for scripts that decide inside Redis whether to queue (the webhook's transition):
 * queueMessage(queueKey, statusKey, messageKey, key, json, nowMs).
 */
export const QUEUE_MESSAGE_LUA = `
local function queueMessage(queueKey, statusKey, bodyKey, key, body, now)
  if redis.call('HSETNX', statusKey, key, 'queued') == 1 then
    redis.call('SET', bodyKey, body, 'NX')
    redis.call('ZADD', queueKey, 'NX', now, key)
  end
end
`;

/** A queued message as the scripts above take it: its key, its outbox key and its JSON. */
export function queueArgument(message: MailMessage, now: Date): { key: string; bodyKey: string; body: string } {
  return { key: message.key, bodyKey: messageKey(message.key), body: JSON.stringify({ message, queuedAt: now.toISOString() } satisfies QueuedMessage) };
}

/**
 * Claims keys that are due: still queued and their time come. Each is moved a lease ahead and its
 * message answered; a key that is no longer 'queued' (sent, failed) leaves the queue.
 */
const CLAIM_SCRIPT = `
local queueKey, statusKey = KEYS[1], KEYS[2]
local now, lease = tonumber(ARGV[1]), tonumber(ARGV[2])
local claimed = {}
for i = 3, #ARGV do
  local key = ARGV[i]
  local score = redis.call('ZSCORE', queueKey, key)
  if score and tonumber(score) <= now then
    local body = redis.call('GET', KEYS[i])
    if redis.call('HGET', statusKey, key) == 'queued' and body then
      redis.call('ZADD', queueKey, now + lease, key)
      claimed[#claimed + 1] = body
    else
      redis.call('ZREM', queueKey, key)
    end
  end
end
return claimed
`;

function readQueued(value: unknown): QueuedMessage | null {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (typeof parsed !== 'object' || parsed === null) return null;
  const queued = parsed as Partial<QueuedMessage>;
  return queued.message && typeof queued.message.key === 'string' ? (queued as QueuedMessage) : null;
}

export async function claim(keys: readonly string[], now: number): Promise<QueuedMessage[]> {
  if (keys.length === 0) return [];
  const answer = await withStore((store) =>
    store.eval<(string | number)[], unknown[]>(CLAIM_SCRIPT, [QUEUE_KEY, STATUS_KEY, ...keys.map(messageKey)], [now, CLAIM_LEASE_MS, ...keys]),
  );
  return (Array.isArray(answer) ? answer : []).map(readQueued).filter((queued) => queued !== null);
}

/** Up to `limit` keys whose time has come, oldest first. */
export async function dueKeys(now: number, limit: number): Promise<string[]> {
  return withStore((store) => store.zrange<string[]>(QUEUE_KEY, '-inf', now, { byScore: true, offset: 0, count: limit }));
}

export interface Outcome {
  key: string;
  /** Null when sent; else the refusal to record. */
  error: string | null;
}

/**
 * Records what happened to claimed messages: sent → status sent, out of the queue, the message kept
 * a week; failed → one more attempt counted and the key rescheduled by the backoff, or, at the last
 * attempt, status failed and listed for the staff. A key no longer 'queued' (a staff retry or another
 * sender settled it) is left alone.
 */
const SETTLE_SCRIPT = `
local queueKey, statusKey, attemptsKey, errorKey, failedKey = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local now, sentTtl, maxAttempts = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local delays = cjson.decode(ARGV[4])
local outcomes = cjson.decode(ARGV[5])
for i, outcome in ipairs(outcomes) do
  local key = outcome.key
  if redis.call('HGET', statusKey, key) == 'queued' then
    if outcome.error == cjson.null or outcome.error == nil then
      redis.call('HSET', statusKey, key, 'sent')
      redis.call('ZREM', queueKey, key)
      redis.call('HDEL', attemptsKey, key)
      redis.call('HDEL', errorKey, key)
      redis.call('EXPIRE', KEYS[5 + i], sentTtl)
    else
      local attempts = redis.call('HINCRBY', attemptsKey, key, 1)
      redis.call('HSET', errorKey, key, outcome.error)
      if attempts >= maxAttempts then
        redis.call('HSET', statusKey, key, 'failed')
        redis.call('ZREM', queueKey, key)
        redis.call('ZADD', failedKey, now, key)
      else
        redis.call('ZADD', queueKey, now + delays[attempts], key)
      end
    end
  end
end
return #outcomes
`;

const DELAYS = JSON.stringify(Array.from({ length: MAX_ATTEMPTS }, (_, index) => retryDelayMs(index + 1)));

export async function settle(outcomes: readonly Outcome[], now: number): Promise<void> {
  if (outcomes.length === 0) return;
  await withStore((store) =>
    store.eval<(string | number)[], unknown>(
      SETTLE_SCRIPT,
      [QUEUE_KEY, STATUS_KEY, ATTEMPTS_KEY, ERROR_KEY, FAILED_KEY, ...outcomes.map((outcome) => messageKey(outcome.key))],
      [now, SENT_TTL_SECONDS, MAX_ATTEMPTS, DELAYS, JSON.stringify(outcomes)],
    ),
  );
}

/** Puts a failed message back in the queue, due now, with its attempts reset. False when it is not failed. */
const RETRY_SCRIPT = `
local queueKey, statusKey, attemptsKey, failedKey = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local key, now = ARGV[1], tonumber(ARGV[2])
if redis.call('HGET', statusKey, key) ~= 'failed' then return 0 end
redis.call('HSET', statusKey, key, 'queued')
redis.call('HDEL', attemptsKey, key)
redis.call('ZREM', failedKey, key)
redis.call('ZADD', queueKey, now, key)
return 1
`;

export async function retryFailed(key: string, now: number): Promise<boolean> {
  const answer = await withStore((store) => store.eval<(string | number)[], number>(RETRY_SCRIPT, [QUEUE_KEY, STATUS_KEY, ATTEMPTS_KEY, FAILED_KEY], [key, now]));
  return Number(answer) === 1;
}


/** The newest `limit` failed messages: two round trips (their keys, then one pipeline of their details). */
export async function listFailed(limit = 100): Promise<FailedMessage[]> {
  return withStore(async (store) => {
    const listed = await store.zrange<(string | number)[]>(FAILED_KEY, 0, limit - 1, { rev: true, withScores: true });
    const keys: string[] = [];
    const failedAt: number[] = [];
    for (let index = 0; index < listed.length; index += 2) {
      keys.push(String(listed[index]));
      failedAt.push(Number(listed[index + 1]));
    }
    if (keys.length === 0) return [];
    const [bodies, attempts, errors] = (await store
      .pipeline()
      .mget(...keys.map(messageKey))
      .hmget(ATTEMPTS_KEY, ...keys)
      .hmget(ERROR_KEY, ...keys)
      .exec()) as [unknown[], Record<string, unknown> | null, Record<string, unknown> | null];
    return keys.flatMap((key, index) => {
      const queued = readQueued(bodies[index]);
      if (!queued) return [];
      return [
        {
          key,
          to: queued.message.to,
          subject: queued.message.subject,
          attempts: Number(attempts?.[key] ?? 0),
          lastError: String(errors?.[key] ?? ''),
          queuedAt: queued.queuedAt,
          failedAt: new Date(failedAt[index] ?? 0).toISOString(),
        },
      ];
    });
  });
}

type Transaction = ReturnType<Store['multi']>;

/** Adds queueWrites' commands to a MULTI that stores the record they are about (the same three writes). */
export function queueInTransaction(transaction: Transaction, messages: readonly MailMessage[], now: Date): Transaction {
  for (const message of messages) {
    const { key, bodyKey, body } = queueArgument(message, now);
    transaction.set(bodyKey, body, { nx: true }).hsetnx(STATUS_KEY, key, 'queued').zadd(QUEUE_KEY, { nx: true }, { score: now.getTime(), member: key });
  }
  return transaction;
}
