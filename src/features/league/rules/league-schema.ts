import * as z from 'zod';

/**
 * The shape of the league's content (src/content/league.json): sessions, tee times, price and
 * capacity, and its types. Checked across fields by leagueSchema (league.ts).
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
  /** Whether the session takes registrations (staff switch it off when it is full): dates alone close it when it starts. */
  open: z.boolean(),
  /** Optional first moment to register, ISO date-time; unset: registration is open until the session closes. */
  opensAt: z.iso.datetime({ offset: true }).optional(),
  /** Optional last moment to register, ISO date-time, by the end of the last day; unset: the end of the first round day. */
  closesAt: z.iso.datetime({ offset: true }).optional(),
  featuredCourses: z.array(z.string().min(1)).length(8),
});

const choiceSchema = z.object({ id: z.string().regex(/^[a-z0-9]+$/), label: z.string().min(1) });

export const leagueShape = z.object({
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
export type League = z.infer<typeof leagueShape>;
