/**
 * The league registrations list of /admin/registrations as pure functions (spec sections 2, 3 and 8):
 * the session filter, counts, empty states, payment badges and the team info staff copy.
 */
import { formatCents } from '../money';
import { formatDateTime, plural } from './format';
import type { Tone } from './members';

/** A registration as GET /api/admin/league-registrations lists it (spec section 3). */
export interface AdminRegistration {
  id: string;
  teamName: string;
  player1: string;
  player2: string;
  /** 'email | phone' */
  player1Contact: string;
  player2Contact: string;
  /** Tee-time id: 'monday-6pm'. */
  teeTime: string;
  /** League session ids. */
  sessions: readonly string[];
  /** Amount in cents, as text. */
  amount: string;
  paymentStatus: string;
  /** ISO timestamp. */
  registeredAt: string;
}

/** The league's sessions as the page needs them: id, name and start date (YYYY-MM-DD). */
export interface SessionInfo {
  id: string;
  name: string;
  startDate: string;
}

export const SESSION_FILTERS = [
  { id: 'all', label: 'All' },
  { id: 'fall', label: 'Fall (Sep-Nov)' },
  { id: 'winter', label: 'Winter (Dec-Feb)' },
  { id: 'spring', label: 'Spring (Feb-Apr)' },
] as const;
export type SessionFilter = (typeof SESSION_FILTERS)[number]['id'];
export type Season = Exclude<SessionFilter, 'all'>;

export function isSessionFilter(value: string): value is SessionFilter {
  return SESSION_FILTERS.some((filter) => filter.id === value);
}

export function sessionFilterLabel(filter: SessionFilter): string {
  return SESSION_FILTERS.find((candidate) => candidate.id === filter)!.label;
}

/**
 * The season of a league session: its id when that is a season's name (fall, winter, spring, or an
 * id starting with one, such as fall-2026), else the month it starts: Sep-Nov fall, Dec-Jan winter,
 * Feb-Apr spring. Null when neither tells.
 */
export function seasonOf(sessionId: string, sessions: readonly SessionInfo[]): Season | null {
  const id = sessionId.trim().toLowerCase();
  for (const season of ['fall', 'winter', 'spring'] as const) {
    if (id === season || id.startsWith(`${season}-`) || id.startsWith(`${season} `)) return season;
  }
  const session = sessions.find((candidate) => candidate.id === sessionId);
  const month = session ? Number(session.startDate.slice(5, 7)) : NaN;
  if (month >= 9 && month <= 11) return 'fall';
  if (month === 12 || month === 1) return 'winter';
  if (month >= 2 && month <= 4) return 'spring';
  return null;
}

export function matchesSessionFilter(registration: Pick<AdminRegistration, 'sessions'>, filter: SessionFilter, sessions: readonly SessionInfo[]): boolean {
  if (filter === 'all') return true;
  return registration.sessions.some((id) => seasonOf(id, sessions) === filter);
}

export function filterRegistrations<T extends Pick<AdminRegistration, 'sessions'>>(
  registrations: readonly T[],
  filter: SessionFilter,
  sessions: readonly SessionInfo[],
): T[] {
  return registrations.filter((registration) => matchesSessionFilter(registration, filter, sessions));
}

/** Spec section 2: the total shown, and the count of all registrations while a filter is active. */
export function countLine(shown: number, all: number, filter: SessionFilter): string {
  const total = `Total: ${plural(shown, 'registration')}`;
  return filter === 'all' ? total : `${total} (${all} across all sessions)`;
}

export const NO_REGISTRATIONS_TITLE = 'No registrations found';
export const NO_REGISTRATIONS_TEXT = 'No league registrations have been submitted yet.';

/** Spec section 2's empty state: the general message for All, a per-session one otherwise. */
export function emptyState(filter: SessionFilter): { title: string; text: string } {
  if (filter === 'all') return { title: NO_REGISTRATIONS_TITLE, text: NO_REGISTRATIONS_TEXT };
  return { title: NO_REGISTRATIONS_TITLE, text: `No registrations for the ${sessionFilterLabel(filter)} session yet.` };
}

/** Spec section 3: completed and pending as such, anything else is treated as failed. */
export function paymentBadge(status: string): { label: string; tone: Tone } {
  if (status === 'completed') return { label: 'Completed', tone: 'green' };
  if (status === 'pending') return { label: 'Pending', tone: 'yellow' };
  return { label: 'Failed', tone: 'red' };
}

/** 'a@b.c | 6085550100' → { email, phone }. */
export function splitContact(contact: string): { email: string; phone: string } {
  const [email = '', ...rest] = contact.split('|');
  return { email: email.trim(), phone: rest.join('|').trim() };
}

/** Session ids as names: 'Fall Session, Winter Session' (unknown ids as they are). */
export function sessionNames(ids: readonly string[], sessions: readonly SessionInfo[]): string {
  return ids.map((id) => sessions.find((session) => session.id === id)?.name ?? id).join(', ');
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
  const one = splitContact(registration.player1Contact);
  const two = splitContact(registration.player2Contact);
  return [
    `Team: ${registration.teamName.trim() || 'No team name'}`,
    `Session: ${sessionNames(registration.sessions, sessions)}`,
    `Tee Time: ${teeTimeLabel(registration.teeTime)}`,
    `Player 1: ${registration.player1} — ${one.email}${one.phone ? `, ${one.phone}` : ''}`,
    `Player 2: ${registration.player2} — ${two.email}${two.phone ? `, ${two.phone}` : ''}`,
    `Amount: ${formatCents(Number(registration.amount))} (${paymentBadge(registration.paymentStatus).label})`,
    `Registered: ${formatDateTime(registration.registeredAt)}`,
  ].join('\n');
}
