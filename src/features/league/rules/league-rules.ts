/**
 * League rules as pure functions, free of zod so the registration wizard can ship them cheaply.
 * The data and its schema live in league.ts (src/content/league.json).
 */
import type { League, LeagueSession } from './league-schema';

export function findSession(league: League, id: string): LeagueSession | undefined {
  return league.sessions.find((session) => session.id === id);
}

/**
 * A session's registration window as instants (ISO), worked out from the content by
 * registration-window.ts; the browser reads it with no time-zone work.
 */
export interface RegistrationWindow {
  /** The staff's switch: off, the session takes no registrations whatever the dates. */
  open: boolean;
  /** From this instant; null: already. */
  opensAt: string | null;
  /** Until this instant (excluded). */
  closesAt: string;
}

/** Whether a session takes registrations at `now`: switched on, opened, not yet closed. */
export function isSessionOpen(window: RegistrationWindow, now: Date): boolean {
  const at = now.getTime();
  return window.open && (window.opensAt === null || Date.parse(window.opensAt) <= at) && at < Date.parse(window.closesAt);
}

/** Tee-time id as stored: "monday-6pm". */
export function teeTimeId(day: string, slot: string): string {
  return `${day}-${slot}`;
}

/** "Monday 6:00 PM" for "monday-6pm"; the id itself when it is not one of the league's tee times. */
export function teeTimeLabel(league: Pick<League, 'teeTimes'>, id: string): string {
  const [dayId, slotId] = id.split('-');
  const day = league.teeTimes.days.find((candidate) => candidate.id === dayId);
  const slot = league.teeTimes.slots.find((candidate) => candidate.id === slotId);
  return day && slot ? `${day.label} ${slot.label}` : id;
}

/** Total in dollars for a number of sessions: sessions × price per team per session. */
export function registrationTotal(league: Pick<League, 'pricePerTeamPerSession'>, sessionCount: number): number {
  return sessionCount * league.pricePerTeamPerSession;
}

/** What the league islands (wizard, success page) need of the league data, and nothing more: each session with its window (leagueSummary in registration-window.ts). */
export type LeagueSummary = Pick<League, 'pricePerTeamPerSession' | 'teeTimes'> & {
  sessions: Array<Pick<LeagueSession, 'id' | 'name' | 'dates' | 'practiceDates'> & RegistrationWindow>;
};
