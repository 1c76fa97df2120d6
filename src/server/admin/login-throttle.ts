/**
 * Failed admin logins are throttled per client IP and globally: fixed 15-minute windows counted in
 * Redis. Checking is one round trip (one pipeline for both counters) and recording a failure one
 * more, so a login costs at most two round trips. (The request limits of rate-limit.ts count every
 * request, not only failures, and one client per call; these two counters are simpler and cheaper.)
 */
import { HttpError } from '../request';
import { withStore } from '../store';

export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_IP = 5;
export const MAX_FAILURES_GLOBAL = 50;
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many failed attempts';

const ipKey = (ip: string) => `admin:login:fail:ip:${ip}`;
const GLOBAL_KEY = 'admin:login:fail:global';

function lockout(pttlMs: number): HttpError {
  const minutes = Math.max(1, Math.ceil(pttlMs / 60_000));
  return new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE, { lockoutRemaining: minutes }, { 'Retry-After': String(minutes * 60) });
}

/** Minutes left until a locked-out counter resets, given its count, limit and PTTL. */
function lockedFor(count: unknown, limit: number, pttl: unknown): number | null {
  const value = Number(count ?? 0);
  if (value < limit) return null;
  const ttl = Number(pttl);
  return ttl > 0 ? ttl : LOGIN_WINDOW_SECONDS * 1000;
}

/** Throws 429 with lockoutRemaining (minutes) when this IP or the site as a whole is locked out. */
export async function assertNotLockedOut(ip: string): Promise<void> {
  const [ipCount, ipTtl, globalCount, globalTtl] = await withStore((store) =>
    store.pipeline().get(ipKey(ip)).pttl(ipKey(ip)).get(GLOBAL_KEY).pttl(GLOBAL_KEY).exec(),
  );
  const waits = [lockedFor(ipCount, MAX_FAILURES_PER_IP, ipTtl), lockedFor(globalCount, MAX_FAILURES_GLOBAL, globalTtl)].filter(
    (wait): wait is number => wait !== null,
  );
  if (waits.length > 0) throw lockout(Math.max(...waits));
}

/** Counts a failed login; throws 429 when this failure reaches a limit. */
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
  const waits = [lockedFor(ipCount, MAX_FAILURES_PER_IP, ipTtl), lockedFor(globalCount, MAX_FAILURES_GLOBAL, globalTtl)].filter(
    (wait): wait is number => wait !== null,
  );
  if (waits.length > 0) throw lockout(Math.max(...waits));
}

/** A successful login forgets this IP's failures (the global count runs out by itself). */
export async function clearFailedLogins(ip: string): Promise<void> {
  await withStore((store) => store.del(ipKey(ip)));
}
