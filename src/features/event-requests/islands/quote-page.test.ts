import { describe, expect, it } from 'vitest';
import type { CustomerQuote } from '../contract/event-quote';
import { quoteRows } from './quote-page';

const quote: CustomerQuote = {
  status: 'confirmed',
  name: 'Jamie Rivera',
  date: 'Friday, December 11, 2026',
  time: '18:00 – 21:00',
  spaces: 'Bay 6',
  guests: 12,
  lines: [{ kind: 'space', label: 'Bay 6 at the event rate, 18:00-21:00', amountCents: 22_500 }],
  totalCents: 22_500,
  depositCents: 11_250,
  depositPaidCents: 11_250,
  balancePaidCents: 0,
  refundedCents: 0,
  balanceDueCents: 11_250,
  terms: [],
  expires: null,
  payable: 'balance',
  notice: 'Your event is confirmed.',
};

describe('the customer’s quote page', () => {
  it('lists the quote, what was paid and what is due, leaving out what is zero', () => {
    expect(quoteRows(quote)).toEqual([
      ['Status', 'Confirmed'],
      ['Date', 'Friday, December 11, 2026'],
      ['Time', '18:00 – 21:00'],
      ['Spaces', 'Bay 6'],
      ['Guests', '12'],
      ['Bay 6 at the event rate, 18:00-21:00', '$225.00'],
      ['Total', '$225.00'],
      ['Deposit', '$112.50'],
      ['Deposit paid', '$112.50'],
      ['Balance due', '$112.50'],
    ]);
  });

  it('says until when a sent quote holds its spaces', () => {
    expect(quoteRows({ ...quote, status: 'sent', depositPaidCents: 0, balanceDueCents: 0, expires: 'Dec 4, 2026, 12:00 PM' }).slice(-1)).toEqual([['Held for you until', 'Dec 4, 2026, 12:00 PM']]);
  });
});
