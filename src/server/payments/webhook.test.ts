import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../request';
import { INVALID_EVENT_MESSAGE, isWellFormedEvent, registrationIds, statusFromSession, verifyEvent } from './webhook';

describe('statusFromSession', () => {
  it('reads the status from the session as it is now', () => {
    expect(statusFromSession({ status: 'complete', payment_status: 'paid' }, 'checkout.session.expired')).toBe('completed');
    expect(statusFromSession({ status: 'complete', payment_status: 'unpaid' }, 'checkout.session.completed')).toBe('pending');
    expect(statusFromSession({ status: 'complete', payment_status: 'unpaid' }, 'checkout.session.async_payment_failed')).toBe('failed');
    expect(statusFromSession({ status: 'expired', payment_status: 'unpaid' }, 'checkout.session.completed')).toBe('expired');
    expect(statusFromSession({ status: 'open', payment_status: 'unpaid' }, 'checkout.session.completed')).toBeNull();
  });
});

describe('registrationIds', () => {
  it('keeps only well-formed ids', () => {
    expect(registrationIds({ metadata: { registrationIds: 'a-1, b-2,,bad id,c;3' } })).toEqual(['a-1', 'b-2']);
    expect(registrationIds({ metadata: null })).toEqual([]);
  });
});

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
