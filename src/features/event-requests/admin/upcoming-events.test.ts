import { describe, expect, it } from 'vitest';
import type { StoredQuote } from '../quote-record';
import { upcomingEvents } from './upcoming-events';

const NOW = Date.parse('2026-12-01T18:00:00Z');
const quote = (id: string, status: StoredQuote['status'], startsAt: number, holdUntil = 0) =>
  ({ id, status, holdUntil, name: id, quote: { date: '2026-12-11', start: '18:00', end: '21:00', startsAt, endsAt: startsAt + 3 * 3_600_000, guests: 40, spaces: ['bay-1'], headcountDue: '2026-12-04' } }) as StoredQuote;

describe('the dashboard’s upcoming events', () => {
  it('lists confirmed events and live tentative holds still to come, soonest first, with the headcount deadline', () => {
    const list = upcomingEvents(
      [quote('later', 'confirmed', NOW + 9e8), quote('held', 'sent', NOW + 5e8, NOW + 1), quote('lapsed', 'sent', NOW + 5e8, NOW), quote('past', 'confirmed', NOW - 4 * 3_600_000), quote('gone', 'cancelled', NOW + 5e8), quote('soon', 'confirmed', NOW + 1e8)],
      NOW,
    );
    expect(list.map((event) => [event.id, event.tentative])).toEqual([['soon', false], ['held', true], ['later', false]]);
    expect(list[0]).toMatchObject({ headcountDue: '2026-12-04', guests: 40 });
  });
});
