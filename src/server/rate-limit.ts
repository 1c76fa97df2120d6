/**
 * Per-client request limits (@upstash/ratelimit on the shared store; one round trip per check).
 * A store failure is not waved through: it surfaces as StoreUnavailableError (503).
 */
import { Ratelimit } from '@upstash/ratelimit';
import { readEventBookingRateLimit } from './env';
import { HttpError } from './request';
import { getStore, withStore, type Store } from './store';

type Duration = Parameters<typeof Ratelimit.fixedWindow>[1];

export interface LimitPolicy {
  /** Key prefix, e.g. 'ratelimit:event-booking'. */
  prefix: string;
  requests: number;
  window: Duration;
  /** The 429 message. */
  message: string;
}

/** Booking requests per IP: 10 per 10 minutes (EVENT_BOOKING_RATE_LIMIT overrides the count). */
export function eventBookingLimit(env: NodeJS.ProcessEnv = process.env): LimitPolicy {
  return {
    prefix: 'ratelimit:event-booking',
    requests: readEventBookingRateLimit(env),
    window: '10 m',
    message: 'Too many booking requests from your connection. Please wait a few minutes or call us directly.',
  };
}

export const PORTAL_EMAIL_LIMIT: LimitPolicy = {
  prefix: 'ratelimit:portal-email',
  requests: 5,
  window: '1 m',
  message: 'Too many attempts. Please wait a minute and try again.',
};

const limiters = new WeakMap<Store, Map<string, Ratelimit>>();

function limiterFor(store: Store, policy: LimitPolicy): Ratelimit {
  let byPolicy = limiters.get(store);
  if (!byPolicy) limiters.set(store, (byPolicy = new Map()));
  const key = `${policy.prefix}|${policy.requests}|${policy.window}`;
  let limiter = byPolicy.get(key);
  if (!limiter) {
    limiter = new Ratelimit({
      redis: store,
      limiter: Ratelimit.fixedWindow(policy.requests, policy.window),
      prefix: policy.prefix,
      analytics: false,
      // No in-memory shortcut: every instance must see the same counts, and tests reset the store.
      ephemeralCache: false,
      // Never let requests through because the store is slow: a failure answers 503.
      timeout: 0,
    });
    byPolicy.set(key, limiter);
  }
  return limiter;
}

/** Counts one request of `identifier`; throws HttpError 429 (with Retry-After) when over the limit. */
export async function enforceLimit(policy: LimitPolicy, identifier: string): Promise<void> {
  const store = getStore();
  const result = await withStore(() => limiterFor(store, policy).limit(identifier));
  if (!result.success) {
    const retryAfter = Math.max(1, Math.ceil((result.reset - Date.now()) / 1000));
    throw new HttpError(429, policy.message, {}, { 'Retry-After': String(retryAfter) });
  }
}
