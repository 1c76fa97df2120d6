// Local Stripe emulator: an HTTP server speaking the Stripe API calls the site makes (form-encoded
// requests, Stripe's object and error shapes, idempotency keys), serving the hosted Checkout page, the
// customer portal and its login page, and sending signed webhooks to the site. In-memory state; used by
// the local runtime when STRIPE_SECRET_KEY is unset and by the tests. Never deployed.
//
//   const emulator = await startStripeEmulator({ webhookUrl: 'http://localhost:8888/api/stripe-webhook' });
//   const stripe = new Stripe(emulator.secretKey, { host: '127.0.0.1', port: emulator.port, protocol: 'http' });
//
// The parts: the account and its operations (core and the modules it names), the /v1 routes (api) and
// their HTTP side (api-endpoint), the hosted pages (pages), webhook delivery (webhooks) and the test
// controls, also over HTTP under /__emulator/ (controls).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { membershipCatalog } from '../../src/features/memberships/catalogue';
import type { MembershipCatalog } from '../../src/features/memberships/rules/membership';
import { closeServer, listen, serverUrl } from '../http-server';
import { defaultSyncOptions, stripeClient, syncStripeCatalog } from '../stripe-setup';
import { createApiEndpoint } from './api-endpoint';
import { createControls, handleControlRequest, type EmulatorControls } from './controls';
import { EmulatorCore } from './core';
import { StripeApiError } from './errors';
import { readBody, send, sendPage } from './http';
import { getCheckout, getPortal, getPortalLogin, postCheckout, postPortalAction, postPortalLogin, type PageResult } from './pages';
import type { EmulatorState } from './state';
import { WebhookSender } from './webhooks';

export type { EmulatorState, WebhookDelivery } from './state';
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

export interface StripeEmulator extends EmulatorControls {
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
  close(): Promise<void>;
}

/** The browser pages: hosted Checkout, the customer portal and its login page. */
async function routePage(core: EmulatorCore, request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
  const method = (request.method ?? 'GET').toUpperCase();
  const segments = url.pathname.split('/').filter(Boolean);
  const form = async () => new URLSearchParams(method === 'POST' ? await readBody(request) : '');
  if (segments[0] === 'checkout' && segments.length === 2) {
    const id = segments[1] ?? '';
    if (method === 'GET') return answerPage(response, getCheckout(core, id));
    if (method === 'POST') return answerPage(response, await postCheckout(core, id, await form()));
  }
  if (segments[0] === 'portal' && segments[1]) {
    const id = segments[1];
    if (segments.length === 2 && method === 'GET') return answerPage(response, getPortal(core, id, url.searchParams.get('notice')));
    if (segments.length === 3 && method === 'POST' && (segments[2] === 'cancel' || segments[2] === 'renew')) {
      return answerPage(response, await postPortalAction(core, id, segments[2], await form()));
    }
  }
  if (segments[0] === 'portal-login' && segments.length === 1) {
    if (method === 'GET') return answerPage(response, getPortalLogin(core, url.searchParams));
    if (method === 'POST') return answerPage(response, postPortalLogin(core, await form()));
  }
  return false;
}

function answerPage(response: ServerResponse, result: PageResult): true {
  sendPage(response, result);
  return true;
}

export async function startStripeEmulator(options: StripeEmulatorOptions = {}): Promise<StripeEmulator> {
  const host = options.host ?? '127.0.0.1';
  const secretKey = options.secretKey ?? DEFAULT_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET;
  const log = options.log ?? ((line: string) => console.warn(line));
  let baseUrl = '';
  const core = new EmulatorCore(() => baseUrl);
  const emulator = { webhookUrl: options.webhookUrl } as { webhookUrl: string | undefined };
  const sender = new WebhookSender({
    url: () => emulator.webhookUrl,
    secret: webhookSecret,
    deliveries: core.state.deliveries,
    ...(options.webhookRetryDelays ? { retryDelays: options.webhookRetryDelays } : {}),
    log,
  });
  core.onEvents((events) => sender.send(events));
  const controls = createControls(core, sender);
  const handleApiRequest = createApiEndpoint(core, secretKey);

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', baseUrl || 'http://localhost');
    if (url.pathname.startsWith('/v1/')) return handleApiRequest(request, response, url);
    if (url.pathname.startsWith('/__emulator/')) return handleControlRequest(core, controls, request, response, url);
    if (await routePage(core, request, response, url)) return;
    if (url.pathname === '/' && (request.method ?? 'GET').toUpperCase() === 'GET') {
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
  const port = await listen(server, options.port ?? 0, host);
  baseUrl = serverUrl(host, port);

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await sender.close();
    await closeServer(server);
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

  return {
    url: baseUrl,
    port,
    host,
    secretKey,
    webhookSecret,
    portalLoginUrl: core.portal.portalLoginUrl(),
    get webhookUrl() {
      return emulator.webhookUrl;
    },
    set webhookUrl(value: string | undefined) {
      emulator.webhookUrl = value;
    },
    state: core.state,
    ...controls,
    close,
  };
}

/** A fresh random secret pair, for runs that should not share the defaults. */
export function randomSecrets(): { secretKey: string; webhookSecret: string } {
  return { secretKey: `sk_test_${randomBytes(18).toString('base64url')}`, webhookSecret: `whsec_${randomBytes(24).toString('base64url')}` };
}
