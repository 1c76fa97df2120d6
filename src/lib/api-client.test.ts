import { describe, expect, it, vi } from 'vitest';
import { deleteRegistration } from '../features/league/contract/admin-league-registrations';
import { adminLogout } from '../features/staff/contract/admin-auth-logout';
import { checkoutLookup } from '../shared/contract/checkout-session';
import { endpoint } from '../shared/contract/endpoint';
import { registerTeam } from '../features/league/contract/league-registration-multi';
import { sampleLeagueEntry } from '../../tests/support/sample-requests';
import { ApiError, callApi } from './api-client';

function fakeFetch(response: Response) {
  return vi.fn(async (_url: string, _init: RequestInit) => response);
}

describe('api client', () => {
  it('sends JSON with its content type only when there is a body, always with credentials', async () => {
    const fetcher = fakeFetch(new Response('{"checkoutUrl":"https://x"}', { status: 200 }));
    const body = { sessionRegistrations: [sampleLeagueEntry('fall', 'client')] };
    await expect(callApi(registerTeam, { body, fetcher })).resolves.toEqual({ checkoutUrl: 'https://x' });
    expect(fetcher).toHaveBeenCalledWith('/api/league-registration-multi', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

    const bare = fakeFetch(new Response(null, { status: 200 }));
    await expect(callApi(adminLogout, { fetcher: bare })).resolves.toBeUndefined();
    expect(bare).toHaveBeenCalledWith('/api/admin/auth/logout', { method: 'POST', credentials: 'include' });
  });

  it('fills the path parameters, each encoded as one segment', async () => {
    const fetcher = fakeFetch(new Response('{"customer":"cus_1"}'));
    await callApi(checkoutLookup, { params: { sessionId: 'cs_test_1' }, fetcher });
    expect(fetcher.mock.calls[0]?.[0]).toBe('/api/checkout-session/cs_test_1');
    const removal = fakeFetch(new Response('{"ok":true}'));
    await callApi(deleteRegistration, { params: { id: 'a/b c' }, fetcher: removal });
    expect(removal.mock.calls[0]?.[0]).toBe('/api/admin/league-registrations/a%2Fb%20c');
    expect(removal.mock.calls[0]?.[1]).toMatchObject({ method: 'DELETE' });
  });

  it('raises "<status>: <body>" on a non-OK answer, or the status text when the body is empty', async () => {
    const withBody = fakeFetch(new Response('{"error":"Nope"}', { status: 404, statusText: 'Not Found' }));
    const error = await callApi(deleteRegistration, { params: { id: 'x' }, fetcher: withBody }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: {"error":"Nope"}');
    expect((error as ApiError).serverMessage).toBe('Nope');

    const empty = fakeFetch(new Response(null, { status: 500, statusText: 'Internal Server Error' }));
    await expect(callApi(endpoint('GET', '/api/x'), { fetcher: empty })).rejects.toThrow('500: Internal Server Error');
  });
});
