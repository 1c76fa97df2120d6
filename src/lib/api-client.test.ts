import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiDelete, apiGet, apiPost } from './api-client';

function fakeFetch(response: Response) {
  return vi.fn(async (_url: string, _init: RequestInit) => response);
}

describe('api client', () => {
  it('sends JSON with its content type only when there is a body, always with credentials', async () => {
    const fetcher = fakeFetch(new Response('{"checkoutUrl":"https://x"}', { status: 200 }));
    await expect(apiPost('/api/league-registration-multi', { a: 1 }, fetcher)).resolves.toEqual({ checkoutUrl: 'https://x' });
    expect(fetcher).toHaveBeenCalledWith('/api/league-registration-multi', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });

    const bare = fakeFetch(new Response(null, { status: 200 }));
    await expect(apiPost('/api/admin/auth/logout', undefined, bare)).resolves.toBeUndefined();
    expect(bare).toHaveBeenCalledWith('/api/admin/auth/logout', { method: 'POST', credentials: 'include' });
  });

  it('joins query key segments with slashes for reads', async () => {
    const fetcher = fakeFetch(new Response('{"customer":"cus_1"}'));
    await apiGet(['/api/checkout-session', 'cs_test_1'], fetcher);
    expect(fetcher.mock.calls[0]?.[0]).toBe('/api/checkout-session/cs_test_1');
  });

  it('raises "<status>: <body>" on a non-OK answer, or the status text when the body is empty', async () => {
    const withBody = fakeFetch(new Response('{"error":"Nope"}', { status: 404, statusText: 'Not Found' }));
    const error = await apiDelete('/api/x', withBody).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: {"error":"Nope"}');
    expect((error as ApiError).serverMessage).toBe('Nope');

    const empty = fakeFetch(new Response(null, { status: 500, statusText: 'Internal Server Error' }));
    await expect(apiGet(['/api/x'], empty)).rejects.toThrow('500: Internal Server Error');
  });
});
