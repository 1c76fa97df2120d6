import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../../../tests/support/fake-fetch';
import { BAY_BOOKING_MESSAGES } from '../contract/form-texts';
import { BALANCE_TEXTS } from '../../gift-cards/contract/balance-texts';
import { groupCode, generateCode } from '../../gift-cards/rules/code';
import { contactProblems, firstContactError, placeHold, TAKEN_MESSAGE } from './booking-hold';
import type { HoldBody } from './booking-state';
import { CONNECTION_ERROR, LOAD_ERROR } from './texts';

const hold: HoldBody = { date: '2026-03-06', start: '18:00', lengthMinutes: 60, partySize: 2, bayType: 'standard', name: 'Val', email: 'val@example.com', phone: '6085550142' };

describe('checking the contact', () => {
  it('passes a complete contact', () => {
    expect(contactProblems(hold)).toBeNull();
  });

  it('answers the shared form messages of the contact fields only', () => {
    expect(contactProblems({ ...hold, name: ' ', email: 'val@', phone: '123' })).toEqual({ name: BAY_BOOKING_MESSAGES.name, email: BAY_BOOKING_MESSAGES.email, phone: BAY_BOOKING_MESSAGES.phone });
    expect(contactProblems({ ...hold, start: '18:15', phone: '' })).toEqual({ phone: BAY_BOOKING_MESSAGES.phone });
  });

  it('a gift card code is checked by its check character before it is sent; none or an empty one is no card', () => {
    const code = generateCode();
    const wrong = code.slice(0, -1) + (code.endsWith('2') ? '3' : '2');
    expect(contactProblems({ ...hold, giftCardCode: wrong })).toEqual({ giftCardCode: BALANCE_TEXTS.badCode });
    expect(contactProblems({ ...hold, giftCardCode: groupCode(code).toLowerCase() })).toBeNull();
    expect(contactProblems({ ...hold, giftCardCode: ' ' })).toBeNull();
    expect(firstContactError({ giftCardCode: BALANCE_TEXTS.badCode, form: 'x' })).toBe('giftCardCode');
  });

  it('the first contact field with an error, in the form’s order, takes the focus', () => {
    expect(firstContactError({ phone: BAY_BOOKING_MESSAGES.phone, email: BAY_BOOKING_MESSAGES.email })).toBe('email');
    expect(firstContactError({ form: 'Please check the form.' })).toBeUndefined();
  });
});

describe('holding the bay', () => {
  it('sends the hold and answers where to go next', async () => {
    const fetcher = fakeFetch({ status: 200, body: { url: 'https://checkout.example/cs_1', needsPayment: true, bookingId: 'b1' } });
    expect(await placeHold(hold, fetcher)).toEqual({ type: 'held', url: 'https://checkout.example/cs_1' });
    expect(fetcher.calls).toEqual([{ url: '/api/bay-hold', method: 'POST', body: hold }]);
  });

  it('a time taken meanwhile (409) is the taken event, in the server’s words when it gives them', async () => {
    expect(await placeHold(hold, fakeFetch({ status: 409, body: { error: 'Sorry, that time was just taken.' } }))).toEqual({ type: 'taken', message: 'Sorry, that time was just taken.' });
    expect(await placeHold(hold, fakeFetch({ status: 409 }))).toEqual({ type: 'taken', message: TAKEN_MESSAGE });
  });

  it('another refusal shows the server’s field errors of the contact and its message', async () => {
    const refusal = { error: 'Please check the form.', fields: { phone: 'Valid phone number is required', start: 'Please choose a start time' } };
    expect(await placeHold(hold, fakeFetch({ status: 400, body: refusal }))).toEqual({ type: 'refused', errors: { phone: 'Valid phone number is required', form: 'Please check the form.' } });
    expect(await placeHold(hold, fakeFetch({ status: 502 }))).toEqual({ type: 'refused', errors: { form: LOAD_ERROR } });
    const unknownCard = { error: BALANCE_TEXTS.unknown, fields: { giftCardCode: BALANCE_TEXTS.unknown } };
    expect(await placeHold(hold, fakeFetch({ status: 400, body: unknownCard }))).toEqual({ type: 'refused', errors: { giftCardCode: BALANCE_TEXTS.unknown, form: BALANCE_TEXTS.unknown } });
  });

  it('no connection asks the visitor to check it', async () => {
    expect(await placeHold(hold, fakeFetch('offline'))).toEqual({ type: 'refused', errors: { form: CONNECTION_ERROR } });
  });
});
