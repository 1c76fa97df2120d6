import { describe, expect, it } from 'vitest';
import { greetingNames, prizeMessage } from './prize';
import type { GiftCardRecord } from '../server/record';

describe('the prize message', () => {
  const card: GiftCardRecord = {
    id: '6f1c1c53-0000-4000-8000-000000000002',
    checkoutSessionId: 'prize:league:winter@2026-12-07:1:closest-to-pin',
    paymentIntent: null,
    amountCents: 2500,
    purchaser: { name: 'Venue', email: '' },
    recipient: { name: 'Ann', email: 'ann@example.com' },
    toSelf: false,
    message: 'Closest to Pin, week 1 of the Winter Session (Team 02: 4 ft 2 in)',
    deliverOn: '2026-12-08',
    issuedAt: '2026-12-08T18:00:00.000Z',
    codeHash: 'x',
    codeHint: 'NPQ5',
    codeVersion: 1,
  };

  it('goes to every winner once, holds the code and what it was won for, and is deleted once sent', () => {
    const message = prizeMessage(card, 'ABCDEFGHJKLMNPQ5', [card.recipient, { name: 'Bo', email: 'bo@example.com' }, { name: 'Ann again', email: 'ann@example.com' }]);
    expect(message.to).toEqual(['ann@example.com', 'bo@example.com']);
    expect(message.secret).toBe(true);
    expect(message.key).toBe(`gift-card:${card.id}:1`);
    const text = JSON.stringify(message);
    for (const part of ['ABCD-EFGH-JKLM-NPQ5', 'Closest to Pin, week 1', '$25.00']) expect(text).toContain(part);
  });

  it('greets the winners by name', () => {
    expect(greetingNames(['Ann'])).toBe('Ann');
    expect(greetingNames(['Ann', 'Bo'])).toBe('Ann and Bo');
    expect(greetingNames(['Ann', 'Bo', 'Cy'])).toBe('Ann, Bo and Cy');
    expect(greetingNames([])).toBe('there');
  });
});
