import { describe, expect, it } from 'vitest';
import { registrationIds, statusFromSession } from './settle';

describe('statusFromSession', () => {
  it('reads the status from the session as it is now', () => {
    expect(statusFromSession({ status: 'complete', payment_status: 'paid' }, 'checkout.session.expired')).toBe('completed');
    expect(statusFromSession({ status: 'complete', payment_status: 'unpaid' }, 'checkout.session.completed')).toBe('pending');
    expect(statusFromSession({ status: 'complete', payment_status: 'unpaid' }, 'checkout.session.async_payment_failed')).toBe('failed');
    expect(statusFromSession({ status: 'expired', payment_status: 'unpaid' }, 'checkout.session.completed')).toBe('expired');
    expect(statusFromSession({ status: 'open', payment_status: 'unpaid' }, 'checkout.session.completed')).toBeNull();
  });
});

describe('registrationIds', () => {
  it('keeps only well-formed ids', () => {
    expect(registrationIds({ metadata: { registrationIds: 'a-1, b-2,,bad id,c;3' } })).toEqual(['a-1', 'b-2']);
    expect(registrationIds({ metadata: null })).toEqual([]);
  });
});
