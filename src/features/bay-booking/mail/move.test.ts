import { describe, expect, it } from 'vitest';
import { renderMessage } from '../../../shared/mail/render';
import { bookingToken } from '../server/link-token';
import type { BayMove, StoredBayBooking } from '../server/record';
import { bayMoveKey, bayMoveUpdate, heldMoveUpdates, moveMoneyFacts } from './move';

const id = '0b6c1c1e-3f0e-4c55-9d7a-8a3c4f2b1d00';
const move: BayMove = {
  at: '2026-12-01T15:00:00.000Z',
  by: 'guest',
  from: { date: '2026-12-04', start: '18:00', lengthMinutes: 60, bayId: 'bay-1' },
  to: { date: '2026-12-05', start: '19:00', lengthMinutes: 120, bayId: 'bay-2' },
  chargedCents: 4000,
  refundCents: 0,
  cardBackCents: 0,
  dueCents: 0,
};
const record: StoredBayBooking = {
  id,
  kind: 'online',
  status: 'confirmed',
  bayId: 'bay-2',
  date: '2026-12-05',
  start: '19:00',
  startsAt: '2026-12-06T01:00:00.000Z',
  endsAt: '2026-12-06T03:00:00.000Z',
  lengthMinutes: 120,
  partySize: 4,
  name: 'Robin Fairway',
  email: 'robin@example.com',
  phone: '608-555-0142',
  amountCents: 8000,
  includedMinutes: 0,
  refundedCents: 0,
  createdAt: '2026-11-20T12:00:00.000Z',
  holdUntil: 0,
  history: [move],
};
const now = new Date('2026-12-01T15:00:00Z');

describe('the update after a move', () => {
  it('tells the booking as it stands, where it was, what the move cost, and links the manage page; keyed by the move’s number', () => {
    const message = bayMoveUpdate(record, 'https://venue.example', now);
    expect(message).toMatchObject({ key: bayMoveKey(id, 1), to: ['robin@example.com'], subject: expect.stringMatching(/^Your bay booking is moved – /) });
    const { text } = renderMessage(message);
    expect(text).toContain('Hi Robin Fairway, your bay booking is moved.');
    expect(text).toContain('7:00 PM, 2 hours');
    expect(text).toContain('Bay 2');
    expect(text).toMatch(/Moved from\W+\w+, December 4, 2026, 6:00 PM, 1 hour, Bay 1/);
    expect(text).toContain('Paid for the move');
    expect(text).toContain('$40.00');
    expect(text).toContain(`https://venue.example/book/manage?booking=${id}&token=${bookingToken(id)}`);
  });

  it('carries the calendar file with the booking’s UID and the move’s SEQUENCE, at the new time', () => {
    const calendar = String(bayMoveUpdate(record, 'https://venue.example', now).attachments?.[0]?.content);
    expect(calendar).toContain(`UID:bay-booking-${id}@`);
    expect(calendar).toContain('SEQUENCE:1');
    expect(calendar).toContain('DTSTART;TZID=America/Chicago:20261205T190000');
    const twice = { ...record, history: [move, { ...move, at: '2026-12-02T15:00:00.000Z' }] };
    expect(bayMoveUpdate(twice, 'https://venue.example', now).key).toBe(bayMoveKey(id, 2));
    expect(String(bayMoveUpdate(twice, 'https://venue.example', now).attachments?.[0]?.content)).toContain('SEQUENCE:2');
  });

  it('says what happened to the money: paid, refunded, back on the gift card, due at the venue, or no change', () => {
    expect(moveMoneyFacts({ chargedCents: 0, refundCents: 2000, cardBackCents: 500, dueCents: 0 })).toEqual([
      { label: 'Refund', value: '$20.00 to your card' },
      { label: 'Back on your gift card', value: '$5.00' },
    ]);
    expect(moveMoneyFacts({ chargedCents: 0, refundCents: 0, cardBackCents: 0, dueCents: 1500 })).toEqual([{ label: 'Due at the venue', value: '$15.00' }]);
    expect(moveMoneyFacts({ chargedCents: 0, refundCents: 0, cardBackCents: 0, dueCents: 0 })).toEqual([{ label: 'Price', value: 'No change' }]);
  });

  it('rendered before the script picks the bay, gives the same message once its marks are filled', () => {
    const held = heldMoveUpdates([{ ...record, bayId: '' }], [move], 1, ['bay-1', 'bay-2'], 'https://venue.example', now);
    const fill = (text: string, fills: ReadonlyArray<readonly [string, string]>) => fills.reduce((filled, [mark, value]) => filled.split(mark).join(value), text);
    const filled = JSON.parse(fill(JSON.stringify(held.messages[0]), held.fills['bay-2']!)) as unknown;
    expect(filled).toEqual(JSON.parse(JSON.stringify(bayMoveUpdate(record, 'https://venue.example', now))));
  });
});
