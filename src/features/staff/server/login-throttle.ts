/**
 * Failed admin logins are throttled per client IP and globally: fixed 15-minute windows counted in
 * Redis. Checking is one round trip (one pipeline for both counters) and recording a failure one
 * more, so a login costs at most two round trips. (The request limits of rate-limit.ts count every
 * request, not only failures, and one client per call; these two counters are simpler and cheaper.)
 */
import { HttpError } from '../../../shared/server/request';
import { withStore } from '../../../shared/server/store';

export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_IP = 5;
export const MAX_FAILURES_GLOBAL = 50;
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many failed attempts';

const ipKey = (ip: string) => `admin:login:fail:ip:${ip}`;
const GLOBAL_KEY = 'admin:login:fail:global';

/** A counter as Redis reports it: its count (null when unset) and its PTTL in milliseconds (negative without one). */
interface Counter {
  count: unknown;
  pttl: unknown;
}

/**
 * Milliseconds until login is allowed again for this IP: the longer wait of the IP's and the global
 * counter among those at their limit (a locked counter without an expiry waits a whole window), or 0
 * when neither is.
 */
function lockoutMs(ip: Counter, global: Counter): number {
  const wait = (counter: Counter, limit: number) => {
    if (Number(counter.count ?? 0) < limit) return 0;
    const ttl = Number(counter.pttl);
    return ttl > 0 ? ttl : LOGIN_WINDOW_SECONDS * 1000;
  };
  return Math.max(wait(ip, MAX_FAILURES_PER_IP), wait(global, MAX_FAILURES_GLOBAL));
}

/** Throws 429 with lockoutRemaining in whole minutes (at least 1) while `waitMs` (milliseconds) is above 0. */
function refuseDuring(waitMs: number): void {
  if (waitMs <= 0) return;
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  throw new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE, { lockoutRemaining: minutes }, { 'Retry-After': String(minutes * 60) });
}

/** Throws 429 with lockoutRemaining (minutes) when this IP or the site as a whole is locked out. */
export async function assertNotLockedOut(ip: string): Promise<void> {
  const [ipCount, ipTtl, globalCount, globalTtl] = await withStore((store) =>
    store.pipeline().get(ipKey(ip)).pttl(ipKey(ip)).get(GLOBAL_KEY).pttl(GLOBAL_KEY).exec(),
  );
  refuseDuring(lockoutMs({ count: ipCount, pttl: ipTtl }, { count: globalCount, pttl: globalTtl }));
}

/** Counts a failed login; throws 429 with lockoutRemaining (minutes) when this failure reaches a limit. */
export async function recordFailedLogin(ip: string): Promise<void> {
  const results = await withStore((store) =>
    store
      .multi()
      .set(ipKey(ip), 0, { nx: true, ex: LOGIN_WINDOW_SECONDS })
      .incr(ipKey(ip))
      .pttl(ipKey(ip))
      .set(GLOBAL_KEY, 0, { nx: true, ex: LOGIN_WINDOW_SECONDS })
      .incr(GLOBAL_KEY)
      .pttl(GLOBAL_KEY)
      .exec(),
  );
  const [, ipCount, ipTtl, , globalCount, globalTtl] = results as unknown[];
  refuseDuring(lockoutMs({ count: ipCount, pttl: ipTtl }, { count: globalCount, pttl: globalTtl }));
}

/** A successful login forgets this IP's failures (the global count runs out by itself). */
export async function clearFailedLogins(ip: string): Promise<void> {
  await withStore((store) => store.del(ipKey(ip)));
}
