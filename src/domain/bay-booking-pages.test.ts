import { describe, expect, it } from 'vitest';
import { BOOKING_MANAGE_PATH, BOOKING_SUCCESS_PATH, bookingLinkOf, bookingPageUrl } from './bay-booking-pages';

describe('bay booking page links', () => {
  it('round-trips the booking id and token through the query, encoded', () => {
    const url = bookingPageUrl('https://golf.example', BOOKING_SUCCESS_PATH, { id: 'bk_1', token: 'a+b/c' });
    expect(url).toBe('https://golf.example/book/success?booking=bk_1&token=a%2Bb%2Fc');
    expect(bookingLinkOf(new URL(url).search)).toEqual({ id: 'bk_1', token: 'a+b/c' });
    expect(bookingPageUrl('', BOOKING_MANAGE_PATH, { id: 'x', token: 'y' })).toBe('/book/manage?booking=x&token=y');
  });

  it('names no booking without both parts', () => {
    expect(bookingLinkOf('?booking=bk_1')).toBeNull();
    expect(bookingLinkOf('?token=t')).toBeNull();
    expect(bookingLinkOf('')).toBeNull();
  });
});
