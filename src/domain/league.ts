import { z } from 'zod';

/**
 * League sessions, tee times, price and capacity (src/content/league.json). The league page renders
 * them, the wizard offers them, and the server charges from them.
 */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date like 2025-09-29');

export const leagueSessionSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  /** As printed: "Sep 29 - Nov 19, 2025". */
  dates: z.string().min(1),
  startDate: isoDate,
  endDate: isoDate,
  practiceDates: z.string().min(1),
  weeks: z.number().int().positive(),
  /** Whether the session takes registrations (staff switch it off when it is full or over). */
  open: z.boolean(),
  /** Optional last moment to register, ISO date-time; unset means no closing date. */
  closesAt: z.iso.datetime({ offset: true }).optional(),
  featuredCourses: z.array(z.string().min(1)).length(8),
});

const choiceSchema = z.object({ id: z.string().regex(/^[a-z0-9]+$/), label: z.string().min(1) });

export const leagueSchema = z.object({
  currency: z.string().length(3),
  /** Dollars per team per session. */
  pricePerTeamPerSession: z.number().int().positive(),
  pricePerPerson: z.number().int().positive(),
  teamSize: z.number().int().positive(),
  teamFormat: z.string().min(1),
  sessions: z.array(leagueSessionSchema).min(1),
  teeTimes: z.object({
    days: z.array(choiceSchema).min(1),
    slots: z.array(choiceSchema).min(1),
    /** Teams per tee time and session; unset means unlimited. */
    capacityPerTeeTime: z.number().int().positive().optional(),
  }),
});

export type LeagueSession = z.infer<typeof leagueSessionSchema>;
export type League = z.infer<typeof leagueSchema>;

export function findSession(league: League, id: string): LeagueSession | undefined {
  return league.sessions.find((session) => session.id === id);
}

/** Whether a session takes registrations at this moment (open flag and optional closing date). */
export function isSessionOpen(session: LeagueSession, now: Date): boolean {
  if (!session.open) return false;
  return session.closesAt === undefined || now.getTime() < Date.parse(session.closesAt);
}

/** Tee-time id as stored: "monday-6pm". */
export function teeTimeId(day: string, slot: string): string {
  return `${day}-${slot}`;
}

/** "Monday 6:00 PM" for "monday-6pm"; the id itself when it is not one of the league's tee times. */
export function teeTimeLabel(league: League, id: string): string {
  const [dayId, slotId] = id.split('-');
  const day = league.teeTimes.days.find((candidate) => candidate.id === dayId);
  const slot = league.teeTimes.slots.find((candidate) => candidate.id === slotId);
  return day && slot ? `${day.label} ${slot.label}` : id;
}

/** Total in dollars for a number of sessions: sessions × price per team per session. */
export function registrationTotal(league: League, sessionCount: number): number {
  return sessionCount * league.pricePerTeamPerSession;
}
