import { describe, expect, it } from 'vitest';
import { EVENT_REQUEST_STATUSES, isEventRequestStatus, newInboxFields, withInboxFields } from './event-requests';

describe('event request inbox fields', () => {
  it('start new, without notes or history', () => {
    expect(newInboxFields()).toEqual({ status: 'new', notes: '', history: [] });
    expect(EVENT_REQUEST_STATUSES).toEqual(['new', 'contacted', 'confirmed', 'declined', 'archived']);
  });

  it('read a record stored before the inbox as new, keeping every field', () => {
    const old = { id: 'r1', firstName: 'Jamie', partySize: 24, submittedAt: '2025-10-01T10:00:00Z' };
    expect(withInboxFields(old)).toEqual({ ...old, status: 'new', notes: '', history: [] });
  });

  it('keep known values and drop what the inbox does not know', () => {
    const history = [{ at: '2026-01-02T10:00:00Z', status: 'contacted' }, { at: '2026-01-03T10:00:00Z', notesChanged: true }];
    expect(withInboxFields({ id: 'r2', status: 'contacted', notes: 'Called', history })).toEqual({ id: 'r2', status: 'contacted', notes: 'Called', history });
    // cjson writes an empty list as {}; a status nobody defined reads as new.
    expect(withInboxFields({ id: 'r3', status: 'lost', notes: 7, history: {} })).toEqual({ id: 'r3', status: 'new', notes: '', history: [] });
    expect(withInboxFields({ history: [null, 'x', { at: 1 }, { at: 'now', status: 'gone' }, { at: 'ok' }] }).history).toEqual([{ at: 'ok' }]);
    expect([isEventRequestStatus('archived'), isEventRequestStatus('Archived'), isEventRequestStatus(undefined)]).toEqual([true, false, false]);
  });
});
