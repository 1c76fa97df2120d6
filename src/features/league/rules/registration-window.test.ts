import { describe, expect, it } from 'vitest';
import { FIXTURE_ALL_OPEN, FIXTURE_FALL_CLOSES, FIXTURE_SPRING_CLOSES, fixtureLeague } from '../../../../tests/support/league-fixture';
import { leagueSchema, type League } from './league';
import { whenText } from '../../../domain/calendar-spans';
import { closingPhrase, closingTime, openingPhrase, firstRoundDay, leagueSummary, registrationState, registrationTimeline, registrationWindow, sessionWindows, takesRegistrations } from './registration-window';

const fall = fixtureLeague.sessions[0]!;
const withSessions = (sessions: League['sessions']): League => ({ ...fixtureLeague, sessions });
const minus = (date: Date, ms = 1) => new Date(date.getTime() - ms);

describe('a session’s registration window', () => {
  it('closes at the end of the first round day in Verona, daylight saving time included', () => {
    expect(firstRoundDay(fixtureLeague, fall)).toBe('2025-09-29');
    // Monday, September 29, 2025 ends at midnight CDT (UTC-5).
    expect(closingTime(fixtureLeague, fall).toISOString()).toBe(FIXTURE_FALL_CLOSES.toISOString());
    // Winter's first Monday, December 1, ends at midnight CST (UTC-6).
    expect(closingTime(fixtureLeague, fixtureLeague.sessions[1]!).toISOString()).toBe('2025-12-02T06:00:00.000Z');
    expect(takesRegistrations(fixtureLeague, fall, minus(FIXTURE_FALL_CLOSES))).toBe(true);
    expect(takesRegistrations(fixtureLeague, fall, FIXTURE_FALL_CLOSES)).toBe(false);
  });

  it('finds the first tee day on or after the start when the session starts on another day', () => {
    const wednesdays = { ...fixtureLeague, teeTimes: { ...fixtureLeague.teeTimes, days: [{ id: 'wednesday', label: 'Wednesday' }] } };
    expect(firstRoundDay(wednesdays, fall)).toBe('2025-10-01');
    expect(closingTime(wednesdays, fall).toISOString()).toBe('2025-10-02T05:00:00.000Z');
  });

  it('takes the content’s closing time, at the latest the end of the last day', () => {
    expect(closingTime(fixtureLeague, { ...fall, closesAt: '2025-10-06T23:00:00-05:00' }).toISOString()).toBe('2025-10-07T04:00:00.000Z');
    // Never after the session's end, even for content that was not checked (the schema refuses it).
    expect(closingTime(fixtureLeague, { ...fall, closesAt: '2026-01-01T00:00:00Z' }).toISOString()).toBe('2025-11-20T06:00:00.000Z');
  });

  it('opens at opensAt and obeys the staff switch', () => {
    const later = { ...fall, opensAt: '2025-09-20T00:00:00-05:00' };
    expect(registrationWindow(fixtureLeague, later)).toEqual({ open: true, opensAt: '2025-09-20T05:00:00.000Z', closesAt: FIXTURE_FALL_CLOSES.toISOString() });
    expect(takesRegistrations(fixtureLeague, later, new Date('2025-09-20T04:59:59Z'))).toBe(false);
    expect(takesRegistrations(fixtureLeague, later, new Date('2025-09-20T05:00:00Z'))).toBe(true);
    expect(takesRegistrations(fixtureLeague, { ...fall, open: false }, FIXTURE_ALL_OPEN)).toBe(false);
  });

  it('hands the islands each session with its window, nothing else', () => {
    const summary = leagueSummary(fixtureLeague);
    expect(summary.sessions[0]).toEqual({ id: 'fall', name: 'Fall Session', dates: 'Sep 29 - Nov 19, 2025', practiceDates: 'Sept 29 - Oct 1', open: true, opensAt: null, closesAt: FIXTURE_FALL_CLOSES.toISOString() });
  });
});

describe('the league’s registration state', () => {
  it('is open while any session is, and says what opens next when none is', () => {
    const sessions = sessionWindows(fixtureLeague);
    expect(registrationState(sessions, FIXTURE_ALL_OPEN)).toEqual({ kind: 'open', sessionIds: ['fall', 'winter', 'spring'] });
    expect(registrationState(sessions, FIXTURE_FALL_CLOSES)).toEqual({ kind: 'open', sessionIds: ['winter', 'spring'] });
    expect(registrationState(sessions, FIXTURE_SPRING_CLOSES)).toEqual({ kind: 'soon' });

    const nextSeason = sessionWindows(withSessions([...fixtureLeague.sessions, { ...fall, id: 'fall-2026', startDate: '2026-09-28', endDate: '2026-11-18', opensAt: '2026-08-01T00:00:00-05:00' }]));
    expect(registrationState(nextSeason, FIXTURE_SPRING_CLOSES)).toEqual({ kind: 'opens', sessionId: 'fall-2026', opensAt: '2026-08-01T05:00:00.000Z' });
    expect(registrationState(nextSeason, new Date('2026-08-01T05:00:00Z'))).toEqual({ kind: 'open', sessionIds: ['fall-2026'] });
  });

  it('lays out every state over time, each stretch once, for a static page to pick from at the visitor’s clock', () => {
    const nextSeason = sessionWindows(withSessions([fall, { ...fall, id: 'fall-2026', startDate: '2026-09-28', endDate: '2026-11-18', opensAt: '2026-08-01T00:00:00-05:00' }]));
    const timeline = registrationTimeline(nextSeason);
    expect(timeline.map((span) => [whenText([span]), span.state.kind])).toEqual([
      [`/${FIXTURE_FALL_CLOSES.toISOString()}`, 'open'],
      [`${FIXTURE_FALL_CLOSES.toISOString()}/2026-08-01T05:00:00.000Z`, 'opens'],
      ['2026-08-01T05:00:00.000Z/2026-09-29T05:00:00.000Z', 'open'],
      ['2026-09-29T05:00:00.000Z/', 'soon'],
    ]);
    // Every instant falls in exactly one stretch, and its state is the one read at that instant.
    for (const at of [FIXTURE_ALL_OPEN, FIXTURE_FALL_CLOSES, new Date('2026-08-01T04:00:00Z'), new Date('2027-01-01T00:00:00Z')]) {
      const holding = timeline.filter((span) => (span.from === null || Date.parse(span.from) <= at.getTime()) && (span.until === null || at.getTime() < Date.parse(span.until)));
      expect(holding).toHaveLength(1);
      expect(holding[0]!.state).toEqual(registrationState(nextSeason, at));
    }
  });

  it('is one stretch of "soon" for a league whose sessions are all switched off', () => {
    expect(registrationTimeline(sessionWindows(withSessions(fixtureLeague.sessions.map((session) => ({ ...session, open: false })))))).toEqual([{ from: null, until: null, state: { kind: 'soon' } }]);
  });
});

describe('league content with bad dates', () => {
  const parse = (change: Partial<League['sessions'][number]>) => leagueSchema.safeParse(withSessions([{ ...fall, ...change }]));
  const messages = (result: ReturnType<typeof parse>) => (result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));

  it('refuses a closing time after the session’s last day, naming the field', () => {
    expect(messages(parse({ closesAt: '2025-11-20T06:00:01Z' }))).toEqual([`sessions.0.closesAt: is after the session's last day (2025-11-19): registration must close by the end of that day`]);
    expect(parse({ closesAt: '2025-11-20T06:00:00Z' }).success).toBe(true);
  });

  it('refuses an opening at or after the closing, and a last day before the first', () => {
    expect(messages(parse({ opensAt: '2025-09-30T05:00:00Z' }))).toEqual([`sessions.0.opensAt: is not before registration closes (2025-09-30T05:00:00.000Z)`]);
    expect(messages(parse({ endDate: '2025-09-01' }))[0]).toBe('sessions.0.endDate: is before the first day (2025-09-29)');
  });
});

describe('how a window reads', () => {
  it('names the last day of a closing at midnight, else the day and time, in the venue’s zone', () => {
    expect(closingPhrase(FIXTURE_FALL_CLOSES.toISOString())).toBe('until the end of Monday, September 29, 2025');
    expect(closingPhrase('2025-12-02T06:00:00.000Z')).toBe('until the end of Monday, December 1, 2025');
    expect(closingPhrase('2025-10-07T04:00:00.000Z')).toBe('until Monday, October 6, 2025, 11:00 PM');
    expect(openingPhrase('2026-08-01T05:00:00.000Z')).toBe('Saturday, August 1, 2026');
    expect(openingPhrase('2026-08-01T14:30:00.000Z')).toBe('Saturday, August 1, 2026, 9:30 AM');
  });
});
