/** The CSV of the league registrations shown on /admin/registrations. */
import { formatCents } from '../../../domain/money';
import { toCsv } from '../../../domain/csv';
import { paymentBadge, sessionName, type AdminRegistration, type SessionInfo } from './registrations';

export const REGISTRATION_CSV_HEADER = [
  'Registered At',
  'Team Name',
  'Sessions',
  'Tee Time',
  'Player 1',
  'Player 1 Email',
  'Player 1 Phone',
  'Player 2',
  'Player 2 Email',
  'Player 2 Phone',
  'Amount',
  'Payment Status',
  'Registration ID',
] as const;

export function registrationsCsv(
  registrations: readonly AdminRegistration[],
  sessions: readonly SessionInfo[],
  teeTimeLabel: (id: string) => string,
): string {
  return toCsv([
    REGISTRATION_CSV_HEADER,
    ...registrations.map((registration) => {
      const [one, two] = registration.players;
      return [
        registration.registeredAt,
        registration.teamName,
        sessionName(registration.sessionId, sessions),
        teeTimeLabel(registration.teeTime),
        one.name,
        one.email,
        one.phone,
        two.name,
        two.email,
        two.phone,
        formatCents(registration.amountCents),
        paymentBadge(registration.paymentStatus).label,
        registration.id,
      ];
    }),
  ]);
}

/** "league-registrations-fall-2025-10-03.csv" (the date in UTC, from `now`). */
export function csvFileName(filter: string, now: Date): string {
  return `league-registrations-${filter}-${now.toISOString().slice(0, 10)}.csv`;
}
