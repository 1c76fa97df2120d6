// League registrations for tests and benchmarks: a stored record in the shape the site writes, the
// same registration in the legacy shape (as a deployed store may still hold it), and as the staff
// list answers it.
import type { AdminRegistration, PaymentStatus } from '../../src/features/league/contract/admin-league-registrations';
import { toAdminRegistration } from '../../src/features/league/server/admin-view';
import type { StoredRegistration } from '../../src/features/league/server/stored-registration';

/** A registration of 'Birdie Bros' for the Fall session, Monday 6 PM, at $700. */
export function storedRegistration(overrides: Partial<StoredRegistration> = {}): StoredRegistration {
  return {
    id: 'reg-1',
    sessionId: 'fall',
    teamName: 'Birdie Bros',
    teeTime: 'monday-6pm',
    players: [
      { name: 'Ann Able', email: 'ann@example.com', phone: '608-555-0101' },
      { name: 'Ben Baker', email: 'ben@example.com', phone: '608-555-0102' },
    ],
    amountCents: 70000,
    registeredAt: '2025-10-02T23:30:00.000Z',
    ...overrides,
  };
}

/** The same registration as the legacy record shape stores it: one-element `sessions`, 'email | phone' contacts, the amount as text. */
export function legacyRecord(record: StoredRegistration = storedRegistration()): Record<string, unknown> {
  const [one, two] = record.players;
  return {
    id: record.id,
    teamName: record.teamName,
    player1: one.name,
    player2: two.name,
    player1Contact: `${one.email} | ${one.phone}`,
    player2Contact: `${two.email} | ${two.phone}`,
    teeTime: record.teeTime,
    sessions: [record.sessionId],
    amount: String(record.amountCents),
    registeredAt: record.registeredAt,
  };
}

/** A registration as the staff list answers it. */
export function adminRegistration(overrides: Partial<StoredRegistration> = {}, paymentStatus: PaymentStatus = 'completed'): AdminRegistration {
  return toAdminRegistration(storedRegistration(overrides), paymentStatus);
}
