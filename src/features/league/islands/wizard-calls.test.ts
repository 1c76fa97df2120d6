import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../../../tests/support/fake-fetch';
import { loadAvailability } from './wizard-calls';

const availability = { capacityPerTeeTime: 1, sessions: [{ id: 'winter', open: true, full: false, fullTeeTimes: ['monday-6pm'] }] };

describe('what the wizard asks the server', () => {
  it('full sessions and tee times, or nothing when the server does not answer', async () => {
    const fetcher = fakeFetch({ status: 200, body: availability });
    expect(await loadAvailability(fetcher)).toEqual({ type: 'availability', availability });
    expect(fetcher.calls).toEqual([{ url: '/api/league-availability', method: 'GET', body: undefined }]);
    expect(await loadAvailability(fakeFetch({ status: 500 }))).toBeNull();
    expect(await loadAvailability(fakeFetch('offline'))).toBeNull();
  });
});
