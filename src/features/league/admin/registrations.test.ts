import { describe, expect, it } from 'vitest';
import { adminRegistration } from '../../../../tests/support/registrations';
import { fixtureLeague as league } from '../../../../tests/support/league-fixture';
import { leagueSchema } from '../rules/league';
import { registrationsCsv } from './registrations-csv';
import { countLine, DELETE_ALL_CONFIRMATION, emptyState, filterRegistrations, paymentBadge, sessionFilters, sessionName, teamInfoText, type SessionInfo } from './registrations';

const sessions: SessionInfo[] = league.sessions;

/** The league of league.json with a fourth session, as staff would add one to the file. */
const withSummer = leagueSchema.parse({
  ...league,
  sessions: [...league.sessions, { ...league.sessions[0]!, id: 'summer', name: 'Summer Session', filterLabel: 'Summer (Jun-Aug)' }],
});

describe('session filter', () => {
  it('offers All, then each league session under its label from league.json', () => {
    expect(sessionFilters(sessions).map((option) => option.label)).toEqual(['All', 'Fall (Sep-Nov)', 'Winter (Dec-Feb)', 'Spring (Feb-Apr)']);
    expect(sessionFilters(sessions).map((option) => option.id)).toEqual(['all', 'fall', 'winter', 'spring']);
  });

  it('keeps the registrations of the chosen session, or all of them', () => {
    const list = [adminRegistration({ id: 'a', sessionId: 'fall' }), adminRegistration({ id: 'b', sessionId: 'winter' }), adminRegistration({ id: 'c', sessionId: 'spring' })];
    expect(filterRegistrations(list, 'all').map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(filterRegistrations(list, 'fall').map((item) => item.id)).toEqual(['a']);
    expect(filterRegistrations(list, 'winter').map((item) => item.id)).toEqual(['b']);
    expect(filterRegistrations(list, 'spring').map((item) => item.id)).toEqual(['c']);
  });

  it('shows the total, and the count of all while filtered', () => {
    expect(countLine(4, 4, 'all')).toBe('Total: 4 registrations');
    expect(countLine(1, 4, 'fall')).toBe('Total: 1 registration (4 across all sessions)');
  });

  it('has the general empty state for All and a per-session one naming the filter label', () => {
    expect(emptyState('all', sessions)).toEqual({ title: 'No registrations found', text: 'No league registrations have been submitted yet.' });
    expect(emptyState('winter', sessions)).toEqual({ title: 'No registrations found', text: 'No registrations for the Winter (Dec-Feb) session yet.' });
  });

  it('takes a session added to league.json into the filter, the counts and the CSV with no change to the code', () => {
    expect(sessionFilters(withSummer.sessions).map((option) => option.label)).toEqual(['All', 'Fall (Sep-Nov)', 'Winter (Dec-Feb)', 'Spring (Feb-Apr)', 'Summer (Jun-Aug)']);
    const list = [adminRegistration({ id: 'a', sessionId: 'fall' }), adminRegistration({ id: 'b', sessionId: 'summer', teamName: 'Sunny Side' })];
    const summer = filterRegistrations(list, 'summer');
    expect(summer.map((item) => item.id)).toEqual(['b']);
    expect(countLine(summer.length, list.length, 'summer')).toBe('Total: 1 registration (2 across all sessions)');
    expect(emptyState('summer', withSummer.sessions).text).toBe('No registrations for the Summer (Jun-Aug) session yet.');
    expect(registrationsCsv(summer, withSummer.sessions, (id) => id).split('\r\n')[1]).toContain('Sunny Side,Summer Session,');
  });
});

describe('entries', () => {
  it('badges completed and pending, and treats anything else as failed', () => {
    expect(paymentBadge('completed')).toEqual({ label: 'Completed', tone: 'green' });
    expect(paymentBadge('pending')).toEqual({ label: 'Pending', tone: 'yellow' });
    expect(paymentBadge('failed')).toEqual({ label: 'Failed', tone: 'red' });
    expect(paymentBadge('expired')).toEqual({ label: 'Failed', tone: 'red' });
  });

  it('names sessions, and an id the league no longer lists as it is', () => {
    expect(sessionName('winter', sessions)).toBe('Winter Session');
    expect(sessionName('gone', sessions)).toBe('gone');
  });

  it('copies the whole team as text', () => {
    const text = teamInfoText(adminRegistration(), sessions, (id) => (id === 'monday-6pm' ? 'Monday 6:00 PM' : id));
    expect(text).toBe(
      [
        'Team: Birdie Bros',
        'Session: Fall Session',
        'Tee Time: Monday 6:00 PM',
        'Player 1: Ann Able — ann@example.com, 608-555-0101',
        'Player 2: Ben Baker — ben@example.com, 608-555-0102',
        'Amount: $700.00 (Completed)',
        'Registered: Oct 2, 2025, 6:30 PM',
      ].join('\n'),
    );
    expect(teamInfoText(adminRegistration({ teamName: ' ' }), sessions, (id) => id)).toMatch(/^Team: No team name\n/);
  });

  it('asks before deleting all with the product’s words', () => {
    expect(DELETE_ALL_CONFIRMATION(12)).toBe('Are you sure you want to delete all 12 league registrations? This action cannot be undone.');
  });
});
