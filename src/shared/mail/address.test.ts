import { describe, expect, it } from 'vitest';
import { addressList, headerText, isPlainAddress } from './address';

describe('headerText', () => {
  it('turns CR/LF and other control characters into one space, so no header can be added', () => {
    expect(headerText('Jamie\r\nBcc: victim@example.com')).toBe('Jamie Bcc: victim@example.com');
    expect(headerText('A\u0000B\tC\u2028D')).toBe('A B C D');
    expect(headerText('  Party  ')).toBe('Party');
  });
});

describe('isPlainAddress', () => {
  it.each(['jamie@example.com', 'j.rivera+events@mail.example.co.uk', "o'neil@example.org"])('accepts %s', (address) => {
    expect(isPlainAddress(address)).toBe(true);
  });
  it.each([
    'jamie@example.com\r\nBcc: x@y.com',
    'Jamie <jamie@example.com>',
    'a@b.com, c@d.com',
    'jamie@localhost',
    'jamie@@example.com',
    '.jamie@example.com',
    'ja..mie@example.com',
    'jamie@-example.com',
    '"quoted"@example.com',
    `${'a'.repeat(65)}@example.com`,
    '',
  ])('refuses %j', (address) => {
    expect(isPlainAddress(address)).toBe(false);
  });
});

describe('addressList', () => {
  it('reads one or more addresses, drops malformed ones and repeats', () => {
    expect(addressList('staff@example.com, owner@example.com;staff@example.com bad@@x')).toEqual(['staff@example.com', 'owner@example.com']);
    expect(addressList(undefined)).toEqual([]);
  });
});
