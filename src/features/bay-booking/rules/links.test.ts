import { describe, expect, it } from 'vitest';
import { bookingLinkOf, bookingManageUrl, bookingSuccessUrl } from './links';

describe('bay booking page links', () => {
  it('the pages read back the booking id and token the server wrote, encoded', () => {
    const url = bookingSuccessUrl('https://golf.example', 'bk_1', 'a+b/c');
    expect(url).toBe('https://golf.example/book/success?booking=bk_1&token=a%2Bb%2Fc');
    expect(bookingLinkOf(new URL(url).search)).toEqual({ id: 'bk_1', token: 'a+b/c' });
    expect(bookingLinkOf(new URL(bookingManageUrl('https://golf.example', 'x', 'y')).search)).toEqual({ id: 'x', token: 'y' });
  });

  it('names no booking without both parts', () => {
    expect(bookingLinkOf('?booking=bk_1')).toBeNull();
    expect(bookingLinkOf('?token=t')).toBeNull();
    expect(bookingLinkOf('')).toBeNull();
  });
});
