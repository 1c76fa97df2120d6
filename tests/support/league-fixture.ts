// A fixture league catalogue for the tests: the 2025-26 season as the product was first specified (fall,
// winter and spring, 8 weeks each, $700 per team), so tests read fixed dates with an injected clock and
// never depend on the shipped content or on today's date.
import { leagueSchema, type League } from '../../src/features/league/rules/league';

const courses = (prefix: string) => Array.from({ length: 8 }, (_, index) => `${prefix} Course ${index + 1}`);

export const fixtureLeague: League = leagueSchema.parse({
  currency: 'usd',
  pricePerTeamPerSession: 700,
  pricePerPerson: 350,
  teamSize: 2,
  teamFormat: '2-Person Team',
  sessions: [
    { id: 'fall', name: 'Fall Session', filterLabel: 'Fall (Sep-Nov)', dates: 'Sep 29 - Nov 19, 2025', startDate: '2025-09-29', endDate: '2025-11-19', practiceDates: 'Sept 29 - Oct 1', weeks: 8, open: true, featuredCourses: courses('Fall') },
    { id: 'winter', name: 'Winter Session', filterLabel: 'Winter (Dec-Feb)', dates: 'Dec 1, 2025 - Feb 4, 2026', startDate: '2025-12-01', endDate: '2026-02-04', practiceDates: 'Dec 1-3', weeks: 8, open: true, featuredCourses: courses('Winter') },
    { id: 'spring', name: 'Spring Session', filterLabel: 'Spring (Feb-Apr)', dates: 'Feb 16 - Apr 8, 2026', startDate: '2026-02-16', endDate: '2026-04-08', practiceDates: 'Feb 16-18', weeks: 8, open: true, featuredCourses: courses('Spring') },
  ],
  teeTimes: {
    days: [
      { id: 'monday', label: 'Monday' },
      { id: 'tuesday', label: 'Tuesday' },
      { id: 'wednesday', label: 'Wednesday' },
    ],
    slots: [
      { id: '6pm', label: '6:00 PM' },
      { id: '8pm', label: '8:00 PM' },
    ],
  },
});

/** Mid-September 2025 in Verona: every fixture session takes registrations. */
export const FIXTURE_ALL_OPEN = new Date('2025-09-15T17:00:00Z');
/** The fall session's first round day (Monday, September 29, 2025) ends at this instant (midnight CDT). */
export const FIXTURE_FALL_CLOSES = new Date('2025-09-30T05:00:00Z');
/** Spring's first round day (Monday, February 16, 2026) ends at midnight CST: nothing opens after it. */
export const FIXTURE_SPRING_CLOSES = new Date('2026-02-17T06:00:00Z');
