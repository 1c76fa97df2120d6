/**
 * A league team's weekly tee time as calendar events (pure): one weekly event per session, from the
 * first tee day on or after the session's start, for the session's weeks, at the tee time's clock
 * time in the venue's zone.
 */
import type { League, LeagueSession } from './league';
import { firstWeekdayOnOrAfter, type WeeklyEvent } from '../../../shared/mail/ics';

/** How long a league round is booked for in the calendar. */
export const LEAGUE_ROUND_MINUTES = 120;

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** '6:00 PM' → '18:00'; null when it is not a clock time. */
export function clockTime(label: string): string | null {
  const match = /^(\d{1,2})(?::(\d{2}))?\s*([AP])\.?M\.?$/i.exec(label.trim());
  if (!match) return null;
  const hours = (Number(match[1]) % 12) + (match[3]!.toUpperCase() === 'P' ? 12 : 0);
  return `${String(hours).padStart(2, '0')}:${match[2] ?? '00'}`;
}

export interface TeeTimeSlot {
  /** 'monday' */
  dayId: string;
  /** '18:00' */
  time: string;
}

/** The day and clock time of a tee-time id ('monday-6pm'); null when the league has no such tee time. */
export function teeTimeSlot(league: Pick<League, 'teeTimes'>, teeTime: string): TeeTimeSlot | null {
  const [dayId, slotId] = teeTime.split('-');
  const day = league.teeTimes.days.find((candidate) => candidate.id === dayId);
  const slot = league.teeTimes.slots.find((candidate) => candidate.id === slotId);
  const time = slot ? clockTime(slot.label) : null;
  return day && time && WEEKDAYS.includes(day.id) ? { dayId: day.id, time } : null;
}

/** The first round of a session at a tee time: 'YYYY-MM-DD'. */
export function firstRoundDate(session: Pick<LeagueSession, 'startDate'>, slot: TeeTimeSlot): string {
  return firstWeekdayOnOrAfter(session.startDate, WEEKDAYS.indexOf(slot.dayId));
}

export function leagueEvent(
  session: Pick<LeagueSession, 'name' | 'startDate' | 'weeks'>,
  slot: TeeTimeSlot,
  details: { uid: string; summary: string; description: string; location: string },
): WeeklyEvent {
  return { ...details, firstDate: firstRoundDate(session, slot), startTime: slot.time, durationMinutes: LEAGUE_ROUND_MINUTES, count: session.weeks };
}
