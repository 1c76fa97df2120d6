import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, handle } from './handle';
import { HttpError } from './request';
import { StoreUnavailableError } from './store';
import { PaymentsUnconfiguredError, Stripe } from '../payments/stripe-client';

afterEach(() => vi.restoreAllMocks());

describe('errorResponse', () => {
  it('maps each failure to an answer without internal text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const cases: [unknown, number, string][] = [
      [new HttpError(409, 'Full'), 409, 'Full'],
      [new StoreUnavailableError(new Error('ECONNREFUSED 10.0.0.1')), 503, 'The service is temporarily unavailable. Please try again in a few minutes.'],
      [new Stripe.errors.StripeConnectionError({ message: 'connect ECONNREFUSED' }), 502, 'Payment service is unavailable. Please try again in a few minutes.'],
      [new PaymentsUnconfiguredError(), 503, 'Online payments are not available right now. Please call us to complete your purchase.'],
      [new Error('secret internal detail'), 500, 'Something went wrong. Please try again.'],
    ];
    for (const [error, status, message] of cases) {
      const response = errorResponse(error);
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ error: message });
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('handle', () => {
  it('refuses other methods with 405 and Allow', async () => {
    const handler = handle(['POST'], async () => new Response('ok'));
    const response = await handler(new Request('http://localhost/', { method: 'GET' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('handle options', () => {
  it('answers HEAD with the GET answer without its body, where HEAD is listed', async () => {
    const seen: string[] = [];
    const handler = handle(['GET', 'HEAD'], async (request) => {
      seen.push(request.method);
      return new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const response = await handler(new Request('http://localhost/', { method: 'HEAD' }));
    expect(response.status).toBe(200);
    expect(seen).toEqual(['GET']);
    expect(await response.text()).toBe('');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await handle(['GET'], async () => new Response('x'))(new Request('http://localhost/', { method: 'HEAD' }))).status).toBe(405);
  });

  it('sets its headers on answers and errors alike, and answers what the guard throws', async () => {
    const headers = { 'Cache-Control': 'no-store', Vary: 'Cookie' };
    const ok = await handle(['GET'], async () => new Response('x'), { headers })(new Request('http://localhost/'));
    expect(ok.headers.get('vary')).toBe('Cookie');
    const refused = await handle(['GET'], async () => new Response('never'), {
      headers,
      guard: () => {
        throw new HttpError(401, 'Authentication required');
      },
    })(new Request('http://localhost/'));
    expect(refused.status).toBe(401);
    expect(refused.headers.get('vary')).toBe('Cookie');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(await refused.json()).toEqual({ error: 'Authentication required' });
  });
});
