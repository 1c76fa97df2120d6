// Signed webhook delivery, as Stripe does it: JSON body, `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256
// of "t.body" keyed with the endpoint secret>`, retried on failure. Events go out one at a time in the
// order they happened.
import { createHmac } from 'node:crypto';
import type { WebhookDelivery } from './state';
import type { EventObject } from './objects';

export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export interface WebhookSenderOptions {
  url: () => string | undefined;
  secret: string;
  deliveries: WebhookDelivery[];
  /** Delays between attempts (ms); the number of entries + 1 is the number of attempts. */
  retryDelays?: number[];
  timeoutMs?: number;
  log?: (line: string) => void;
}

export class WebhookSender {
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly abort = new AbortController();

  constructor(private readonly options: WebhookSenderOptions) {}

  /** Queues the events; resolves when they are delivered (2xx) or every attempt has failed. */
  send(events: EventObject[]): Promise<void> {
    const run = this.queue.then(async () => {
      for (const event of events) await this.deliver(event);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Sends one event now (also used to re-send an already delivered event, as Stripe's "Resend" does). */
  async deliver(event: EventObject): Promise<WebhookDelivery | null> {
    const url = this.options.url();
    if (!url || this.closed) {
      event.pending_webhooks = 0;
      return null;
    }
    const payload = JSON.stringify(event, null, 2);
    const delivery: WebhookDelivery = { eventId: event.id, type: event.type, url, attempts: 0, status: null, ok: false, error: null };
    this.options.deliveries.push(delivery);
    const delays = this.options.retryDelays ?? [250, 1000];
    for (let attempt = 0; attempt <= delays.length && !this.closed; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, delays[attempt - 1]));
      delivery.attempts += 1;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': signatureHeader(payload, this.options.secret),
          },
          body: payload,
          signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(this.options.timeoutMs ?? 10_000)]),
        });
        delivery.status = response.status;
        await response.arrayBuffer().catch(() => undefined);
        if (response.ok) {
          delivery.ok = true;
          delivery.error = null;
          event.pending_webhooks = 0;
          return delivery;
        }
        delivery.error = `HTTP ${response.status}`;
      } catch (error) {
        delivery.status = null;
        delivery.error = error instanceof Error ? error.message : String(error);
      }
    }
    this.options.log?.(`stripe emulator: webhook ${event.type} (${event.id}) to ${url} failed: ${delivery.error ?? 'closed'}`);
    return delivery;
  }

  /** Waits for queued deliveries (bounded), then refuses new ones. */
  async close(waitMs = 2_000): Promise<void> {
    await Promise.race([this.queue, new Promise((resolve) => setTimeout(resolve, waitMs).unref())]);
    this.closed = true;
    this.abort.abort();
  }
}
