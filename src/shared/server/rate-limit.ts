/**
 * Per-client request limits: a fixed window per client, counted in Redis by one Lua script, so a
 * check is one round trip. A write that may only happen within the limit (a booking request) is
 * handed to the same script as data, made after the count: counting and storing together are still
 * one round trip, and a request over the limit never stores anything.
 *
 * A store failure is not waved through: it surfaces as StoreUnavailableError (503).
 */
import { readEventRequestRateLimit } from './env';
import { HttpError } from './request';
import { defineScript, defineStep, type StepInput } from './script';
import { withStore } from './store';

export interface LimitPolicy {
  /** Key prefix, e.g. 'ratelimit:event-booking'; the counter of a client is `{prefix}:{client}`. */
  prefix: string;
  requests: number;
  windowSeconds: number;
  /** The 429 message. */
  message: string;
}

/** Booking requests per IP: 10 per 10 minutes (EVENT_BOOKING_RATE_LIMIT overrides the count). */
export function eventRequestLimit(env: NodeJS.ProcessEnv = process.env): LimitPolicy {
  return {
    prefix: 'ratelimit:event-booking',
    requests: readEventRequestRateLimit(env),
    windowSeconds: 10 * 60,
    message: 'Too many booking requests from your connection. Please wait a few minutes or call us directly.',
  };
}

/** Bay holds per IP: the same count and window as booking requests (EVENT_BOOKING_RATE_LIMIT overrides both). */
export function bayHoldLimit(env: NodeJS.ProcessEnv = process.env): LimitPolicy {
  return { ...eventRequestLimit(env), prefix: 'ratelimit:bay-hold', message: 'Too many booking attempts from your connection. Please wait a few minutes or call us directly.' };
}

export const PORTAL_EMAIL_LIMIT: LimitPolicy = {
  prefix: 'ratelimit:portal-email',
  requests: 5,
  windowSeconds: 60,
  message: 'Too many attempts. Please wait a minute and try again.',
};

/** One write a request makes only within its limit: a Redis command, the key it writes, its other arguments. */
export interface GuardedWrite {
  command: 'SET' | 'ZADD' | 'HSETNX' | 'HINCRBY';
  key: string;
  args: ReadonlyArray<string | number>;
}

/**
 * The count as a step for scripts that make their own guarded writes (a bay hold):
 * countRequest(limit) counts the request in its window (the window starts with the client's first
 * request and its counter expires with it) and answers the milliseconds left in the window when over
 * the limit, else 0. A script calls it before writing anything.
 */
export const countRequest = defineStep({
  keys: ['counter'],
  args: { windowMs: 'number', requests: 'number' },
  lua: `
local function countRequest(limit)
  local used = redis.call('INCR', limit.counter)
  if used == 1 then redis.call('PEXPIRE', limit.counter, limit.windowMs) end
  if used <= limit.requests then return 0 end
  local left = redis.call('PTTL', limit.counter)
  if left <= 0 then return limit.windowMs end
  return left
end`,
});

/** The count's parts for one request of `client` under `policy`: its counter `{prefix}:{client}`, window and limit. */
export function limitOf(policy: LimitPolicy, client: string): StepInput<typeof countRequest> {
  return { keys: { counter: `${policy.prefix}:${client}` }, args: { windowMs: policy.windowSeconds * 1000, requests: policy.requests } };
}

/** Over the limit it answers the milliseconds left and writes nothing; within it, it makes the writes, in order, and answers 0. */
const limitedWriteScript = defineScript({
  name: 'limited write',
  keys: [],
  args: { writes: 'json' },
  steps: { limit: countRequest },
  variadicKeys: 'writeKeys',
  lua: `
local left = countRequest(limit)
if left > 0 then return left end
for i, write in ipairs(writes) do
  redis.call(write.command, writeKeys[i], unpack(write.args))
end
return 0`,
});

/**
 * Counts one request of `client` against `policy` and, within the limit, makes `writes` in the same
 * round trip. Over the limit it throws HttpError 429 (with Retry-After) and nothing is written.
 */
export async function limitedWrite(policy: LimitPolicy, client: string, writes: readonly GuardedWrite[]): Promise<void> {
  const left = await withStore((store) =>
    limitedWriteScript.run(store, {
      keys: { writeKeys: writes.map((write) => write.key) },
      args: { writes: writes.map((write) => ({ command: write.command, args: write.args.map(String) })) },
      steps: { limit: limitOf(policy, client) },
    }),
  );
  const waitMs = Number(left);
  if (!Number.isFinite(waitMs)) throw new Error(`the rate-limit script answered ${JSON.stringify(left)}`);
  if (waitMs > 0) refuseOverLimit(policy, waitMs);
}

/** The 429 for a request over `policy`'s limit, with Retry-After in whole seconds (at least 1). */
export function refuseOverLimit(policy: LimitPolicy, waitMs: number): never {
  throw new HttpError(429, policy.message, {}, { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) });
}

/** Counts one request of `client` against `policy`; over the limit throws HttpError 429 (with Retry-After). */
export function enforceLimit(policy: LimitPolicy, client: string): Promise<void> {
  return limitedWrite(policy, client, []);
}
