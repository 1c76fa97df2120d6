/**
 * League rules as pure functions, free of zod so the registration wizard can ship them cheaply.
 * The data and its schema live in league.ts (src/content/league.json).
 */
import type { League, LeagueSession } from './league';

export function findSession(league: League, id: string): LeagueSession | undefined {
  return league.sessions.find((session) => session.id === id);
}

/** Whether a session takes registrations at this moment (open flag and optional closing date). */
export function isSessionOpen(session: Pick<LeagueSession, 'open' | 'closesAt'>, now: Date): boolean {
  if (!session.open) return false;
  return session.closesAt === undefined || now.getTime() < Date.parse(session.closesAt);
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

/** What the league islands (wizard, success page) need of the league data, and nothing more. */
export type LeagueSummary = Pick<League, 'pricePerTeamPerSession' | 'teeTimes'> & {
  sessions: Array<Pick<LeagueSession, 'id' | 'name' | 'dates' | 'practiceDates' | 'open' | 'closesAt'>>;
};

export function leagueSummary(league: League): LeagueSummary {
  return {
    pricePerTeamPerSession: league.pricePerTeamPerSession,
    teeTimes: league.teeTimes,
    sessions: league.sessions.map(({ id, name, dates, practiceDates, open, closesAt }) => ({ id, name, dates, practiceDates, open, closesAt })),
  };
}
