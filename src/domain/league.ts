import * as z from 'zod';

/**
 * League sessions, tee times, price and capacity (src/content/league.json). The league page renders
 * them, the wizard offers them, and the server charges from them.
 */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date like 2025-09-29');

export const leagueSessionSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  /** The session's entry in the staff list's session filter: "Fall (Sep-Nov)". */
  filterLabel: z.string().min(1),
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

export * from './league-rules';
