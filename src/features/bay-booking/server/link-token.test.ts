import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../shared/server/request';
import { bookingToken, isBookingToken, seal, unseal } from './link-token';

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

  it('seal a value the server reads back as written, and nothing else: another scope, another secret, one changed character', () => {
    const env = { BOOKING_LINK_SECRET: 's'.repeat(40) };
    const value = { id, startsAt: '2026-12-04T00:00:00.000Z', memberId: 'cus_123' };
    const sealed = seal('move', value, env);
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('cus_123');
    expect(unseal('move', sealed, env)).toEqual(value);
    expect(seal('move', value, env)).not.toBe(sealed);
    expect(unseal('other', sealed, env)).toBeNull();
    expect(unseal('move', sealed, { BOOKING_LINK_SECRET: 't'.repeat(40) })).toBeNull();
    const flipped = `${sealed.slice(0, 20)}${sealed[20] === 'A' ? 'B' : 'A'}${sealed.slice(21)}`;
    expect(unseal('move', flipped, env)).toBeNull();
    expect(unseal('move', 'short', env)).toBeNull();
    expect(unseal('move', `${sealed}=`, env)).toBeNull();
  });
});
