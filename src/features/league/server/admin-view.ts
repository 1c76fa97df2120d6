/**
 * League registrations as the staff see them: the one place the product's list fields (names,
 * 'email | phone' contacts, sessions as a list, the amount in cents as text) are derived from the
 * stored record, beside the record's own fields.
 */
import type { AdminRegistration, PaymentStatus, Player } from '../contract/admin-league-registrations';
import { readRegistrations, type ListedRegistration } from './registrations-store';
import type { StoredRegistration } from './stored-registration';

const contact = (player: Player) => `${player.email} | ${player.phone}`;

export function toAdminRegistration(record: StoredRegistration, paymentStatus: PaymentStatus, checkoutSessionId?: string): AdminRegistration {
  const [one, two] = record.players;
  return {
    id: record.id,
    teamName: record.teamName,
    player1: one.name,
    player2: two.name,
    player1Contact: contact(one),
    player2Contact: contact(two),
    teeTime: record.teeTime,
    sessions: record.sessionId ? [record.sessionId] : [],
    amount: String(record.amountCents),
    paymentStatus,
    registeredAt: record.registeredAt,
    sessionId: record.sessionId,
    players: [one, two],
    amountCents: record.amountCents,
    ...(checkoutSessionId ? { checkoutSessionId } : {}),
  };
}

/** Listed registrations as the staff list answers them. */
export function toAdminRegistrations(listed: readonly ListedRegistration[]): AdminRegistration[] {
  return listed.map(({ record, paymentStatus, checkoutSessionId }) => toAdminRegistration(record, paymentStatus, checkoutSessionId));
}

/** Every registration (or the newest `limit`), newest first, as the staff list answers them. */
export async function adminRegistrations(limit?: number): Promise<AdminRegistration[]> {
  return toAdminRegistrations(await readRegistrations(limit));
}
