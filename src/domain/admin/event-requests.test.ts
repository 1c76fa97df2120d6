import { describe, expect, it } from 'vitest';
import { formatEventDate, newestFirst, telHref } from './event-requests';

describe('event requests', () => {
  it('lists the newest first, invalid times last', () => {
    const list = [{ submittedAt: '2025-10-01T10:00:00Z' }, { submittedAt: 'nope' }, { submittedAt: '2025-10-03T10:00:00Z' }];
    expect(newestFirst(list).map((item) => item.submittedAt)).toEqual(['2025-10-03T10:00:00Z', '2025-10-01T10:00:00Z', 'nope']);
  });

  it('prints calendar dates without shifting the day, and phone links', () => {
    expect(formatEventDate('2025-12-05')).toBe('Friday, December 5, 2025');
    expect(formatEventDate('next week')).toBe('next week');
    expect(telHref('(608) 555-0100')).toBe('tel:6085550100');
  });
});
