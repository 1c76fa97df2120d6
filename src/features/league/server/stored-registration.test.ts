import { describe, expect, it } from 'vitest';
import { legacyRecord, storedRegistration } from '../../../../tests/support/registrations';
import { toAdminRegistration } from './admin-view';
import { readStoredRegistration } from './stored-registration';

describe('stored registrations', () => {
  it('read back as written', () => {
    const record = storedRegistration();
    expect(readStoredRegistration(JSON.parse(JSON.stringify(record)))).toEqual(record);
  });

  it('read a legacy record as the same registration: its session, each player’s e-mail and phone, the amount in cents', () => {
    const record = storedRegistration({ sessionId: 'spring', teamName: 'Old Guard' });
    expect(readStoredRegistration(legacyRecord(record))).toEqual(record);
    expect(readStoredRegistration({ ...legacyRecord(record), player2Contact: 'ben@example.com', amount: 'n/a' })).toMatchObject({
      players: [record.players[0], { name: 'Ben Baker', email: 'ben@example.com', phone: '' }],
      amountCents: 0,
    });
  });

  it('refuse what is not a registration', () => {
    for (const value of [null, 'text', 42, {}, { id: 'x' }, { id: 'x', sessionId: 'fall', players: [] }]) expect(readStoredRegistration(value)).toBeNull();
  });

  it('list for staff with the product fields derived from the record', () => {
    expect(toAdminRegistration(storedRegistration(), 'pending', 'cs_test_1')).toEqual({
      id: 'reg-1',
      teamName: 'Birdie Bros',
      player1: 'Ann Able',
      player2: 'Ben Baker',
      player1Contact: 'ann@example.com | 608-555-0101',
      player2Contact: 'ben@example.com | 608-555-0102',
      teeTime: 'monday-6pm',
      sessions: ['fall'],
      amount: '70000',
      paymentStatus: 'pending',
      registeredAt: '2025-10-02T23:30:00.000Z',
      sessionId: 'fall',
      players: storedRegistration().players,
      amountCents: 70000,
      checkoutSessionId: 'cs_test_1',
    });
  });
});
