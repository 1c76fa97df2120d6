/**
 * CSV export of the registrations shown (RFC 4180: comma separated, CRLF line ends, fields with a
 * comma, quote or line break quoted, quotes doubled), safe to open in a spreadsheet: a text cell
 * starting with =, +, -, @, a tab or a carriage return gets a leading apostrophe so it is never run
 * as a formula (OWASP CSV injection guidance).
 */
import { formatCents } from '../money';
import { paymentBadge, sessionName, type AdminRegistration, type SessionInfo } from './registrations';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, guarded and quoted as needed. Numbers are written as they are. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) || guarded !== guarded.trim() ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** Rows to CSV text, with a UTF-8 byte order mark so spreadsheet programs read accents right. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

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
