/**
 * When a league session takes registrations (pure): from its `opensAt` (unset: already) until its
 * closing time — content `closesAt`, else the end of its first round day in the venue's zone — and
 * never after the end of its last day; the `open` switch closes it at any time. The server enforces
 * these windows; the wizard, the league page and the availability answer read the same ones.
 */
import type { Span } from '../../../domain/calendar-spans';
import { addDays, venueDate, venueMidnight } from '../../../domain/venue-calendar';
import { formatClock } from '../../../domain/clock';
import { formatLongDate } from '../../../domain/page-content';
import type { League, LeagueSession } from './league-schema';
import { isSessionOpen, type LeagueSummary, type RegistrationWindow } from './league-rules';
import { firstWeekdayOnOrAfter } from '../../../shared/mail/ics';

export type { RegistrationWindow };

const WEEKDAY_IDS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The venue's midnight that ends `iso`. */
export const endOfVenueDay = (iso: string): Date => venueMidnight(addDays(iso, 1));

/** The first day on or after the session's start on which one of the league's tee days falls. */
export function firstRoundDay(league: Pick<League, 'teeTimes'>, session: Pick<LeagueSession, 'startDate'>): string {
  const days = league.teeTimes.days
    .map((day) => WEEKDAY_IDS.indexOf(day.id))
    .filter((index) => index >= 0)
    .map((index) => firstWeekdayOnOrAfter(session.startDate, index));
  return days.sort()[0] ?? session.startDate;
}

/** The instant a session stops taking registrations: its closesAt or the end of its first round day, at the latest the end of its last day. */
export function closingTime(league: Pick<League, 'teeTimes'>, session: Pick<LeagueSession, 'startDate' | 'endDate' | 'closesAt'>): Date {
  const chosen = session.closesAt ? new Date(session.closesAt) : endOfVenueDay(firstRoundDay(league, session));
  const end = endOfVenueDay(session.endDate);
  return chosen.getTime() < end.getTime() ? chosen : end;
}

export function registrationWindow(league: Pick<League, 'teeTimes'>, session: Pick<LeagueSession, 'open' | 'opensAt' | 'closesAt' | 'startDate' | 'endDate'>): RegistrationWindow {
  return {
    open: session.open,
    opensAt: session.opensAt ? new Date(session.opensAt).toISOString() : null,
    closesAt: closingTime(league, session).toISOString(),
  };
}

/** Whether a session of the league takes registrations at `now`. */
export function takesRegistrations(league: Pick<League, 'teeTimes'>, session: LeagueSession, now: Date): boolean {
  return isSessionOpen(registrationWindow(league, session), now);
}

/** Every session with its window, in league order. */
export function sessionWindows(league: Pick<League, 'teeTimes' | 'sessions'>): Array<Omit<LeagueSession, 'opensAt' | 'closesAt'> & RegistrationWindow> {
  return league.sessions.map((session) => ({ ...session, ...registrationWindow(league, session) }));
}

/** What the league islands (wizard, success page) need of the league data, and nothing more. */
export function leagueSummary(league: League): LeagueSummary {
  return {
    pricePerTeamPerSession: league.pricePerTeamPerSession,
    teeTimes: league.teeTimes,
    sessions: league.sessions.map((session) => ({
      id: session.id,
      name: session.name,
      dates: session.dates,
      practiceDates: session.practiceDates,
      ...registrationWindow(league, session),
    })),
  };
}

/** What the page and the wizard say when no session is open: the next opening, if content dates one. */
export type RegistrationState =
  | { kind: 'open'; sessionIds: string[] }
  /** Nothing open now; this session opens at `opensAt`. */
  | { kind: 'opens'; sessionId: string; opensAt: string }
  /** Nothing open and no opening dated: "opens soon". */
  | { kind: 'soon' };

/** The league's state at `now`, from its sessions' windows (in league order). */
export function registrationState(sessions: ReadonlyArray<{ id: string } & RegistrationWindow>, now: Date): RegistrationState {
  const open = sessions.filter((session) => isSessionOpen(session, now));
  if (open.length > 0) return { kind: 'open', sessionIds: open.map((session) => session.id) };
  const at = now.getTime();
  const next = sessions
    .filter((session) => session.open && session.opensAt !== null && Date.parse(session.opensAt) > at && Date.parse(session.opensAt) < Date.parse(session.closesAt))
    .sort((a, b) => Date.parse(a.opensAt!) - Date.parse(b.opensAt!))[0];
  return next ? { kind: 'opens', sessionId: next.id, opensAt: next.opensAt! } : { kind: 'soon' };
}

/** One stretch of time with one state. */
export interface StateSpan extends Span {
  state: RegistrationState;
}

const sameState = (a: RegistrationState, b: RegistrationState) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Every state the league passes through, as spans of time: the state only changes at an opening or
 * a closing, so it is read once per stretch between two of them. A static page prints each state's
 * text with the spans it holds for, and its script shows the one holding at the visitor's clock.
 */
export function registrationTimeline(sessions: ReadonlyArray<{ id: string } & RegistrationWindow>): StateSpan[] {
  const moments = [...new Set(sessions.filter((session) => session.open).flatMap((session) => [session.opensAt, session.closesAt]).filter((at): at is string => at !== null).map(Date.parse))].sort((a, b) => a - b);
  const bounds: Array<number | null> = [null, ...moments, null];
  const spans: StateSpan[] = [];
  for (let index = 0; index + 1 < bounds.length; index += 1) {
    const from = bounds[index]!;
    const until = bounds[index + 1]!;
    // Read the state inside the stretch: at its start, or just before its end when it has no start.
    const probe = from ?? (until === null ? 0 : until - 1);
    const state = registrationState(sessions, new Date(probe));
    const last = spans.at(-1);
    if (last && sameState(last.state, state)) last.until = until === null ? null : new Date(until).toISOString();
    else spans.push({ from: from === null ? null : new Date(from).toISOString(), until: until === null ? null : new Date(until).toISOString(), state });
  }
  return spans;
}

/**
 * When a window closes, as a person reads it in the venue's zone: "until the end of Monday,
 * September 29, 2025" for a closing at midnight (the last day is the one before it), else
 * "until Monday, September 29, 2025, 11:00 PM".
 */
export function closingPhrase(closesAt: string): string {
  const at = Date.parse(closesAt);
  const lastDay = venueDate(new Date(at - 1));
  if (venueMidnight(addDays(lastDay, 1)).getTime() === at) return `until the end of ${formatLongDate(lastDay)}`;
  const day = venueDate(new Date(at));
  const minutes = Math.round((at - venueMidnight(day).getTime()) / 60_000);
  return `until ${formatLongDate(day)}, ${formatClock(minutes, 'full')}`;
}

/** When a window opens: "Saturday, August 1, 2026" at a midnight, else with its time. */
export function openingPhrase(opensAt: string): string {
  const at = Date.parse(opensAt);
  const day = venueDate(new Date(at));
  const minutes = Math.round((at - venueMidnight(day).getTime()) / 60_000);
  return minutes === 0 ? formatLongDate(day) : `${formatLongDate(day)}, ${formatClock(minutes, 'full')}`;
}
