/**
 * The signed token of a booking's links: HMAC-SHA256 of the booking id under BOOKING_LINK_SECRET,
 * so only the guest who received the link can view or cancel it; and sealed values (AES-256-GCM under
 * a key derived from the same secret), which the server hands out and later trusts as it wrote them. Deployed sites need the secret
 * (503 without it); local runs sign with a fixed development key.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isProduction } from '../../../shared/server/env';
import { HttpError } from '../../../shared/server/request';

const LOCAL_KEY = 'local-bay-booking-link-secret';

export const BOOKING_UNCONFIGURED_MESSAGE = 'Online booking is not available right now. Please call us to book.';

function linkKey(env: NodeJS.ProcessEnv): string {
  const secret = env['BOOKING_LINK_SECRET']?.trim();
  if (secret) {
    if (secret.length < 32) return unconfigured('BOOKING_LINK_SECRET must be at least 32 characters.');
    return secret;
  }
  if (isProduction(env)) return unconfigured('BOOKING_LINK_SECRET is not set.');
  return LOCAL_KEY;
}

function unconfigured(detail: string): never {
  console.error('[bay-booking]', detail);
  throw new HttpError(503, BOOKING_UNCONFIGURED_MESSAGE);
}

/** The token of `id`'s links for `scope` (one secret, each feature its own scope): 32 characters of base64url. */
export function signedToken(scope: string, id: string, env: NodeJS.ProcessEnv = process.env): string {
  return createHmac('sha256', linkKey(env)).update(`${scope}:${id}`).digest('base64url').slice(0, 32);
}

/** Whether `token` is `id`'s token for `scope`, compared in constant time. */
export function isSignedToken(scope: string, id: string, token: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const expected = Buffer.from(signedToken(scope, id, env));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const bookingToken = (id: string, env: NodeJS.ProcessEnv = process.env) => signedToken('bay-booking', id, env);
export const isBookingToken = (id: string, token: string, env: NodeJS.ProcessEnv = process.env) => isSignedToken('bay-booking', id, token, env);

const sealKeys = new Map<string, Buffer>();

/** The key of `scope`'s sealed values, derived once per secret. */
function sealKey(scope: string, env: NodeJS.ProcessEnv): Buffer {
  const name = `${linkKey(env)}:seal:${scope}`;
  let key = sealKeys.get(name);
  if (!key) {
    key = createHash('sha256').update(name).digest();
    sealKeys.set(name, key);
  }
  return key;
}

/** `value` as JSON, encrypted and authenticated for `scope`: base64url of nonce, tag and ciphertext. */
export function seal(scope: string, value: unknown, env: NodeJS.ProcessEnv = process.env): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(scope, env), nonce);
  const text = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), text]).toString('base64url');
}

/** The value `seal` wrote for `scope`, or null for anything else (altered, foreign, malformed). */
export function unseal(scope: string, sealed: string, env: NodeJS.ProcessEnv = process.env): unknown {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < 29 || bytes.toString('base64url') !== sealed) return null;
  const key = sealKey(scope, env);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')) as unknown;
  } catch {
    return null;
  }
}
