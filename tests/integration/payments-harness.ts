// A Stripe emulator per test file, wired to the handlers: the env the functions read points at it,
// and its signed webhooks are delivered over HTTP to the real /api/stripe-webhook handler.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startStripeEmulator, type StripeEmulator } from '../../dev/stripe-emulator/index';
import stripeWebhook from '../../netlify/functions/stripe-webhook';
import { closedPort } from './api-helpers';

export interface PaymentsHarness {
  emulator: StripeEmulator;
  /** An SDK client on the emulator, for arranging and checking state. */
  stripe: Stripe;
  webhookUrl: string;
  /** Statuses the webhook handler answered, in order. */
  webhookAnswers: number[];
  useEnv(): void;
  close(): Promise<void>;
}

const STRIPE_ENV = ['STRIPE_SECRET_KEY', 'STRIPE_API_BASE', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PORTAL_LOGIN_URL'] as const;

async function startWebhookReceiver(answers: number[]): Promise<{ server: Server; url: string }> {
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(name, value);
      const request = new Request(`http://localhost${incoming.url ?? '/'}`, { method: incoming.method ?? 'POST', headers, body: Buffer.concat(chunks) });
      const response = await stripeWebhook(request);
      answers.push(response.status);
      outgoing.writeHead(response.status, { 'content-type': 'application/json' });
      outgoing.end(await response.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe-webhook` };
}

export async function startPaymentsHarness(): Promise<PaymentsHarness> {
  const webhookAnswers: number[] = [];
  const receiver = await startWebhookReceiver(webhookAnswers);
  const emulator = await startStripeEmulator({ webhookUrl: receiver.url, webhookRetryDelays: [], log: () => undefined });
  const stripe = new Stripe(emulator.secretKey, { host: emulator.host, port: emulator.port, protocol: 'http', maxNetworkRetries: 0 });
  const saved = Object.fromEntries(STRIPE_ENV.map((key) => [key, process.env[key]]));
  const harness: PaymentsHarness = {
    emulator,
    stripe,
    webhookUrl: receiver.url,
    webhookAnswers,
    useEnv() {
      process.env['STRIPE_SECRET_KEY'] = emulator.secretKey;
      process.env['STRIPE_API_BASE'] = emulator.url;
      process.env['STRIPE_WEBHOOK_SECRET'] = emulator.webhookSecret;
      process.env['STRIPE_PORTAL_LOGIN_URL'] = emulator.portalLoginUrl;
    },
    async close() {
      await emulator.close();
      await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
      for (const key of STRIPE_ENV) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    },
  };
  harness.useEnv();
  return harness;
}

/** Points the functions' Stripe client at a port nothing listens on (Stripe unreachable). */
export async function useDeadStripe(): Promise<void> {
  process.env['STRIPE_API_BASE'] = `http://127.0.0.1:${await closedPort()}`;
}

/** A Stripe-signed webhook request for any payload (as Stripe would send it). */
export function signedWebhook(payload: unknown, secret: string): Request {
  const body = JSON.stringify(payload);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
  return new Request('http://localhost/api/stripe-webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  });
}

let eventCounter = 0;

/** A minimal event of `type` about a checkout session (fields the handler reads). */
export function checkoutEvent(type: string, sessionId: string): Record<string, unknown> {
  eventCounter += 1;
  return {
    id: `evt_test_${Date.now()}_${eventCounter}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { id: sessionId, object: 'checkout.session' } },
  };
}
