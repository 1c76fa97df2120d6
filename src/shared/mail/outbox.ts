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
import type { FailedMessage } from '../contract/failed-mail';
import { MAX_ATTEMPTS, retryDelayMs, type MailMessage, type OutboxMessage } from './message';
import type { GuardedWrite } from '../server/rate-limit';
import { defineScript, defineStep, type StepInput } from '../server/script';
import { withStore, type Store } from '../server/store';

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
    {
      command: 'SET',
      key: messageKey(message.key),
      // A message with a lifetime (a secret link) expires with it; the claim drops its key once the body is gone.
      args: [JSON.stringify({ message, queuedAt: now.toISOString() } satisfies QueuedMessage), 'NX', ...(message.expiresInSeconds ? ['EX', message.expiresInSeconds] : [])],
    },
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
 * Queueing as a step, for scripts that decide inside Redis whether to queue (the webhook's transition,
 * a hold confirmed at once): queueMessage(mail, now, marks) writes the message's status (HSETNX: a key
 * seen before keeps its state and nothing else is written), its JSON and its place in the queue, due
 * at `now`. `marks` (optional): [mark, value] pairs the script writes over in the JSON first (marks.ts).
 */
export const queueMessage = defineStep({
  keys: ['queue', 'statuses', 'stored'],
  args: { key: 'string', body: 'string' },
  lua: `
local function fillMarks(text, marks)
  for _, mark in ipairs(marks or {}) do
    local parts, from = {}, 1
    while true do
      local first, last = string.find(text, mark[1], from, true)
      if not first then break end
      parts[#parts + 1] = string.sub(text, from, first - 1)
      parts[#parts + 1] = mark[2]
      from = last + 1
    end
    parts[#parts + 1] = string.sub(text, from)
    text = table.concat(parts)
  end
  return text
end
local function queueMessage(mail, now, marks)
  if redis.call('HSETNX', mail.statuses, mail.key, 'queued') == 1 then
    redis.call('SET', mail.stored, fillMarks(mail.body, marks), 'NX')
    redis.call('ZADD', mail.queue, 'NX', now, mail.key)
  end
end`,
});

/** The queueing step's parts for `message`: the outbox keys and the message as stored. */
export function queued(message: MailMessage, now: Date): StepInput<typeof queueMessage> {
  return {
    keys: { queue: QUEUE_KEY, statuses: STATUS_KEY, stored: messageKey(message.key) },
    args: { key: message.key, body: JSON.stringify({ message, queuedAt: now.toISOString() } satisfies QueuedMessage) },
  };
}

/**
 * A message prepared earlier and kept on its record as the JSON text of a MailMessage, for a script that
 * queues it only if a later change calls for it (an event's confirmation, prepared when its customer
 * starts paying): `queuedPrepared(key)` gives the step's parts with the body left for the script, and
 * the script's `preparedBody(message, at)` (PREPARED_BODY_LUA) writes the body `queued` would, `at` an
 * ISO timestamp.
 */
export function queuedPrepared(key: string): StepInput<typeof queueMessage> {
  return { keys: { queue: QUEUE_KEY, statuses: STATUS_KEY, stored: messageKey(key) }, args: { key, body: '' } };
}

/** The stored body of a prepared message (see queuedPrepared): the QueuedMessage `queued` writes. */
export const PREPARED_BODY_LUA = `
local function preparedBody(message, at)
  return '{"message":' .. message .. ',"queuedAt":' .. cjson.encode(at) .. '}'
end`;

/**
 * Claims keys that are due: still queued and their time come. Each is moved a lease ahead and its
 * message answered; a key that is no longer 'queued' (sent, failed) leaves the queue.
 */
const claimScript = defineScript({
  name: 'outbox claim',
  keys: ['queue', 'statuses'],
  args: { now: 'number', lease: 'number' },
  variadicKeys: 'stored',
  variadicArgs: 'ids',
  lua: `
local claimed = {}
for i, key in ipairs(ids) do
  local score = redis.call('ZSCORE', queue, key)
  if score and tonumber(score) <= now then
    local body = redis.call('GET', stored[i])
    if redis.call('HGET', statuses, key) == 'queued' and body then
      redis.call('ZADD', queue, now + lease, key)
      claimed[#claimed + 1] = body
    else
      redis.call('ZREM', queue, key)
    end
  end
end
return claimed`,
});

function readQueued(value: unknown): QueuedMessage | null {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (typeof parsed !== 'object' || parsed === null) return null;
  const queued = parsed as Partial<QueuedMessage>;
  return queued.message && typeof queued.message.key === 'string' ? (queued as QueuedMessage) : null;
}

export async function claim(keys: readonly string[], now: number): Promise<QueuedMessage[]> {
  if (keys.length === 0) return [];
  const answer = await withStore((store) =>
    claimScript.run(store, { keys: { queue: QUEUE_KEY, statuses: STATUS_KEY, stored: keys.map(messageKey) }, args: { now, lease: CLAIM_LEASE_MS, ids: keys } }),
  );
  return (Array.isArray(answer) ? answer : []).map(readQueued).filter((queued) => queued !== null);
}

/** Gives back claims not used (a run that stopped taking work): each key still queued is due at `now`. */
const unclaimScript = defineScript({
  name: 'outbox unclaim',
  keys: ['queue', 'statuses'],
  args: { now: 'number' },
  variadicArgs: 'ids',
  lua: `
for _, key in ipairs(ids) do
  if redis.call('HGET', statuses, key) == 'queued' then redis.call('ZADD', queue, 'XX', now, key) end
end
return #ids`,
});

export async function unclaim(keys: readonly string[], now: number): Promise<void> {
  if (keys.length === 0) return;
  await withStore((store) => unclaimScript.run(store, { keys: { queue: QUEUE_KEY, statuses: STATUS_KEY }, args: { now, ids: keys } }));
}

/** Up to `limit` keys whose time has come, oldest first. */
export async function dueKeys(now: number, limit: number): Promise<string[]> {
  return withStore((store) => store.zrange<string[]>(QUEUE_KEY, '-inf', now, { byScore: true, offset: 0, count: limit }));
}

export interface Outcome {
  key: string;
  /** Null when sent; else the refusal to record. */
  error: string | null;
  /** Sent and holding a secret: its stored copy is deleted rather than kept a week. */
  forget?: boolean;
}

/**
 * Records what happened to claimed messages: sent → status sent, out of the queue, the message kept
 * a week (deleted at once when it holds a secret or was queued with a lifetime); failed → one more attempt counted and the key rescheduled by the backoff, or, at the last
 * attempt, status failed and listed for the staff. A key no longer 'queued' (a staff retry or another
 * sender settled it) is left alone.
 */
const settleScript = defineScript({
  name: 'outbox settle',
  keys: ['queue', 'statuses', 'attempts', 'errors', 'failed'],
  args: { now: 'number', sentTtl: 'number', maxAttempts: 'number', delays: 'json', outcomes: 'json' },
  variadicKeys: 'stored',
  lua: `
for i, outcome in ipairs(outcomes) do
  local key = outcome.key
  if redis.call('HGET', statuses, key) == 'queued' then
    if outcome.error == cjson.null or outcome.error == nil then
      redis.call('HSET', statuses, key, 'sent')
      redis.call('ZREM', queue, key)
      redis.call('HDEL', attempts, key)
      redis.call('HDEL', errors, key)
      -- A message holding a secret (marked so, or queued with a lifetime) is gone once sent; others are kept a week.
      if outcome.forget == true or redis.call('TTL', stored[i]) > 0 then redis.call('DEL', stored[i]) else redis.call('EXPIRE', stored[i], sentTtl) end
    else
      local tries = redis.call('HINCRBY', attempts, key, 1)
      redis.call('HSET', errors, key, outcome.error)
      if tries >= maxAttempts then
        redis.call('HSET', statuses, key, 'failed')
        redis.call('ZREM', queue, key)
        redis.call('ZADD', failed, now, key)
      else
        redis.call('ZADD', queue, now + delays[tries], key)
      end
    end
  end
end
return #outcomes`,
});

const DELAYS = Array.from({ length: MAX_ATTEMPTS }, (_, index) => retryDelayMs(index + 1));

export async function settle(outcomes: readonly Outcome[], now: number): Promise<void> {
  if (outcomes.length === 0) return;
  await withStore((store) =>
    settleScript.run(store, {
      keys: { queue: QUEUE_KEY, statuses: STATUS_KEY, attempts: ATTEMPTS_KEY, errors: ERROR_KEY, failed: FAILED_KEY, stored: outcomes.map((outcome) => messageKey(outcome.key)) },
      args: { now, sentTtl: SENT_TTL_SECONDS, maxAttempts: MAX_ATTEMPTS, delays: DELAYS, outcomes },
    }),
  );
}

/** Puts a failed message back in the queue, due now, with its attempts reset. False when it is not failed. */
const retryScript = defineScript({
  name: 'outbox retry',
  keys: ['queue', 'statuses', 'attempts', 'failed'],
  args: { key: 'string', now: 'number' },
  lua: `
if redis.call('HGET', statuses, key) ~= 'failed' then return 0 end
redis.call('HSET', statuses, key, 'queued')
redis.call('HDEL', attempts, key)
redis.call('ZREM', failed, key)
redis.call('ZADD', queue, now, key)
return 1`,
});

export async function retryFailed(key: string, now: number): Promise<boolean> {
  const answer = await withStore((store) => retryScript.run(store, { keys: { queue: QUEUE_KEY, statuses: STATUS_KEY, attempts: ATTEMPTS_KEY, failed: FAILED_KEY }, args: { key, now } }));
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
    const { keys, args } = queued(message, now);
    transaction.set(keys.stored, args.body, { nx: true }).hsetnx(STATUS_KEY, args.key, 'queued').zadd(QUEUE_KEY, { nx: true }, { score: now.getTime(), member: args.key });
  }
  return transaction;
}
