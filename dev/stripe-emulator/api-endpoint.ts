// The /v1 API over HTTP: the secret key (Bearer or Basic auth), the outage switch, form-encoded bodies,
// idempotency keys (a repeated key replays the first answer; the same key with other parameters is
// refused), and Stripe's error answers and headers. The routes themselves are api.ts's.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleApi } from './api';
import { API_VERSION, type EmulatorCore } from './core';
import { StripeApiError } from './errors';
import { readBody, send } from './http';
import { parseParams, Params } from './params';
import { randomId } from './state';

interface IdempotentEntry {
  fingerprint: string;
  status: number;
  body: string;
}

function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

function maskKey(key: string): string {
  return key.length > 8 ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : '****';
}

/** The key a request authenticates with, from `Authorization: Bearer …` or Basic auth's user name. */
function apiKey(request: IncomingMessage): string {
  const auth = request.headers.authorization ?? '';
  if (auth.startsWith('Bearer ')) return auth.slice(7).trim();
  if (auth.startsWith('Basic ')) return Buffer.from(auth.slice(6), 'base64').toString('utf8').replace(/:.*$/, '');
  return '';
}

export type ApiEndpoint = (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<void>;

export function createApiEndpoint(core: EmulatorCore, secretKey: string): ApiEndpoint {
  const idempotency = new Map<string, IdempotentEntry>();

  return async (request, response, url) => {
    const requestId = randomId('req_', 14);
    try {
      const key = apiKey(request);
      if (!key) {
        throw new StripeApiError(401, 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').');
      }
      if (!safeEqual(key, secretKey)) throw new StripeApiError(401, `Invalid API Key provided: ${maskKey(key)}`, { code: 'api_key_invalid' });
      if (core.state.outage) {
        throw new StripeApiError(500, 'An unknown error occurred (the Stripe emulator is simulating an outage).', { type: 'api_error' });
      }
      const method = (request.method ?? 'GET').toUpperCase();
      const body = method === 'POST' ? await readBody(request) : '';
      if (method === 'POST' && body && !(request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
        throw new StripeApiError(400, 'Invalid request: Stripe expects an application/x-www-form-urlencoded body.');
      }
      const encoded = method === 'POST' ? body : url.search.slice(1);
      const idempotencyKey = method === 'POST' ? (request.headers['idempotency-key'] as string | undefined) ?? null : null;
      const fingerprint = `${method} ${url.pathname} ${encoded}`;
      if (idempotencyKey) {
        const previous = idempotency.get(idempotencyKey);
        if (previous) {
          if (previous.fingerprint !== fingerprint) {
            throw new StripeApiError(
              400,
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              { type: 'idempotency_error' },
            );
          }
          send(response, previous.status, previous.body, { 'content-type': 'application/json', 'request-id': requestId, 'idempotent-replayed': 'true', 'idempotency-key': idempotencyKey });
          return;
        }
      }
      const params = new Params(parseParams(encoded));
      const result = handleApi(core, { method, path: url.pathname, params, request: { id: requestId, idempotencyKey } });
      const json = JSON.stringify(result.body, null, 2);
      if (idempotencyKey) idempotency.set(idempotencyKey, { fingerprint, status: result.status, body: json });
      send(response, result.status, json, { 'content-type': 'application/json', 'request-id': requestId, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) });
      void core.publish(result.events);
    } catch (error) {
      if (error instanceof StripeApiError) {
        const retry: Record<string, string> = error.status >= 500 ? { 'stripe-should-retry': 'false' } : {};
        send(response, error.status, JSON.stringify(error.body(requestId), null, 2), { 'content-type': 'application/json', 'request-id': requestId, 'stripe-version': API_VERSION, ...retry });
        return;
      }
      throw error;
    }
  };
}
