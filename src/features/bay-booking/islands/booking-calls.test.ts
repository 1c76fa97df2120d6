import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../../../tests/support/fake-fetch';
import { lookUpTimes, releaseReturningHold } from './booking-calls';
import { LOAD_ERROR } from './texts';

const visit = { date: '2026-03-06', partySize: '4', length: '90' };

describe('looking up free times', () => {
  it('asks for the visit and answers the times found for that lookup', async () => {
    const fetcher = fakeFetch({ status: 200, body: { date: '2026-03-06', bayTypes: [] } });
    expect(await lookUpTimes(visit, 7, fetcher)).toEqual({ type: 'timesFound', lookup: 7, availability: { date: '2026-03-06', bayTypes: [] } });
    expect(fetcher.calls).toEqual([{ url: '/api/bay-availability/2026-03-06/90/4', method: 'GET', body: undefined }]);
  });

  it('a refused visit shows the server’s words; anything else the general message', async () => {
    expect(await lookUpTimes(visit, 2, fakeFetch({ status: 400, body: { error: 'Bookings open 60 days ahead.' } }))).toEqual({ type: 'timesFailed', lookup: 2, message: 'Bookings open 60 days ahead.' });
    expect(await lookUpTimes(visit, 2, fakeFetch({ status: 400, body: 'Bad Request' }))).toEqual({ type: 'timesFailed', lookup: 2, message: LOAD_ERROR });
    expect(await lookUpTimes(visit, 2, fakeFetch({ status: 500, body: { error: 'internal' } }))).toEqual({ type: 'timesFailed', lookup: 2, message: LOAD_ERROR });
    expect(await lookUpTimes(visit, 2, fakeFetch('offline'))).toEqual({ type: 'timesFailed', lookup: 2, message: LOAD_ERROR });
  });
});

describe('back from Checkout without paying', () => {
  it('gives back the hold the query names, once, and asks nothing without one; a failed call does not stop the page', async () => {
    const fetcher = fakeFetch({ status: 200, body: {} });
    expect(await releaseReturningHold('?booking=abc&token=t0k', fetcher)).toBe(true);
    expect(fetcher.calls).toEqual([{ url: '/api/bay-booking/abc/t0k/release', method: 'POST', body: undefined }]);
    const none = fakeFetch({ status: 200, body: {} });
    expect(await releaseReturningHold('', none)).toBe(false);
    expect(none.calls).toEqual([]);
    expect(await releaseReturningHold('?booking=abc&token=t0k', fakeFetch('offline'))).toBe(true);
  });
});
