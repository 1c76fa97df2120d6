// What tests (and the hosted pages' buttons) do to the account besides the API: complete, expire or
// settle a checkout, move a subscription on, re-send an event, simulate an outage, move the clock.
// As methods of the emulator, and over HTTP without a key:
//   POST /__emulator/sessions/{id}/complete         email=…[&payment=delayed]  (what the Pay/Subscribe button does)
//   POST /__emulator/sessions/{id}/expire            checkout.session.expired
//   POST /__emulator/sessions/{id}/async_payment_succeeded | async_payment_failed
//   POST /__emulator/subscriptions/{id}/end_period   renews, or ends a subscription set to cancel at period end
//   POST /__emulator/subscriptions/{id}/status       status=past_due|active|unpaid|canceled
//   POST /__emulator/events/{id}/resend              delivers an event again (duplicate webhook)
//   POST /__emulator/outage                          enabled=true|false: every /v1 call answers 500
//   GET  /__emulator/events                          events and webhook deliveries
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EmulatorCore } from './core';
import { StripeApiError } from './errors';
import { readBody, send } from './http';
import { SUBSCRIPTION_STATUSES, type EventObject, type SubscriptionStatus } from './objects';
import { successRedirect } from './pages';
import type { WebhookDelivery } from './state';
import type { WebhookSender } from './webhooks';

export interface EmulatorControls {
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
}

export function createControls(core: EmulatorCore, sender: WebhookSender): EmulatorControls {
  /** A change to the account whose events are delivered before the promise resolves. */
  const publishing =
    <A extends unknown[]>(change: (...args: A) => EventObject[]) =>
    async (...args: A): Promise<EventObject[]> => {
      const events = change(...args);
      await core.publish(events);
      return events;
    };

  return {
    async completeCheckout(sessionId, options) {
      const session = core.checkout.getSession(sessionId);
      const events = core.checkout.completeSession(sessionId, options);
      await core.publish(events);
      return { successUrl: successRedirect(session), events };
    },
    expireCheckout: publishing((sessionId: string) => core.checkout.expireSession(sessionId)),
    settleAsyncPayment: publishing((sessionId: string, outcome: 'succeeded' | 'failed') => core.checkout.settleAsyncPayment(sessionId, outcome)),
    endSubscriptionPeriod: publishing((subscriptionId: string) => core.subscriptions.endPeriod(subscriptionId)),
    setSubscriptionStatus: publishing((subscriptionId: string, status: SubscriptionStatus) => core.subscriptions.setSubscriptionStatus(subscriptionId, status)),
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
}

/** Answers with what `work` resolves to as JSON, or with the Stripe error it throws. */
async function answerJson(response: ServerResponse, work: () => Promise<unknown>): Promise<void> {
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

/** One request to /__emulator/…: the controls over HTTP. */
export async function handleControlRequest(core: EmulatorCore, controls: EmulatorControls, request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
  const method = (request.method ?? 'GET').toUpperCase();
  const form = method === 'POST' ? new URLSearchParams(await readBody(request)) : url.searchParams;
  const parts = url.pathname.split('/').filter(Boolean).slice(1); // after "__emulator"
  const [collection, id = '', action] = parts;
  if (method === 'GET' && collection === 'events' && parts.length === 1) {
    return answerJson(response, async () => ({ events: core.state.events, deliveries: core.state.deliveries }));
  }
  if (method === 'GET' && collection === 'health') return answerJson(response, async () => ({ ok: true }));
  if (method === 'POST' && collection === 'outage') {
    return answerJson(response, async () => {
      controls.setOutage(form.get('enabled') !== 'false');
      return { outage: core.state.outage };
    });
  }
  if (method === 'POST' && collection === 'sessions') {
    if (action === 'complete') {
      const payment = form.get('payment') === 'delayed' ? 'delayed' : 'paid';
      return answerJson(response, () => controls.completeCheckout(id, { email: form.get('email') ?? '', payment, ...(form.get('name') ? { name: form.get('name') as string } : {}) }));
    }
    if (action === 'expire') return answerJson(response, async () => ({ events: await controls.expireCheckout(id) }));
    if (action === 'async_payment_succeeded') return answerJson(response, async () => ({ events: await controls.settleAsyncPayment(id, 'succeeded') }));
    if (action === 'async_payment_failed') return answerJson(response, async () => ({ events: await controls.settleAsyncPayment(id, 'failed') }));
  }
  if (method === 'POST' && collection === 'subscriptions') {
    if (action === 'end_period') return answerJson(response, async () => ({ events: await controls.endSubscriptionPeriod(id) }));
    if (action === 'status') {
      const status = form.get('status') as SubscriptionStatus | null;
      if (!status || !(SUBSCRIPTION_STATUSES as readonly string[]).includes(status)) {
        return answerJson(response, async () => {
          throw new StripeApiError(400, `status must be one of ${SUBSCRIPTION_STATUSES.join(', ')}`, { param: 'status' });
        });
      }
      return answerJson(response, async () => ({ events: await controls.setSubscriptionStatus(id, status) }));
    }
  }
  if (method === 'POST' && collection === 'events' && action === 'resend') {
    return answerJson(response, async () => ({ delivery: await controls.resendEvent(id) }));
  }
  send(response, 404, JSON.stringify({ error: { type: 'invalid_request_error', message: `Unknown emulator helper ${method} ${url.pathname}` } }), { 'content-type': 'application/json' });
}
