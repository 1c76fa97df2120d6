import { describe, expect, it } from 'vitest';
import { FIXTURE_ALL_OPEN, FIXTURE_FALL_CLOSES, FIXTURE_SPRING_CLOSES, fixtureLeague } from '../../../../tests/support/league-fixture';
import { holdsAt } from '../../../domain/calendar-spans';
import type { League } from './league';
import { registrationDisplay } from './registration-display';

const fall = fixtureLeague.sessions[0]!;
/** The fixture season and next fall, whose registration opens on August 1, 2026. */
const withNextFall: League = {
  ...fixtureLeague,
  sessions: [...fixtureLeague.sessions, { ...fall, id: 'fall-2026', name: 'Fall 2026 Session', startDate: '2026-09-28', endDate: '2026-11-18', opensAt: '2026-08-01T00:00:00-05:00' }],
};
const shown = (texts: ReadonlyArray<{ text: string; spans: Parameters<typeof holdsAt>[0] }>, at: Date) => texts.filter((entry) => holdsAt(entry.spans, at)).map((entry) => entry.text);

describe('what the league pages print about registration', () => {
  it('offers registering while a session is open, and says what opens next when none is', () => {
    const display = registrationDisplay(withNextFall);
    expect(holdsAt(display.open, FIXTURE_ALL_OPEN)).toBe(true);
    expect(shown(display.closed, FIXTURE_ALL_OPEN)).toEqual([]);

    const between = new Date('2026-05-01T12:00:00Z');
    expect(holdsAt(display.open, between)).toBe(false);
    expect(shown(display.closed, between)).toEqual(['Registration for the Fall 2026 Session opens Saturday, August 1, 2026.']);

    const after = new Date('2027-01-01T12:00:00Z');
    expect(shown(display.closed, after)).toEqual(['Registration for the next season opens soon.']);
    expect(display.closed.find((entry) => entry.soon)?.text).toBe('Registration for the next season opens soon.');
  });

  it('gives exactly one state at any moment', () => {
    const display = registrationDisplay(withNextFall);
    for (const at of [FIXTURE_ALL_OPEN, FIXTURE_FALL_CLOSES, FIXTURE_SPRING_CLOSES, new Date('2026-08-01T05:00:00Z'), new Date('2030-01-01T00:00:00Z')]) {
      expect(Number(holdsAt(display.open, at)) + shown(display.closed, at).length).toBe(1);
    }
  });

  it('prints each session’s own line: open until its closing, opens on its date, then closed', () => {
    const display = registrationDisplay(withNextFall);
    expect(shown(display.sessions['fall']!, FIXTURE_ALL_OPEN)).toEqual(['Registration open until the end of Monday, September 29, 2025']);
    expect(shown(display.sessions['fall']!, FIXTURE_FALL_CLOSES)).toEqual(['Registration closed']);
    expect(shown(display.sessions['fall-2026']!, FIXTURE_ALL_OPEN)).toEqual(['Registration opens Saturday, August 1, 2026']);
    expect(shown(display.sessions['fall-2026']!, new Date('2026-08-01T05:00:00Z'))).toEqual(['Registration open until the end of Monday, September 28, 2026']);
    const off = registrationDisplay({ ...fixtureLeague, sessions: [{ ...fall, open: false }] });
    expect(shown(off.sessions['fall']!, FIXTURE_ALL_OPEN)).toEqual(['Registration closed']);
    expect(holdsAt(off.open, FIXTURE_ALL_OPEN)).toBe(false);
  });
});
