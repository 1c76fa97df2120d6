import { describe, expect, it } from 'vitest';
import {
  countLine,
  DELETE_ALL_CONFIRMATION,
  emptyState,
  filterRegistrations,
  paymentBadge,
  seasonOf,
  sessionNames,
  splitContact,
  teamInfoText,
  type AdminRegistration,
  type SessionInfo,
} from './registrations';

const sessions: SessionInfo[] = [
  { id: 'fall', name: 'Fall Session', startDate: '2025-09-29' },
  { id: 'winter', name: 'Winter Session', startDate: '2025-12-01' },
  { id: 'spring', name: 'Spring Session', startDate: '2026-02-16' },
  { id: 'league-2026-a', name: 'Autumn 2026', startDate: '2026-10-05' },
  { id: 'league-2027-b', name: 'New Year 2027', startDate: '2027-01-04' },
  { id: 'league-2027-c', name: 'March 2027', startDate: '2027-03-01' },
  { id: 'summer', name: 'Summer', startDate: '2026-07-01' },
];

function registration(id: string, sessionIds: string[], extra: Partial<AdminRegistration> = {}): AdminRegistration {
  return {
    id,
    teamName: 'Birdie Bros',
    player1: 'Ann Able',
    player2: 'Ben Baker',
    player1Contact: 'ann@example.com | 608-555-0101',
    player2Contact: 'ben@example.com | 608-555-0102',
    teeTime: 'monday-6pm',
    sessions: sessionIds,
    amount: '70000',
    paymentStatus: 'completed',
    registeredAt: '2025-10-02T23:30:00.000Z',
    ...extra,
  };
}

describe('session filter', () => {
  it('tells the season from the session id, else from the month the session starts', () => {
    expect(seasonOf('fall', sessions)).toBe('fall');
    expect(seasonOf('winter', sessions)).toBe('winter');
    expect(seasonOf('spring', sessions)).toBe('spring');
    expect(seasonOf('Fall-2026', sessions)).toBe('fall');
    expect(seasonOf('league-2026-a', sessions)).toBe('fall');
    expect(seasonOf('league-2027-b', sessions)).toBe('winter');
    expect(seasonOf('league-2027-c', sessions)).toBe('spring');
    expect(seasonOf('summer', sessions)).toBeNull();
    expect(seasonOf('unknown', sessions)).toBeNull();
  });

  it('keeps the registrations of the chosen season, or all of them', () => {
    const list = [registration('a', ['fall']), registration('b', ['winter']), registration('c', ['spring']), registration('d', ['league-2026-a'])];
    expect(filterRegistrations(list, 'all', sessions).map((item) => item.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(filterRegistrations(list, 'fall', sessions).map((item) => item.id)).toEqual(['a', 'd']);
    expect(filterRegistrations(list, 'winter', sessions).map((item) => item.id)).toEqual(['b']);
    expect(filterRegistrations(list, 'spring', sessions).map((item) => item.id)).toEqual(['c']);
  });

  it('shows the total, and the count of all while filtered', () => {
    expect(countLine(4, 4, 'all')).toBe('Total: 4 registrations');
    expect(countLine(1, 4, 'fall')).toBe('Total: 1 registration (4 across all sessions)');
  });

  it('has the spec’s empty states', () => {
    expect(emptyState('all')).toEqual({ title: 'No registrations found', text: 'No league registrations have been submitted yet.' });
    expect(emptyState('winter')).toEqual({ title: 'No registrations found', text: 'No registrations for the Winter (Dec-Feb) session yet.' });
  });
});

describe('entries', () => {
  it('badges completed and pending, and treats anything else as failed', () => {
    expect(paymentBadge('completed')).toEqual({ label: 'Completed', tone: 'green' });
    expect(paymentBadge('pending')).toEqual({ label: 'Pending', tone: 'yellow' });
    expect(paymentBadge('failed')).toEqual({ label: 'Failed', tone: 'red' });
    expect(paymentBadge('expired')).toEqual({ label: 'Failed', tone: 'red' });
  });

  it('splits contacts and names sessions', () => {
    expect(splitContact('a@b.co | 6085550100')).toEqual({ email: 'a@b.co', phone: '6085550100' });
    expect(splitContact('a@b.co')).toEqual({ email: 'a@b.co', phone: '' });
    expect(sessionNames(['fall', 'winter', 'gone'], sessions)).toBe('Fall Session, Winter Session, gone');
  });

  it('copies the whole team as text', () => {
    const text = teamInfoText(registration('a', ['fall']), sessions, (id) => (id === 'monday-6pm' ? 'Monday 6:00 PM' : id));
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
    expect(teamInfoText(registration('b', ['fall'], { teamName: ' ' }), sessions, (id) => id)).toMatch(/^Team: No team name\n/);
  });

  it('asks before deleting all with the spec’s words', () => {
    expect(DELETE_ALL_CONFIRMATION(12)).toBe('Are you sure you want to delete all 12 league registrations? This action cannot be undone.');
  });
});
