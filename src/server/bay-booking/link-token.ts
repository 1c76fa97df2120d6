/**
 * The signed token of a booking's links: HMAC-SHA256 of the booking id under BOOKING_LINK_SECRET,
 * so only the guest who received the link can view or cancel it. Deployed sites need the secret
 * (503 without it); local runs sign with a fixed development key.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isProduction } from '../env';
import { HttpError } from '../request';

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

export function bookingToken(id: string, env: NodeJS.ProcessEnv = process.env): string {
  return createHmac('sha256', linkKey(env)).update(`bay-booking:${id}`).digest('base64url').slice(0, 32);
}

export function isBookingToken(id: string, token: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const expected = Buffer.from(bookingToken(id, env));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
