import { describe, expect, it } from 'vitest';
import type { EventRequest } from '../record';
import {
  describeChange,
  eventRequestsCsv,
  eventRequestsCsvFileName,
  filterEventRequests,
  inboxCountLine,
  isUpcoming,
  newestFirst,
  replyMailto,
  statusCounts,
  statusFilters,
  telHref,
  venueToday,
} from './event-requests';
import { SAMPLE_EVENT_REQUEST } from '../../../../tests/support/sample-requests';
import { newInboxFields } from '../rules/event-requests';

const request = (change: Partial<EventRequest>): EventRequest => ({
  ...SAMPLE_EVENT_REQUEST,
  id: 'req-1',
  additionalRequests: '',
  submittedAt: '2026-01-05T16:00:00.000Z',
  ...newInboxFields(),
  ...change,
});

describe('event requests', () => {
  it('lists the newest first, invalid times last', () => {
    const list = [{ submittedAt: '2025-10-01T10:00:00Z' }, { submittedAt: 'nope' }, { submittedAt: '2025-10-03T10:00:00Z' }];
    expect(newestFirst(list).map((item) => item.submittedAt)).toEqual(['2025-10-03T10:00:00Z', '2025-10-01T10:00:00Z', 'nope']);
  });

  it('prints phone links', () => {
    expect(telHref('(608) 555-0100')).toBe('tel:6085550100');
  });

  it('takes today at the venue (America/Chicago), not in UTC', () => {
    // 03:30 UTC on Nov 26 is still the evening of Nov 25 in Verona; DST days keep the local date.
    expect(venueToday(new Date('2026-11-26T03:30:00Z'))).toBe('2026-11-25');
    expect(venueToday(new Date('2026-11-26T06:30:00Z'))).toBe('2026-11-26');
    expect(venueToday(new Date('2026-03-08T07:30:00Z'))).toBe('2026-03-08');
    expect(venueToday(new Date('2026-11-01T05:30:00Z'))).toBe('2026-11-01');
  });

  it('counts today as upcoming, and dates it cannot read too', () => {
    expect(isUpcoming({ eventDate: '2026-11-25' }, '2026-11-25')).toBe(true);
    expect(isUpcoming({ eventDate: '2026-11-24' }, '2026-11-25')).toBe(false);
    expect(isUpcoming({ eventDate: 'next Friday' }, '2026-11-25')).toBe(true);
  });

  it('filters by status and by event date, keeping the order, and counts every status', () => {
    const list = [
      request({ id: 'a', status: 'new', eventDate: '2026-12-01' }),
      request({ id: 'b', status: 'contacted', eventDate: '2026-10-01' }),
      request({ id: 'c', status: 'new', eventDate: '2026-10-02' }),
      request({ id: 'd', status: 'archived', eventDate: '2027-01-01' }),
    ];
    const ids = (status: EventRequest['status'] | 'all', when: 'all' | 'upcoming' | 'past') => filterEventRequests(list, { status, when }, '2026-11-25').map((item) => item.id);
    expect(ids('all', 'all')).toEqual(['a', 'b', 'c', 'd']);
    expect(ids('new', 'all')).toEqual(['a', 'c']);
    expect(ids('all', 'upcoming')).toEqual(['a', 'd']);
    expect(ids('all', 'past')).toEqual(['b', 'c']);
    expect(ids('new', 'past')).toEqual(['c']);
    expect(ids('confirmed', 'all')).toEqual([]);
    const counts = statusCounts(list);
    expect(counts).toEqual({ new: 2, contacted: 1, confirmed: 0, declined: 0, archived: 1 });
    expect(statusFilters(counts).map((option) => option.label)).toEqual(['All (4)', 'New (2)', 'Contacted (1)', 'Confirmed (0)', 'Declined (0)', 'Archived (1)']);
    expect(statusFilters(counts).map((option) => option.id)).toEqual(['all', 'new', 'contacted', 'confirmed', 'declined', 'archived']);
    expect([inboxCountLine(4, 4), inboxCountLine(1, 4), inboxCountLine(1, 1)]).toEqual(['Total: 4 requests', 'Showing 1 of 4 requests', 'Total: 1 request']);
  });

  it('describes each change of the history', () => {
    expect(describeChange({ at: 'x', status: 'confirmed' })).toBe('Status: Confirmed');
    expect(describeChange({ at: 'x', status: 'declined', notesChanged: true })).toBe('Status: Declined; notes changed');
    expect(describeChange({ at: 'x', notesChanged: true })).toBe('notes changed');
  });

  it('prefills the reply e-mail with the subject and a greeting, every part encoded', () => {
    const href = replyMailto(request({ firstName: ' Zoë & Co ', email: 'zoe+events@example.com', eventDate: '2026-02-20' }), 'Verona Indoor Golf');
    expect(href).toBe(
      'mailto:zoe%2Bevents@example.com?subject=Your%20event%20request%20at%20Verona%20Indoor%20Golf%20on%20Friday%2C%20February%2020%2C%202026&body=Hi%20Zo%C3%AB%20%26%20Co%2C%0D%0A%0D%0A',
    );
    const url = new URL(href);
    expect(url.searchParams.get('subject')).toBe('Your event request at Verona Indoor Golf on Friday, February 20, 2026');
    expect(url.searchParams.get('body')).toBe('Hi Zoë & Co,\r\n\r\n');
  });

  it('exports the requests shown as CSV, through the one CSV writer', () => {
    const csv = eventRequestsCsv([request({ status: 'contacted', notes: 'Called, left a message', additionalRequests: '=cmd()' })]);
    const [header, row, end] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('Received At,Status,First Name,Last Name,Email,Phone,Occasion,Party Size,Event Date,Start Time,End Time,Additional Requests,Staff Notes,Request ID');
    expect(row).toBe(`2026-01-05T16:00:00.000Z,Contacted,Jamie,Rivera,jamie@example.com,608-555-0142,Company party,24,2026-02-20,6:00 PM,9:00 PM,'=cmd(),"Called, left a message",req-1`);
    expect(end).toBe('');
    expect(eventRequestsCsvFileName({ status: 'new', when: 'upcoming' }, new Date('2026-11-26T03:00:00Z'))).toBe('event-requests-new-upcoming-2026-11-25.csv');
  });
});
