/**
 * Per-client request limits: a fixed window per client, counted in Redis by one Lua script, so a
 * check is one round trip. A write that may only happen within the limit (a booking request) runs in
 * the same script, after the count, so counting and storing together are still one round trip and
 * a request over the limit never stores anything.
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

/**
 * A write that runs only within the limit: Lua statements plus their keys and arguments. In `lua`,
 * the write's own keys are KEYS[2], KEYS[3], … and its arguments ARGV[3], ARGV[4], … (KEYS[1],
 * ARGV[1] and ARGV[2] belong to the counter).
 */
export interface LimitedWrite {
  lua: string;
  keys: string[];
  args: Array<string | number>;
}

/**
 * Counts the request in its window (the window starts with the client's first request and its
 * counter expires with it); over the limit it answers the milliseconds left in the window and
 * writes nothing, within it runs the write and answers 0.
 */
function limitScript(write: string): string {
  return `local used = redis.call('INCR', KEYS[1])
if used == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if used > tonumber(ARGV[2]) then
  local left = redis.call('PTTL', KEYS[1])
  if left <= 0 then return tonumber(ARGV[1]) end
  return left
end
${write}
return 0`;
}

type Script = ReturnType<Store['createScript']>;
const scripts = new WeakMap<Store, Map<string, Script>>();

/** One script object per store client and write, so its SHA-1 is computed once and EVALSHA is used. */
function scriptFor(store: Store, write: string): Script {
  let byWrite = scripts.get(store);
  if (!byWrite) scripts.set(store, (byWrite = new Map()));
  let script = byWrite.get(write);
  if (!script) byWrite.set(write, (script = store.createScript(limitScript(write))));
  return script;
}

/**
 * Counts one request of `client` and, within the limit, runs `write` in the same round trip; throws
 * HttpError 429 (with Retry-After) when over the limit, in which case nothing was written.
 */
export async function enforceLimit(policy: LimitPolicy, client: string, write: LimitedWrite = { lua: '', keys: [], args: [] }): Promise<void> {
  const left = await withStore((store) =>
    scriptFor(store, write.lua).exec(
      [`${policy.prefix}:${client}`, ...write.keys],
      [String(policy.windowSeconds * 1000), String(policy.requests), ...write.args.map(String)],
    ),
  );
  const waitMs = Number(left);
  if (!Number.isFinite(waitMs)) throw new Error(`the rate-limit script answered ${JSON.stringify(left)}`);
  if (waitMs > 0) {
    throw new HttpError(429, policy.message, {}, { 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) });
  }
}
