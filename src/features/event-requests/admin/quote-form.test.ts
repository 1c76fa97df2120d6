import { describe, expect, it } from 'vitest';
import { localInstant } from '../../bay-booking/rules/local-time';
import { quoteConfig } from '../quote-catalogue';
import { priceQuote } from '../rules/quote';
import type { StoredQuote } from '../quote-record';
import { centsOf, clockOf, draftOf, initialQuoteForm } from './quote-form';

const request = { eventDate: '2026-12-11', startTime: '6:00 PM', endTime: '9:30 PM', partySize: 24 };

describe('the quote form', () => {
  it('starts from what the customer asked for', () => {
    expect(initialQuoteForm(request, null)).toMatchObject({ date: '2026-12-11', start: '18:00', end: '21:30', guests: '24', spaces: [], extras: [] });
  });

  it('reads times and dollars as staff and the request form write them', () => {
    expect([clockOf('12 PM'), clockOf('12:30 AM'), clockOf('19:00'), clockOf('soon')]).toEqual(['12:00', '00:30', '19:00', '']);
    expect([centsOf('1,250.50'), centsOf('$90'), centsOf('-5'), centsOf('ten')]).toEqual([125_050, 9_000, -500, Number.NaN]);
  });

  it('sends a draft in cents, leaving out unchosen packages and empty lines, with a deposit override only when given', () => {
    const form = { ...initialQuoteForm(request, null), spaces: ['bunker'], packages: { 'tee-off': '20', clubhouse: '', 'front-nine': '0' }, extras: [{ label: 'DJ', amount: '250' }, { label: '', amount: '' }] };
    expect(draftOf(form)).toEqual({ date: '2026-12-11', start: '18:00', end: '21:30', spaces: ['bunker'], guests: 24, packages: [{ id: 'tee-off', guests: 20 }], extras: [{ label: 'DJ', amountCents: 25_000 }] });
    expect(draftOf({ ...form, depositAmount: '300', depositReason: 'Regular' }).depositOverride).toEqual({ amountCents: 30_000, reason: 'Regular' });
  });

  it('starts a new version from the current quote’s choices', () => {
    const draft = { date: '2026-12-11', start: '18:00', end: '21:00', spaces: ['bunker'], guests: 18, packages: [{ id: 'tee-off', guests: 18 }], extras: [{ label: 'Cake', amountCents: 4_550 }] };
    const { quote } = priceQuote(quoteConfig, draft, localInstant('2026-12-01', 12 * 60));
    const stored = { quote: quote! } as StoredQuote;
    const form = initialQuoteForm(request, stored);
    expect(form).toMatchObject({ spaces: ['bunker'], guests: '18', packages: { 'tee-off': '18' }, extras: [{ label: 'Cake', amount: '45.5' }], depositAmount: '' });
    expect(draftOf(form)).toEqual(draft);
  });
});
