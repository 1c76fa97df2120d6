// Shared by the Stripe emulator's integration tests: a webhook receiver that verifies each signature
// with the stripe SDK, an SDK client on the emulator, a browser-like form submit for the hosted pages,
// and an emulator sending its webhooks to a fresh receiver.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { randomSecrets, startStripeEmulator, type StripeEmulator } from '../../dev/stripe-emulator';

export interface Receiver {
  url: string;
  events: Stripe.Event[];
  rejected: string[];
  /** Status the receiver answers (tests flip it to simulate a failing site). */
  status: number;
  close(): Promise<void>;
}

async function startReceiver(secret: () => string): Promise<Receiver> {
  const receiver = { events: [] as Stripe.Event[], rejected: [] as string[], status: 200 } as Receiver;
  const verifier = new Stripe('sk_test_unused');
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      try {
        receiver.events.push(verifier.webhooks.constructEvent(raw, String(request.headers['stripe-signature']), secret()));
      } catch (error) {
        receiver.rejected.push(error instanceof Error ? error.message : String(error));
        response.writeHead(400).end();
        return;
      }
      response.writeHead(receiver.status, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe-webhook`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}

export function sdk(emulator: StripeEmulator, key = emulator.secretKey): Stripe {
  return new Stripe(key, { host: '127.0.0.1', port: emulator.port, protocol: 'http', maxNetworkRetries: 0, telemetry: false });
}

/** Submits the first form of an emulator page like a browser would (fields + overrides), without following redirects. */
export async function submitForm(pageUrl: string, html: string, fields: Record<string, string> = {}, formIndex = 0): Promise<Response> {
  const forms = [...html.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)];
  const form = forms[formIndex];
  if (!form) throw new Error(`no form #${formIndex} in page`);
  const body = new URLSearchParams();
  for (const input of (form[2] ?? '').matchAll(/<input [^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) body.set(input[1] ?? '', (input[2] ?? '').replace(/&amp;/g, '&').replace(/&#39;/g, "'"));
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return fetch(new URL(form[1] ?? '', pageUrl), { method: 'POST', body, redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

export const uniqueEmail = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}@example.com`;

export interface EmulatorWithReceiver {
  emulator: StripeEmulator;
  receiver: Receiver;
  stripe: Stripe;
}

/**
 * One emulator for the describe block, with random secrets, sending its webhooks to a new receiver
 * (retries 20 ms apart, no log), handed to `started`; before each test the receiver has received
 * nothing and answers 200.
 */
export function useEmulatorWithReceiver(started: (run: EmulatorWithReceiver) => void): void {
  let run: EmulatorWithReceiver | undefined;
  beforeAll(async () => {
    const secrets = randomSecrets();
    const receiver = await startReceiver(() => secrets.webhookSecret);
    const emulator = await startStripeEmulator({ ...secrets, webhookUrl: receiver.url, webhookRetryDelays: [20, 20], log: () => undefined });
    run = { emulator, receiver, stripe: sdk(emulator) };
    started(run);
  });
  afterAll(async () => {
    await run?.emulator.close();
    await run?.receiver.close();
  });
  beforeEach(() => {
    if (!run) return;
    run.receiver.events.length = 0;
    run.receiver.rejected.length = 0;
    run.receiver.status = 200;
  });
}
