/**
 * The league registrations list of /admin/registrations as pure functions: the session filter (All,
 * then each league session under the filter label league.json gives it), counts, empty states,
 * payment badges and the team info staff copy.
 */
import type { AdminRegistration } from '../contract/admin-league-registrations';
import type { LeagueSession } from '../rules/league';
import { formatCents } from '../../../domain/money';
import { formatDateTime, plural } from '../../../domain/dates';
import type { Tone } from '../../memberships/admin/members';
import type { Option } from '../../staff/islands/options';

export type { AdminRegistration };

/** The league's sessions as the staff pages need them (src/content/league.json). */
export type SessionInfo = Pick<LeagueSession, 'id' | 'name' | 'filterLabel'>;

/** The filter value that shows every registration. */
export const ALL_SESSIONS = 'all';

/** 'All', then one option per league session in the league's order. */
export function sessionFilters(sessions: readonly SessionInfo[]): Option[] {
  return [{ id: ALL_SESSIONS, label: 'All' }, ...sessions.map((session) => ({ id: session.id, label: session.filterLabel }))];
}

/** The registrations of one session (by id), or all of them. */
export function filterRegistrations<T extends Pick<AdminRegistration, 'sessionId'>>(registrations: readonly T[], filter: string): T[] {
  return filter === ALL_SESSIONS ? [...registrations] : registrations.filter((registration) => registration.sessionId === filter);
}

/** The total shown, and the count of all registrations while a filter is active. */
export function countLine(shown: number, all: number, filter: string): string {
  const total = `Total: ${plural(shown, 'registration')}`;
  return filter === ALL_SESSIONS ? total : `${total} (${all} across all sessions)`;
}

export const NO_REGISTRATIONS_TITLE = 'No registrations found';
export const NO_REGISTRATIONS_TEXT = 'No league registrations have been submitted yet.';

/** The empty list: the general message for All, one naming the session's filter label otherwise. */
export function emptyState(filter: string, sessions: readonly SessionInfo[]): { title: string; text: string } {
  const session = sessions.find((candidate) => candidate.id === filter);
  if (!session) return { title: NO_REGISTRATIONS_TITLE, text: NO_REGISTRATIONS_TEXT };
  return { title: NO_REGISTRATIONS_TITLE, text: `No registrations for the ${session.filterLabel} session yet.` };
}

/** completed and pending as such; anything else is treated as failed. */
export function paymentBadge(status: string): { label: string; tone: Tone } {
  if (status === 'completed') return { label: 'Completed', tone: 'green' };
  if (status === 'pending') return { label: 'Pending', tone: 'yellow' };
  return { label: 'Failed', tone: 'red' };
}

/** A session id as its name: 'Fall Session' (an id the league does not list, as it is). */
export function sessionName(id: string, sessions: readonly SessionInfo[]): string {
  return sessions.find((session) => session.id === id)?.name ?? id;
}

export const DELETE_ALL_CONFIRMATION = (count: number) =>
  `Are you sure you want to delete all ${count} league registrations? This action cannot be undone.`;

export const DELETE_TOASTS = {
  deleted: 'Registration deleted',
  deleteFailed: 'Failed to delete registration.',
  allDeleted: 'All registrations deleted',
  allDeleteFailed: 'Failed to delete all registrations.',
} as const;

/** The text 'Copy Team Info' puts on the clipboard: everything staff need to reach the team. */
export function teamInfoText(registration: AdminRegistration, sessions: readonly SessionInfo[], teeTimeLabel: (id: string) => string): string {
  const player = (number: 1 | 2) => {
    const { name, email, phone } = registration.players[number - 1]!;
    return `Player ${number}: ${name} — ${email}${phone ? `, ${phone}` : ''}`;
  };
  return [
    `Team: ${registration.teamName.trim() || 'No team name'}`,
    `Session: ${sessionName(registration.sessionId, sessions)}`,
    `Tee Time: ${teeTimeLabel(registration.teeTime)}`,
    player(1),
    player(2),
    `Amount: ${formatCents(registration.amountCents)} (${paymentBadge(registration.paymentStatus).label})`,
    `Registered: ${formatDateTime(registration.registeredAt)}`,
  ].join('\n');
}
