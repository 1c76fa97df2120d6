// Webhooks: unsigned, forged, tampered, stale and malformed signatures (refused, nothing recorded);
// replays of an event already processed (answered as duplicates, nothing changed); and correctly
// signed events the site has nothing to do for (answered 2xx, only their idempotency key recorded).
import { createHmac } from 'node:crypto';
import { signatureHeader } from '../../../dev/stripe-emulator/index';
import { methodCases, TOO_LARGE, type FuzzCase, type FuzzContext } from './case';

export interface WebhookContext extends FuzzContext {
  secret: string;
  /** The JSON of an event the site already processed (as the emulator sent it). */
  processedEvent: string;
  /** An open Checkout session paying a pending registration. */
  openSessionId: string;
  /** Its registration ids (metadata of the session). */
  openRegistrationIds: string;
}

const PATH = '/api/stripe-webhook';
const MISSING = 'Missing Stripe-Signature header.';
const INVALID = 'Invalid webhook signature.';
const INVALID_EVENT = 'Invalid webhook event.';

const now = () => Math.floor(Date.now() / 1000);

function webhook(body: string | Uint8Array, signature: string | null, extra: Record<string, string> = {}): FuzzCase['request'] {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', ...extra };
  if (signature !== null) headers['stripe-signature'] = signature;
  return { method: 'POST', path: PATH, headers, body };
}

let eventCounter = 0;

/** A checkout event about `sessionId` with a new id, as Stripe would send it. */
export function checkoutEvent(type: string, sessionObject: Record<string, unknown>, created = now()): Record<string, unknown> {
  eventCounter += 1;
  return { id: `evt_fuzz_${eventCounter}`, object: 'event', api_version: '2025-01-01', created, type, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object: sessionObject } };
}

export interface WebhookCases {
  cases: FuzzCase[];
  /** Ids of the correctly signed new events: their idempotency keys may be written. */
  legitimateEventIds: string[];
}

export function webhookCases(context: WebhookContext): WebhookCases {
  const cases: FuzzCase[] = [];
  const legitimateEventIds: string[] = [];
  const secret = context.secret;
  const sign = (payload: string, timestamp = now()) => signatureHeader(payload, secret, timestamp);
  const refused = (what: string, body: string | Uint8Array, signature: string | null, error = INVALID): FuzzCase => ({
    category: 'forged webhook',
    label: `POST ${PATH}: ${what}`,
    request: webhook(body, signature),
    expect: { status: [400], kind: 'error', error },
  });

  // A forged "paid" event for the open session: refused however the signature is wrong.
  const forged = JSON.stringify(
    checkoutEvent('checkout.session.completed', { id: context.openSessionId, object: 'checkout.session', mode: 'payment', status: 'complete', payment_status: 'paid', metadata: { kind: 'league', registrationIds: context.openRegistrationIds } }),
  );
  const t = now();
  const good = sign(forged, t);
  const v1 = good.split('v1=')[1]!;
  const hmac = (key: string, payload: string) => createHmac('sha256', key).update(payload, 'utf8').digest('hex');
  cases.push(refused('no signature', forged, null, MISSING));
  cases.push(refused('empty signature', forged, '', MISSING));
  for (const [what, header] of [
    ['garbage signature', 'garbage'],
    ['only t=', 't='],
    ['only v1=', 'v1='],
    ['timestamp only', `t=${t}`],
    ['signature without timestamp', `v1=${v1}`],
    ['timestamp not a number', `t=abc,v1=${v1}`],
    ['signed with another secret', `t=${t},v1=${hmac('whsec_another', `${t}.${forged}`)}`],
    ['signed with the secret without its whsec_ prefix', `t=${t},v1=${hmac(secret.replace(/^whsec_/, ''), `${t}.${forged}`)}`],
    ['signature of another timestamp', `t=${t + 1},v1=${v1}`],
    ['signed 10 minutes ago (outside the tolerance)', sign(forged, t - 600)],
    ['signed 30 days ago', sign(forged, t - 30 * 24 * 3600)],
    ['v0 scheme only', `t=${t},v0=${v1}`],
    ['upper-case signature', `t=${t},v1=${v1.toUpperCase()}`],
    ['signature of an empty body', sign('', t)],
    ['signature cut short', `t=${t},v1=${v1.slice(0, 32)}`],
    ['8 KB signature header', `t=${t},v1=${'a'.repeat(8 * 1024)}`],
    ['two wrong v1 values', `t=${t},v1=${'0'.repeat(64)},v1=${'f'.repeat(64)}`],
  ] as const) {
    cases.push(refused(what, forged, header));
  }
  // A correct signature over a body changed afterwards.
  for (const [what, body] of [
    ['type changed after signing', forged.replace('checkout.session.completed', 'checkout.session.expired')],
    ['session id changed after signing', forged.replace(context.openSessionId, `${context.openSessionId}x`)],
    ['space appended after signing', `${forged} `],
    ['space prepended after signing', ` ${forged}`],
    ['re-serialized after signing', JSON.stringify(JSON.parse(forged) as unknown, null, 2)],
    ['last byte cut after signing', forged.slice(0, -1)],
    ['one character changed after signing', forged.replace('"livemode":false', '"livemode":true')],
  ] as const) {
    cases.push(refused(what, body, good));
  }

  // Replays of an event already processed: acknowledged as duplicates, nothing changes.
  const processed = JSON.parse(context.processedEvent) as Record<string, unknown>;
  const duplicate = { received: true, duplicate: true };
  const replay = (what: string, payload: string): FuzzCase => ({
    category: 'replayed webhook',
    label: `POST ${PATH}: ${what}`,
    request: webhook(payload, sign(payload)),
    expect: { status: [200], kind: 'json', body: duplicate },
  });
  for (let copy = 1; copy <= 5; copy += 1) cases.push(replay(`processed event replayed (copy ${copy})`, context.processedEvent));
  cases.push(replay('processed event replayed, compact JSON', JSON.stringify(processed)));
  cases.push(replay('processed event replayed as checkout.session.expired', JSON.stringify({ ...processed, type: 'checkout.session.expired' })));
  cases.push(replay('processed event replayed as async_payment_failed', JSON.stringify({ ...processed, type: 'checkout.session.async_payment_failed' })));
  cases.push({ ...refused('processed event replayed with its signature 10 minutes old', context.processedEvent, sign(context.processedEvent, now() - 600)), category: 'replayed webhook' });

  // Correctly signed events with nothing to do: 2xx, recorded as done, no registration changes.
  const signedNew = (what: string, event: Record<string, unknown>): FuzzCase => {
    const payload = JSON.stringify(event);
    legitimateEventIds.push(String(event['id']));
    return { category: 'signed odd webhook', label: `POST ${PATH}: ${what}`, request: webhook(payload, sign(payload)), expect: { status: [200], kind: 'json', body: { received: true } } };
  };
  cases.push(signedNew('an event type the site does not handle', checkoutEvent('invoice.paid', { id: 'in_fuzz', object: 'invoice' })));
  cases.push(signedNew('checkout.session.completed for a session Stripe does not know', checkoutEvent('checkout.session.completed', { id: 'cs_test_fuzz_unknown', object: 'checkout.session' })));
  cases.push(signedNew('checkout.session.expired for a session still open', checkoutEvent('checkout.session.expired', { id: context.openSessionId, object: 'checkout.session' })));
  cases.push(signedNew('checkout.session.completed for a session still open', checkoutEvent('checkout.session.completed', { id: context.openSessionId, object: 'checkout.session' })));
  cases.push(signedNew('checkout.session.completed without a session id', checkoutEvent('checkout.session.completed', { object: 'checkout.session' })));
  cases.push(signedNew('checkout.session.completed with a malformed session id', checkoutEvent('checkout.session.completed', { id: '../../etc', object: 'checkout.session' })));
  cases.push(signedNew('created 30 days ago (late delivery)', checkoutEvent('checkout.session.expired', { id: context.openSessionId, object: 'checkout.session' }, now() - 30 * 24 * 3600)));

  // Correctly signed, but not an event at all: refused, nothing recorded.
  for (const payload of ['[]', 'null', '"text"', '42', '{}', '{"id":5,"type":"x","data":{"object":{}}}', '{"id":"evt_fuzz_no_type","data":{"object":{}}}', JSON.stringify({ ...checkoutEvent('checkout.session.completed', {}), data: { object: null } }), JSON.stringify({ ...checkoutEvent('invoice.paid', {}), data: null }), JSON.stringify({ ...checkoutEvent('invoice.paid', {}), id: `evt_${'x'.repeat(300)}` })]) {
    cases.push({ category: 'signed odd webhook', label: `POST ${PATH}: signed ${payload.slice(0, 60)}`, request: webhook(payload, sign(payload)), expect: { status: [400], kind: 'error', error: INVALID_EVENT } });
  }
  cases.push({ category: 'signed odd webhook', label: `POST ${PATH}: signed, not JSON`, request: webhook('not json', sign('not json')), expect: { status: [400], kind: 'error' } });

  const huge = `{"pad":"${'x'.repeat(1024 * 1024)}"}`;
  cases.push({ category: 'oversized body', label: `POST ${PATH}: 1 MB signed`, request: webhook(huge, sign(huge)), expect: { status: [413], kind: 'error', error: TOO_LARGE } });
  cases.push(...methodCases(PATH, PATH, ['POST']));
  return { cases, legitimateEventIds };
}
