/**
 * A league registration as stored at league:reg:{id}: one team for one league session, each player
 * with their own e-mail and phone, the amount charged in cents. Payment status and the paying
 * Checkout session are kept beside it (registrations-store.ts), since they change.
 *
 * Records in the legacy shape (a one-element `sessions` list, players' names and 'email | phone'
 * contacts as separate strings, the amount in cents as text) read as the same record, so data a
 * deployed site holds in that shape is kept.
 */
import type { Player } from '../contract/admin-league-registrations';

export interface StoredRegistration {
  id: string;
  sessionId: string;
  teamName: string;
  /** Tee-time id: 'monday-6pm'. */
  teeTime: string;
  players: [Player, Player];
  amountCents: number;
  /** ISO timestamp. */
  registeredAt: string;
}

type Fields = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function isPlayer(value: unknown): value is Player {
  const player = value as Partial<Player> | null;
  return typeof player === 'object' && player !== null && typeof player.name === 'string' && typeof player.email === 'string' && typeof player.phone === 'string';
}

/** A legacy contact 'a@b.c | 6085550100' as its e-mail and phone. */
function legacyPlayer(name: unknown, contact: unknown): Player {
  const [email = '', ...phone] = text(contact).split('|');
  return { name: text(name), email: email.trim(), phone: phone.join('|').trim() };
}

function fromLegacy(record: Fields): StoredRegistration {
  const sessions = Array.isArray(record['sessions']) ? record['sessions'] : [];
  return {
    id: text(record['id']),
    sessionId: text(sessions[0]),
    teamName: text(record['teamName']),
    teeTime: text(record['teeTime']),
    players: [legacyPlayer(record['player1'], record['player1Contact']), legacyPlayer(record['player2'], record['player2Contact'])],
    amountCents: Number(record['amount']) || 0,
    registeredAt: text(record['registeredAt']),
  };
}

/** A record read back from the store, in either shape; null when it is not a registration. */
export function readStoredRegistration(value: unknown): StoredRegistration | null {
  if (typeof value !== 'object' || value === null || typeof (value as Fields)['id'] !== 'string') return null;
  const record = value as Fields;
  if (Array.isArray(record['sessions'])) return fromLegacy(record);
  const players = record['players'];
  if (typeof record['sessionId'] !== 'string' || !Array.isArray(players) || !isPlayer(players[0]) || !isPlayer(players[1])) return null;
  return {
    id: text(record['id']),
    sessionId: record['sessionId'],
    teamName: text(record['teamName']),
    teeTime: text(record['teeTime']),
    players: [players[0], players[1]],
    amountCents: Number(record['amountCents']) || 0,
    registeredAt: text(record['registeredAt']),
  };
}
