import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../server/request';
import { INVALID_EVENT_MESSAGE, isWellFormedEvent, verifyEvent } from './webhook';

describe('isWellFormedEvent', () => {
  const event = { id: 'evt_1', object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_1' } } };

  it('accepts an event with an id, a type and a data object', () => {
    expect(isWellFormedEvent(event)).toBe(true);
  });

  it('refuses what is not an event, whoever signed it', () => {
    for (const value of [null, [], 'evt', 42, {}, { ...event, id: 5 }, { ...event, id: '' }, { ...event, id: `evt_${'x'.repeat(300)}` }, { ...event, type: undefined }, { ...event, data: null }, { ...event, data: { object: null } }, { ...event, data: {} }]) {
      expect(isWellFormedEvent(value), JSON.stringify(value)).toBe(false);
    }
  });
});

describe('verifyEvent', () => {
  const secret = 'whsec_unit_test_secret';
  const signed = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret });
  const env = { STRIPE_WEBHOOK_SECRET: secret } as NodeJS.ProcessEnv;

  it('answers 400 for a correctly signed payload that is not an event (instead of failing later with a 500)', () => {
    for (const payload of ['null', '[]', '{}', '{"id":"evt_1","type":"x","data":{"object":null}}']) {
      let thrown: unknown;
      try {
        verifyEvent(payload, signed(payload), env);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, payload).toBeInstanceOf(HttpError);
      expect([(thrown as HttpError).status, (thrown as HttpError).message]).toEqual([400, INVALID_EVENT_MESSAGE]);
    }
  });

  it('returns a correctly signed event', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid', data: { object: {} } });
    expect(verifyEvent(payload, signed(payload), env).id).toBe('evt_1');
  });
});
