// Local Stripe emulator: an HTTP server speaking the Stripe API calls the site makes (form-encoded
// requests, Stripe's object and error shapes, idempotency keys), serving the hosted Checkout page, the
// customer portal and its login page, and sending signed webhooks to the site. In-memory state; used by
// the local runtime when STRIPE_SECRET_KEY is unset and by the tests. Never deployed.
//
//   const emulator = await startStripeEmulator({ webhookUrl: 'http://localhost:8888/api/stripe-webhook' });
//   const stripe = new Stripe(emulator.secretKey, { host: '127.0.0.1', port: emulator.port, protocol: 'http' });
//
// Test helpers (HTTP, no key needed; also as methods below):
//   POST /__emulator/sessions/{id}/complete         email=…[&payment=delayed]  (what the Pay/Subscribe button does)
//   POST /__emulator/sessions/{id}/expire            checkout.session.expired
//   POST /__emulator/sessions/{id}/async_payment_succeeded | async_payment_failed
//   POST /__emulator/subscriptions/{id}/end_period   renews, or ends a subscription set to cancel at period end
//   POST /__emulator/subscriptions/{id}/status       status=past_due|active|unpaid|canceled
//   POST /__emulator/events/{id}/resend              delivers an event again (duplicate webhook)
//   POST /__emulator/outage                          enabled=true|false: every /v1 call answers 500
//   GET  /__emulator/events                          events and webhook deliveries
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { membershipCatalog } from '../../src/data/memberships';
import type { MembershipCatalog } from '../../src/domain/membership';
import { defaultSyncOptions, stripeClient, syncStripeCatalog } from '../stripe-setup';
import { handleApi } from './api';
import { API_VERSION, EmulatorCore, randomId, type EmulatorState, type WebhookDelivery } from './core';
import { StripeApiError } from './errors';
import type { EventObject, SubscriptionStatus } from './objects';
import { getCheckout, getPortal, getPortalLogin, postCheckout, postPortalAction, postPortalLogin, successRedirect, type PageResult } from './pages';
import { parseParams, Params } from './params';
import { WebhookSender } from './webhooks';

export type { EmulatorState, WebhookDelivery } from './core';
export { signatureHeader } from './webhooks';

export const DEFAULT_SECRET_KEY = 'sk_test_emulator_0000000000000000000000';
export const DEFAULT_WEBHOOK_SECRET = 'whsec_emulator_00000000000000000000000000';

export interface StripeEmulatorOptions {
  /** 0 or undefined: a free port. */
  port?: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
  /** Where signed events are POSTed (e.g. http://localhost:8888/api/stripe-webhook); none: events are only recorded. */
  webhookUrl?: string;
  webhookSecret?: string;
  secretKey?: string;
  /** Seed products, prices, the promotion coupon and the portal configuration (default true), with stripe:setup's code. */
  seedCatalog?: boolean;
  catalog?: MembershipCatalog;
  /** The site's public address, for the portal's default return link (defaults to the webhook URL's origin). */
  siteUrl?: string;
  /** Delays between webhook attempts in ms (default [250, 1000]: three attempts). */
  webhookRetryDelays?: number[];
  /** Called with one line when a webhook finally fails (default console.warn). */
  log?: (line: string) => void;
}

export interface StripeEmulator {
  /** e.g. http://127.0.0.1:41234 (also the STRIPE_API_BASE for stripe:setup). */
  url: string;
  port: number;
  host: string;
  secretKey: string;
  webhookSecret: string;
  /** The customer portal login link (STRIPE_PORTAL_LOGIN_URL): `${url}/portal-login`. */
  portalLoginUrl: string;
  /** Where events go; may be changed at any time (undefined: record only). */
  webhookUrl: string | undefined;
  /** The in-memory account: products, prices, customers, sessions, subscriptions, events, deliveries… */
  state: EmulatorState;
  /** Completes a checkout session as the hosted page's button does; resolves after the webhooks were answered. */
  completeCheckout(sessionId: string, options: { email: string; name?: string; payment?: 'paid' | 'delayed' }): Promise<{ successUrl: string | null; events: EventObject[] }>;
  expireCheckout(sessionId: string): Promise<EventObject[]>;
  settleAsyncPayment(sessionId: string, outcome: 'succeeded' | 'failed'): Promise<EventObject[]>;
  endSubscriptionPeriod(subscriptionId: string): Promise<EventObject[]>;
  setSubscriptionStatus(subscriptionId: string, status: SubscriptionStatus): Promise<EventObject[]>;
  /** Delivers an already sent event again (same id, new signature), like the Dashboard's "Resend". */
  resendEvent(eventId: string): Promise<WebhookDelivery | null>;
  /** While on, every /v1 call answers 500 api_error. */
  setOutage(enabled: boolean): void;
  /** Moves the emulator's clock forward (sessions expire, periods end relative to it). */
  advanceClock(seconds: number): void;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

interface IdempotentEntry {
  fingerprint: string;
  status: number;
  body: string;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new StripeApiError(413, 'Request body too large.'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

function maskKey(key: string): string {
  return key.length > 8 ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : '****';
}

export async function startStripeEmulator(options: StripeEmulatorOptions = {}): Promise<StripeEmulator> {
  const host = options.host ?? '127.0.0.1';
  const secretKey = options.secretKey ?? DEFAULT_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET;
  const log = options.log ?? ((line: string) => console.warn(line));
  let baseUrl = '';
  const core = new EmulatorCore(() => baseUrl);
  const idempotency = new Map<string, IdempotentEntry>();
  const emulator = { webhookUrl: options.webhookUrl } as { webhookUrl: string | undefined };
  const sender = new WebhookSender({
    url: () => emulator.webhookUrl,
    secret: webhookSecret,
    deliveries: core.state.deliveries,
    ...(options.webhookRetryDelays ? { retryDelays: options.webhookRetryDelays } : {}),
    log,
  });
  core.onEvents((events) => sender.send(events));

  function send(response: ServerResponse, status: number, body: string, headers: Record<string, string>): void {
    response.writeHead(status, { 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'no-store', ...headers });
    response.end(body);
  }

  function sendJson(response: ServerResponse, status: number, payload: unknown, requestId: string, extra: Record<string, string> = {}): void {
    send(response, status, JSON.stringify(payload, null, 2), { 'content-type': 'application/json', 'request-id': requestId, 'stripe-version': API_VERSION, ...extra });
  }

  function sendPage(response: ServerResponse, result: PageResult): void {
    if (result.redirect) {
      send(response, result.status, '', { location: result.redirect });
      return;
    }
    send(response, result.status, result.html ?? '', { 'content-type': 'text/html; charset=utf-8', 'x-robots-tag': 'noindex' });
  }

  async function handleV1(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const requestId = randomId('req_', 14);
    try {
      const auth = request.headers.authorization ?? '';
      let key = '';
      if (auth.startsWith('Bearer ')) key = auth.slice(7).trim();
      else if (auth.startsWith('Basic ')) key = Buffer.from(auth.slice(6), 'base64').toString('utf8').replace(/:.*$/, '');
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
        sendJson(response, error.status, error.body(requestId), requestId, error.status >= 500 ? { 'stripe-should-retry': 'false' } : {});
        return;
      }
      throw error;
    }
  }

  async function helperJson(response: ServerResponse, work: () => Promise<unknown>): Promise<void> {
    try {
      const payload = await work();
      send(response, 200, JSON.stringify(payload, null, 2), { 'content-type': 'application/json' });
    } catch (error) {
      if (error instanceof StripeApiError) {
        send(response, error.status, JSON.stringify(error.body('helper')), { 'content-type': 'application/json' });
        return;
      }
      throw error;
    }
  }

  const api: Omit<StripeEmulator, 'url' | 'port' | 'host' | 'secretKey' | 'webhookSecret' | 'portalLoginUrl' | 'webhookUrl' | 'state' | 'close'> = {
    async completeCheckout(sessionId, completeOptions) {
      const session = core.getSession(sessionId);
      const events = core.completeSession(sessionId, completeOptions);
      await core.publish(events);
      return { successUrl: successRedirect(session), events };
    },
    async expireCheckout(sessionId) {
      const events = core.expireSession(sessionId);
      await core.publish(events);
      return events;
    },
    async settleAsyncPayment(sessionId, outcome) {
      const events = core.settleAsyncPayment(sessionId, outcome);
      await core.publish(events);
      return events;
    },
    async endSubscriptionPeriod(subscriptionId) {
      const events = core.endPeriod(subscriptionId);
      await core.publish(events);
      return events;
    },
    async setSubscriptionStatus(subscriptionId, status) {
      const events = core.setSubscriptionStatus(subscriptionId, status);
      await core.publish(events);
      return events;
    },
    async resendEvent(eventId) {
      const event = core.state.events.find((candidate) => candidate.id === eventId);
      if (!event) throw new StripeApiError(404, `No such event: '${eventId}'`, { code: 'resource_missing' });
      return sender.deliver(event);
    },
    setOutage(enabled) {
      core.state.outage = enabled;
    },
    advanceClock(seconds) {
      core.state.clockOffset += seconds;
    },
  };

  async function handleHelper(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const method = (request.method ?? 'GET').toUpperCase();
    const form = method === 'POST' ? new URLSearchParams(await readBody(request)) : url.searchParams;
    const parts = url.pathname.split('/').filter(Boolean).slice(1); // after "__emulator"
    const [collection, id = '', action] = parts;
    if (method === 'GET' && collection === 'events' && parts.length === 1) {
      return helperJson(response, async () => ({ events: core.state.events, deliveries: core.state.deliveries }));
    }
    if (method === 'GET' && collection === 'health') return helperJson(response, async () => ({ ok: true }));
    if (method === 'POST' && collection === 'outage') {
      return helperJson(response, async () => {
        api.setOutage(form.get('enabled') !== 'false');
        return { outage: core.state.outage };
      });
    }
    if (method === 'POST' && collection === 'sessions') {
      if (action === 'complete') {
        const payment = form.get('payment') === 'delayed' ? 'delayed' : 'paid';
        return helperJson(response, () => api.completeCheckout(id, { email: form.get('email') ?? '', payment, ...(form.get('name') ? { name: form.get('name') as string } : {}) }));
      }
      if (action === 'expire') return helperJson(response, async () => ({ events: await api.expireCheckout(id) }));
      if (action === 'async_payment_succeeded') return helperJson(response, async () => ({ events: await api.settleAsyncPayment(id, 'succeeded') }));
      if (action === 'async_payment_failed') return helperJson(response, async () => ({ events: await api.settleAsyncPayment(id, 'failed') }));
    }
    if (method === 'POST' && collection === 'subscriptions') {
      if (action === 'end_period') return helperJson(response, async () => ({ events: await api.endSubscriptionPeriod(id) }));
      if (action === 'status') {
        const status = form.get('status') as SubscriptionStatus | null;
        const allowed: SubscriptionStatus[] = ['active', 'past_due', 'unpaid', 'canceled', 'paused', 'trialing', 'incomplete', 'incomplete_expired'];
        if (!status || !allowed.includes(status)) {
          return helperJson(response, async () => {
            throw new StripeApiError(400, `status must be one of ${allowed.join(', ')}`, { param: 'status' });
          });
        }
        return helperJson(response, async () => ({ events: await api.setSubscriptionStatus(id, status) }));
      }
    }
    if (method === 'POST' && collection === 'events' && action === 'resend') {
      return helperJson(response, async () => ({ delivery: await api.resendEvent(id) }));
    }
    send(response, 404, JSON.stringify({ error: { type: 'invalid_request_error', message: `Unknown emulator helper ${method} ${url.pathname}` } }), { 'content-type': 'application/json' });
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', baseUrl || 'http://localhost');
    const method = (request.method ?? 'GET').toUpperCase();
    if (url.pathname.startsWith('/v1/')) return handleV1(request, response, url);
    if (url.pathname.startsWith('/__emulator/')) return handleHelper(request, response, url);
    const segments = url.pathname.split('/').filter(Boolean);
    const form = async () => new URLSearchParams(method === 'POST' ? await readBody(request) : '');
    if (segments[0] === 'checkout' && segments.length === 2) {
      const id = segments[1] ?? '';
      if (method === 'GET') return sendPage(response, getCheckout(core, id));
      if (method === 'POST') return sendPage(response, await postCheckout(core, id, await form()));
    }
    if (segments[0] === 'portal' && segments[1]) {
      const id = segments[1];
      if (segments.length === 2 && method === 'GET') return sendPage(response, getPortal(core, id, url.searchParams.get('notice')));
      if (segments.length === 3 && method === 'POST' && (segments[2] === 'cancel' || segments[2] === 'renew')) {
        return sendPage(response, await postPortalAction(core, id, segments[2], await form()));
      }
    }
    if (segments[0] === 'portal-login' && segments.length === 1) {
      if (method === 'GET') return sendPage(response, getPortalLogin(core, url.searchParams));
      if (method === 'POST') return sendPage(response, postPortalLogin(core, await form()));
    }
    if (url.pathname === '/' && method === 'GET') {
      return send(response, 200, `Stripe emulator. API: ${baseUrl}/v1 — secret key and webhook secret are set by whoever started it.\n`, { 'content-type': 'text/plain; charset=utf-8' });
    }
    send(response, 404, 'Not found\n', { 'content-type': 'text/plain; charset=utf-8' });
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof StripeApiError && error.status === 413) {
        if (!response.headersSent) send(response, 413, JSON.stringify(error.body('req')), { 'content-type': 'application/json', connection: 'close' });
        return;
      }
      log(`stripe emulator: ${request.method} ${request.url} failed: ${error instanceof Error ? (error.stack ?? message) : message}`);
      if (!response.headersSent) {
        send(response, 500, JSON.stringify({ error: { type: 'api_error', message: `Stripe emulator internal error: ${message}` } }), { 'content-type': 'application/json' });
      } else response.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  baseUrl = `http://${urlHost}:${port}`;

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await sender.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  };

  try {
    if (options.seedCatalog ?? true) {
      const siteUrl = options.siteUrl ?? (options.webhookUrl ? new URL(options.webhookUrl).origin : null);
      await syncStripeCatalog(stripeClient(secretKey, new URL(baseUrl)), options.catalog ?? membershipCatalog, defaultSyncOptions(siteUrl));
    }
  } catch (error) {
    await close();
    throw error;
  }

  const result: StripeEmulator = {
    url: baseUrl,
    port,
    host,
    secretKey,
    webhookSecret,
    portalLoginUrl: core.portalLoginUrl(),
    get webhookUrl() {
      return emulator.webhookUrl;
    },
    set webhookUrl(value: string | undefined) {
      emulator.webhookUrl = value;
    },
    state: core.state,
    ...api,
    close,
  };
  return result;
}

/** A fresh random secret pair, for runs that should not share the defaults. */
export function randomSecrets(): { secretKey: string; webhookSecret: string } {
  return { secretKey: `sk_test_${randomBytes(18).toString('base64url')}`, webhookSecret: `whsec_${randomBytes(24).toString('base64url')}` };
}
