import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../request';
import { bookingToken, isBookingToken } from './link-token';

const id = '3f2c1d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

describe('booking link tokens', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sign one booking: stable, different per booking and per secret, and checked in full', () => {
    const env = { BOOKING_LINK_SECRET: 's'.repeat(40) };
    const token = bookingToken(id, env);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(bookingToken(id, env)).toBe(token);
    expect(bookingToken(id.replace('3f', '4f'), env)).not.toBe(token);
    expect(bookingToken(id, { BOOKING_LINK_SECRET: 't'.repeat(40) })).not.toBe(token);
    expect(isBookingToken(id, token, env)).toBe(true);
    expect(isBookingToken(id, token.slice(0, -1), env)).toBe(false);
    expect(isBookingToken(id, `${token}x`, env)).toBe(false);
    expect(isBookingToken(id.replace('3f', '4f'), token, env)).toBe(false);
  });

  it('refuse to sign on a deployed site without a long enough secret (503), and use a development key locally', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const deployed = { SITE_ID: 'site' };
    expect(() => bookingToken(id, deployed)).toThrow(HttpError);
    expect(() => bookingToken(id, { ...deployed, BOOKING_LINK_SECRET: 'short' })).toThrow(expect.objectContaining({ status: 503 }));
    expect(bookingToken(id, {})).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});
