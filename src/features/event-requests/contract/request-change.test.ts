import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../shared/contract/field-errors';
import { EVENT_REQUEST_CHANGE_MESSAGES as messages, eventRequestChangeSchema } from './request-change';

const errors = (body: unknown) => {
  const result = eventRequestChangeSchema.safeParse(body);
  return result.success ? null : fieldErrors(result.error);
};

describe('event request change', () => {
  it('takes a status, notes, or both', () => {
    expect(eventRequestChangeSchema.parse({ status: 'confirmed' })).toEqual({ status: 'confirmed' });
    expect(eventRequestChangeSchema.parse({ notes: '' })).toEqual({ notes: '' });
    expect(eventRequestChangeSchema.parse({ status: 'archived', notes: 'Booked elsewhere', other: 1 })).toEqual({ status: 'archived', notes: 'Booked elsewhere' });
  });

  it('refuses unknown statuses, long or non-text notes, and an empty change', () => {
    expect(messages.status).toBe('Choose a status: New, Contacted, Confirmed, Declined, Archived.');
    expect(errors({ status: 'done' })).toEqual({ status: messages.status });
    expect(errors({ status: 'New' })).toEqual({ status: messages.status });
    expect(errors({ notes: 'x'.repeat(2001) })).toEqual({ notes: 'Notes can be at most 2,000 characters.' });
    expect(errors({ notes: 5 })).toEqual({ notes: messages.notes });
    expect(errors({})).toEqual({ _form: messages.nothing });
    expect(errors({ status: null })).toEqual({ status: messages.status });
    expect(errors([])).not.toBeNull();
  });
});
