/**
 * Per-client request limits: a fixed window per client, counted in Redis by one Lua script, so a
 * check is one round trip. A write that may only happen within the limit (a booking request) is
 * handed to the same script as data, made after the count: counting and storing together are still
 * one round trip, and a request over the limit never stores anything.
 *
 * A store failure is not waved through: it surfaces as StoreUnavailableError (503).
 */
import { readEventBookingRateLimit } from './env';
import { HttpError } from './request';
import { withStore, type Store } from './store';

export interface LimitPolicy {
  /** Key prefix, e.g. 'ratelimit:event-booking'; the counter of a client is `{prefix}:{client}`. */
  prefix: string;
  requests: number;
  windowSeconds: number;
  /** The 429 message. */
  message: string;
}

/** Booking requests per IP: 10 per 10 minutes (EVENT_BOOKING_RATE_LIMIT overrides the count). */
export function eventBookingLimit(env: NodeJS.ProcessEnv = process.env): LimitPolicy {
  return {
    prefix: 'ratelimit:event-booking',
    requests: readEventBookingRateLimit(env),
    windowSeconds: 10 * 60,
    message: 'Too many booking requests from your connection. Please wait a few minutes or call us directly.',
  };
}

export const PORTAL_EMAIL_LIMIT: LimitPolicy = {
  prefix: 'ratelimit:portal-email',
  requests: 5,
  windowSeconds: 60,
  message: 'Too many attempts. Please wait a minute and try again.',
};

/** One write a request makes only within its limit: a Redis command, the key it writes, its other arguments. */
export interface GuardedWrite {
  command: 'SET' | 'ZADD' | 'HSETNX';
  key: string;
  args: ReadonlyArray<string | number>;
}

/**
 * Counts the request in its window (the window starts with the client's first request and its
 * counter expires with it). Over the limit it answers the milliseconds left in the window and writes
 * nothing; within it, it makes the writes, in order, and answers 0.
 */
const LIMITED_WRITE_SCRIPT = `
local counterKey = KEYS[1]
local writeKeys = { unpack(KEYS, 2) }
local windowMs = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local writes = cjson.decode(ARGV[3])
local used = redis.call('INCR', counterKey)
if used == 1 then redis.call('PEXPIRE', counterKey, windowMs) end
if used > limit then
  local left = redis.call('PTTL', counterKey)
  if left <= 0 then return windowMs end
  return left
end
for i, write in ipairs(writes) do
  redis.call(write.command, writeKeys[i], unpack(write.args))
end
return 0
`;

type Script = ReturnType<Store['createScript']>;
const scripts = new WeakMap<Store, Script>();

/** One script object per store client, so its SHA-1 is computed once and EVALSHA is used. */
function scriptFor(store: Store): Script {
  let script = scripts.get(store);
  if (!script) scripts.set(store, (script = store.createScript(LIMITED_WRITE_SCRIPT)));
  return script;
}

/**
 * Counts one request of `client` against `policy` and, within the limit, makes `writes` in the same
 * round trip. Over the limit it throws HttpError 429 (with Retry-After) and nothing is written.
 */
export async function limitedWrite(policy: LimitPolicy, client: string, writes: readonly GuardedWrite[]): Promise<void> {
  const data = JSON.stringify(writes.map((write) => ({ command: write.command, args: write.args.map(String) })));
  const left = await withStore((store) =>
    scriptFor(store).exec([`${policy.prefix}:${client}`, ...writes.map((write) => write.key)], [String(policy.windowSeconds * 1000), String(policy.requests), data]),
  );
  const waitMs = Number(left);
  if (!Number.isFinite(waitMs)) throw new Error(`the rate-limit script answered ${JSON.stringify(left)}`);
  if (waitMs > 0) {
    throw new HttpError(429, policy.message, {}, { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) });
  }
}

/** Counts one request of `client` against `policy`; over the limit throws HttpError 429 (with Retry-After). */
export function enforceLimit(policy: LimitPolicy, client: string): Promise<void> {
  return limitedWrite(policy, client, []);
}
